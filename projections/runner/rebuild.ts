/**
 * Side-by-side rebuild (DESIGN.md §6): fill a new generation from the store's global log in batches (one
 * transaction per batch, checkpoint included), report progress, compare row counts with the live generation,
 * then switch: hold the registry row, catch the new generation up to the head, point the views at it and
 * commit; the old generation is dropped afterwards. Readers keep querying the views throughout.
 *
 * On PostgreSQL the last catch-up runs inside the switch transaction (reading the store on other connections),
 * so live batches of any process queue behind it and nothing they applied to the old generation is missed.
 * PGlite has one connection, so a read inside that transaction would wait on itself: there the in-process live
 * runner (the only one there can be) is paused instead, and the last catch-up runs just before the switch.
 */
import type pg from 'pg';
import type { Database } from '../../services/db/database';
import { formatPosition, type EventStore, type LogPosition } from '../../services/event-store/event-store.port';
import type { Log } from '../../services/feed/log';
import { applyGuarded } from './apply-batch';
import {
  abandonedGenerations, createNextGeneration, dropGeneration, lockRegistry, publishGeneration, readCheckpoint,
  readLive, saveCheckpoint,
} from './generations';
import type { AppliedEvents } from './applied-events';
import { generationSchema, type Projection } from './projection';
import { PROJECTION_APPLIED_CHANNEL } from './runner-tables';

export interface RebuildProgress {
  name: string;
  generation: number;
  phase: 'building' | 'switching' | 'done';
  /** Events read from the log so far (all types). */
  events: number;
  position: string | null;
  head: string | null;
  /** Best-effort share done, from global positions (0..1). */
  fraction: number;
  eventsPerSecond: number;
}

export interface TableComparison { table: string; live: number | null; rebuilt: number }

export interface RebuildResult {
  name: string;
  generation: number;
  previousGeneration: number | null;
  events: number;
  ms: number;
  eventsPerSecond: number;
  tables: TableComparison[];
}

export interface RebuildContext {
  db: Database;
  store: EventStore;
  log: Log;
  batchSize: number;
  /** Pauses this process's live runner of the projection; resolves to its resume. */
  pauseLive?: () => Promise<() => void>;
  /** Told of the switch, so in-process waiters re-read the new generation's guard. */
  applied?: AppliedEvents;
  /** Aborts a rebuild between batches (the process is stopping). */
  signal?: AbortSignal;
}

const ABANDONED_AFTER_MS = 10 * 60_000;

export async function rebuildProjection(
  ctx: RebuildContext, projection: Projection, onProgress?: (progress: RebuildProgress) => void,
): Promise<RebuildResult> {
  const { db, log } = ctx;
  const started = Date.now();
  for (const leftover of await abandonedGenerations(db, projection.name, ABANDONED_AFTER_MS)) {
    await dropGeneration(db, projection.name, leftover);
  }
  const generation = await createNextGeneration(db, projection);
  const head = await ctx.store.headPosition();
  let events = 0;
  const report = (phase: RebuildProgress['phase'], position: LogPosition | null) => {
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    onProgress?.({
      name: projection.name, generation, phase, events, head: head ? formatPosition(head) : null,
      position: position ? formatPosition(position) : null, fraction: fractionDone(position, head, phase),
      eventsPerSecond: Math.round(events / seconds),
    });
  };
  log.info({ projection: projection.name, generation }, 'rebuild started');
  report('building', null);

  let position = await catchUp(ctx, projection, generation, null, (n, p) => { events += n; report('building', p); });
  const tables = await compare(db, projection, generation);

  report('switching', position);
  const resume = ctx.pauseLive ? await ctx.pauseLive() : () => undefined;
  let previous: number | null;
  try {
    if (db.kind === 'pglite') position = await catchUp(ctx, projection, generation, position, (n) => { events += n; });
    previous = await db.transaction(async (tx) => {
      await lockRegistry(tx, projection.name);
      if (db.kind === 'postgres') {
        await catchUp(ctx, projection, generation, position, (n, p) => { events += n; position = p; }, tx);
      }
      const replaced = await publishGeneration(tx, projection, generation);
      await tx.query('select pg_notify($1, $2)', [PROJECTION_APPLIED_CHANNEL, projection.name]);
      return replaced;
    });
    ctx.applied?.emit({ projection: projection.name, generation, streams: null });
  } finally {
    resume();
  }
  if (previous !== null && previous !== generation) await dropGeneration(db, projection.name, previous);

  report('done', position);
  const ms = Date.now() - started;
  const result: RebuildResult = {
    name: projection.name, generation, previousGeneration: previous, events, ms,
    eventsPerSecond: Math.round(events / Math.max(ms / 1000, 0.001)), tables,
  };
  log.info({ ...result }, 'rebuild switched');
  return result;
}

/**
 * Applies the log after `from` to `generation` until a read comes back short. Without `tx` each batch is its
 * own transaction; with `tx` every batch goes through it (the switch).
 */
export async function catchUp(
  ctx: RebuildContext, projection: Projection, generation: number, from: LogPosition | null,
  onBatch: (events: number, position: LogPosition) => void, tx?: pg.PoolClient,
): Promise<LogPosition | null> {
  const schema = generationSchema(projection.name, generation);
  let position = from ?? await readCheckpoint(ctx.db, projection.name, generation);
  for (;;) {
    if (ctx.signal?.aborted) throw new Error(`rebuild of ${projection.name} stopped`);
    const batch = await ctx.store.readAll({ after: position, limit: ctx.batchSize });
    if (batch.length === 0) return position;
    const last = batch[batch.length - 1].position;
    const apply = async (client: pg.PoolClient) => {
      await applyGuarded(client, projection, schema, batch);
      await saveCheckpoint(client, projection.name, generation, last);
    };
    if (tx) await apply(tx);
    else await ctx.db.transaction(apply);
    position = last;
    onBatch(batch.length, last);
    if (batch.length < ctx.batchSize) return position;
  }
}

async function compare(db: Database, projection: Projection, generation: number): Promise<TableComparison[]> {
  const live = await readLive(db, projection.name);
  const liveSchema = live && live.generation !== generation ? generationSchema(projection.name, live.generation) : null;
  const count = async (schema: string, table: string) =>
    Number((await db.query<{ n: number }>(`select count(*)::int as n from ${schema}.${table}`)).rows[0].n);
  const comparisons: TableComparison[] = [];
  for (const table of projection.tables) {
    const rebuilt = await count(generationSchema(projection.name, generation), table);
    const before = liveSchema && live?.version === projection.version ? await count(liveSchema, table) : null;
    comparisons.push({ table, live: before, rebuilt });
  }
  return comparisons;
}

function fractionDone(position: LogPosition | null, head: LogPosition | null, phase: RebuildProgress['phase']): number {
  if (phase === 'done' || head === null) return 1;
  if (position === null || head.prepare <= 0n) return 0;
  return Math.min(1, Number(position.prepare) / Number(head.prepare));
}
