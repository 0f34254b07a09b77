/**
 * The deadlines read model: every pending time-based transition, derived from events (deadline-rules.ts), so the
 * scheduler (services/scheduler) survives restarts and a rebuild from the log restores it exactly.
 */
import type pg from 'pg';
import { afterSaleEventTypes } from '../../domain/after-sale/after-sale.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';
import { lastByKey } from '../set-based';
import { CHECKOUT_TYPES, COLLAGE_TYPES, deadlineChanges, entityIdOf, ORDER_TYPES, PAYMENT_TYPES } from './deadline-rules';

export const deadlinesProjection: Projection = {
  name: 'deadlines',
  version: 5,
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
  apply: (tx, event, schema) => applyDeadlines(tx, [event], schema),
  applyBatch: applyDeadlines,
};

/**
 * A batch in two statements. Each (kind, stream) ends as its last change left it: cleared (deleted) or set (the last
 * set's due time and time of setting); the two statements touch disjoint keys, so their order does not matter.
 */
async function applyDeadlines(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  const changes = lastByKey(events.flatMap((event) => deadlineChanges(event).map((change) => ({ change, event }))),
    ({ change, event }) => `${change.kind}\n${event.streamId}`);
  const cleared = changes.filter(({ change }) => change.op === 'clear');
  const set = changes.flatMap(({ change, event }) => (change.op === 'set' ? [{ kind: change.kind, dueText: change.dueText, event }] : []));
  if (cleared.length > 0) {
    await tx.query(
      `delete from ${schema}.deadlines d using unnest($1::text[], $2::text[]) as x(kind, stream_id)
       where d.kind = x.kind and d.stream_id = x.stream_id`,
      [cleared.map(({ change }) => change.kind), cleared.map(({ event }) => event.streamId)]);
  }
  if (set.length > 0) {
    await tx.query(
      `insert into ${schema}.deadlines (kind, stream_id, entity_id, due_at, due_text, set_at)
       select x.kind, x.stream_id, x.entity_id, x.due_text::timestamptz, x.due_text, x.set_at
       from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[]) as x(kind, stream_id, entity_id, due_text, set_at)
       on conflict (kind, stream_id) do update
         set due_at = excluded.due_at, due_text = excluded.due_text, set_at = excluded.set_at`,
      [set.map((d) => d.kind), set.map((d) => d.event.streamId), set.map((d) => entityIdOf(d.event.streamId)),
        set.map((d) => d.dueText), set.map((d) => d.event.metadata.occurredAt)]);
  }
}
