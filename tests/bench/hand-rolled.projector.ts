/**
 * The projection baseline: the least a correct projector must do, hand-written, with no runner. Read a batch of
 * 1000 from the global log, apply it with the same SQL as the bench projection and save the checkpoint, in one
 * transaction per batch. No generations, no registry lock, no revision guard, no notifications: the ratio of the
 * runner to this is what those features cost.
 */
import type { Database } from '../../services/db/database';
import { formatPosition, type EventStore, type LogPosition } from '../../services/event-store/event-store.port';
import { batchParams, createOrdersSql, lineOf, upsertBatchSql, upsertLineSql } from './bench.projection';
import { now } from './stats';

export const HAND_BATCH = 1000;

/** Builds `table` from the start of the log; returns the events applied and the milliseconds it took. */
export async function handRolledCatchUp(
  db: Database, store: EventStore, table: string, form: 'row' | 'batch',
): Promise<{ events: number; ms: number }> {
  await db.query(`drop table if exists ${table}`);
  await db.query(createOrdersSql(table));
  await db.query('create table if not exists hand_checkpoints (name text primary key, position text not null)');
  await db.query('delete from hand_checkpoints where name = $1', [table]);

  const started = now();
  let after: LogPosition | null = null;
  let events = 0;
  for (;;) {
    const batch = await store.readAll({ after, limit: HAND_BATCH });
    if (batch.length === 0) break;
    const last = batch[batch.length - 1].position;
    await db.transaction(async (tx) => {
      if (form === 'batch') {
        await tx.query(upsertBatchSql(table), batchParams(batch.map(lineOf)));
      } else {
        for (const event of batch) {
          const line = lineOf(event);
          await tx.query(upsertLineSql(table), [line.orderId, line.userId, line.amount, line.revision]);
        }
      }
      await tx.query(
        `insert into hand_checkpoints (name, position) values ($1, $2)
         on conflict (name) do update set position = excluded.position`, [table, formatPosition(last)]);
    });
    events += batch.length;
    after = last;
    if (batch.length < HAND_BATCH) break;
  }
  return { events, ms: now() - started };
}
