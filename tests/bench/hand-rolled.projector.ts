/**
 * The projection baseline: the least a correct projector must do, hand-written, with no runner. Read a batch of
 * 1000 (or `batchSize`) from the global log, hand it to the projection's own SQL (`applyBatch` when it has one, else `apply` per
 * event) and save the checkpoint, in one transaction per batch, into a plain schema. No generations, no registry
 * lock, no revision guard, no notifications: the ratio of the runner to this is what those features cost.
 */
import type { Database } from '../../services/db/database';
import { formatPosition, type EventStore, type LogPosition } from '../../services/event-store/event-store.port';
import type { Projection } from '../../projections/runner/projection';
import { now } from './stats';

export const HAND_BATCH = 1000;

export interface HandRolledOptions {
  /** Stop after about this many events (the first part of the log). */
  maxEvents?: number;
  /** The log holds this many: wait for them when the commit horizon still hides some (another transaction open on the server). */
  logEvents?: number;
  /** Events per read and per transaction (default HAND_BATCH). */
  batchSize?: number;
}

/** Builds `projection`'s tables in `schema` (dropped first) from the start of the log. */
export async function handRolledCatchUp(
  db: Database, store: EventStore, projection: Projection, schema: string, options: HandRolledOptions = {},
): Promise<{ events: number; ms: number }> {
  const maxEvents = options.maxEvents ?? Number.POSITIVE_INFINITY;
  const logEvents = Math.min(options.logEvents ?? 0, maxEvents);
  const batchSize = options.batchSize ?? HAND_BATCH;
  await db.query(`drop schema if exists ${schema} cascade`);
  await db.query(`create schema ${schema}`);
  await db.transaction((tx) => projection.migrate(tx, schema));
  await db.query(`create table ${schema}.hand_checkpoint (name text primary key, position text not null)`);

  const started = now();
  let after: LogPosition | null = null;
  let events = 0;
  for (;;) {
    const batch = await store.readAll({ after, limit: batchSize });
    if (batch.length === 0 && events < logEvents) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    if (batch.length === 0) break;
    const last = batch[batch.length - 1].position;
    const handled = batch.filter((event) => projection.handles.includes(event.type));
    await db.transaction(async (tx) => {
      if (handled.length > 0 && projection.applyBatch) await projection.applyBatch(tx, handled, schema);
      else for (const event of handled) await projection.apply(tx, event, schema);
      await tx.query(
        `insert into ${schema}.hand_checkpoint (name, position) values ($1, $2)
         on conflict (name) do update set position = excluded.position`, [projection.name, formatPosition(last)]);
    });
    events += batch.length;
    after = last;
    if ((batch.length < batchSize && events >= logEvents) || events >= maxEvents) break;
  }
  // the read model whole: its query-only indexes, built once the log is in (as a rebuild builds them)
  for (const statement of projection.bulkIndexes?.(schema) ?? []) await db.query(statement);
  return { events, ms: now() - started };
}
