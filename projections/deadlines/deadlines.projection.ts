/**
 * The deadlines read model: every pending time-based transition, derived from events (deadline-rules.ts), so the
 * scheduler (services/scheduler) survives restarts and a rebuild from the log restores it exactly.
 */
import type pg from 'pg';
import { afterSaleEventTypes } from '../../domain/after-sale/after-sale.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';
import { CHECKOUT_TYPES, COLLAGE_TYPES, deadlineChanges, entityIdOf, ORDER_TYPES, PAYMENT_TYPES } from './deadline-rules';

export const deadlinesProjection: Projection = {
  name: 'deadlines',
  version: 4,
  handles: [...new Set([...ORDER_TYPES, ...COLLAGE_TYPES, ...PAYMENT_TYPES, ...CHECKOUT_TYPES, ...afterSaleEventTypes])],
  tables: ['deadlines'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table if not exists ${schema}.deadlines (
        kind text not null,
        stream_id text not null,
        entity_id bigint not null,
        due_at timestamptz not null,
        due_text text not null,
        set_at timestamptz not null,
        primary key (kind, stream_id)
      )`);
    await tx.query(`create index if not exists deadlines_due on ${schema}.deadlines (due_at)`);
  },
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    for (const change of deadlineChanges(event)) {
      if (change.op === 'clear') {
        await tx.query(`delete from ${schema}.deadlines where kind = $1 and stream_id = $2`, [change.kind, event.streamId]);
        continue;
      }
      await tx.query(
        `insert into ${schema}.deadlines (kind, stream_id, entity_id, due_at, due_text, set_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (kind, stream_id) do update
           set due_at = excluded.due_at, due_text = excluded.due_text, set_at = excluded.set_at`,
        [change.kind, event.streamId, entityIdOf(event.streamId), change.dueText, change.dueText, event.metadata.occurredAt],
      );
    }
  },
};
