/**
 * Generations of a projection: each is a schema `rm_<name>_g<n>` holding the projection's tables and its
 * revision guard, plus a checkpoint row. One is live (registry + public views); a rebuild creates the next one
 * beside it and `publishGeneration` switches the views and the registry in the caller's transaction.
 */
import type pg from 'pg';
import type { Database, Queryable } from '../../services/db/database';
import { formatPosition, parsePosition, type LogPosition } from '../../services/event-store/event-store.port';
import { generationSchema, guardTable, type Projection } from './projection';
import { switchViews } from './switch-views';

export interface LiveGeneration { generation: number; version: number }

export async function readLive(q: Queryable, name: string): Promise<LiveGeneration | null> {
  const { rows } = await q.query<{ generation: number; version: number }>(
    'select generation, version from projection_registry where projection = $1', [name]);
  return rows.length === 0 ? null : { generation: Number(rows[0].generation), version: Number(rows[0].version) };
}

/** Serialises creators of one projection's generations across processes (transaction-scoped). */
export const lockProjection = (tx: pg.PoolClient, name: string) =>
  tx.query(`select pg_advisory_xact_lock(hashtext('jishi.projection.' || $1))`, [name]);

/**
 * Creates schema, tables, guard and an empty checkpoint for `generation` (replacing a leftover of that number), without
 * the projection's bulk indexes: every generation is filled from the log first, then gets them (createBulkIndexes) —
 * a rebuild before its gate, the first generation when its first start has caught up (boot.ts).
 */
async function createGeneration(tx: pg.PoolClient, projection: Projection, generation: number): Promise<void> {
  const schema = generationSchema(projection.name, generation);
  await tx.query(`drop schema if exists ${schema} cascade`);
  await tx.query(`create schema ${schema}`);
  await projection.migrate(tx, schema);
  await tx.query(`create table ${guardTable(schema)} (stream_id text primary key, revision integer not null)`);
  await tx.query(
    `insert into projection_checkpoints (projection, generation, position) values ($1, $2, null)
     on conflict (projection, generation) do update set position = null, updated_at = now()`,
    [projection.name, generation]);
}

/** The live generation, creating and publishing generation 1 when the projection has never run. */
export async function ensureLiveGeneration(db: Database, projection: Projection): Promise<LiveGeneration> {
  return db.transaction(async (tx) => {
    await lockProjection(tx, projection.name);
    const live = await readLive(tx, projection.name);
    if (live) return live;
    await createGeneration(tx, projection, 1);
    await publishGeneration(tx, projection, 1);
    return { generation: 1, version: projection.version };
  });
}

/** Reserves the next generation number and creates it empty, beside the live one. */
export async function createNextGeneration(db: Database, projection: Projection): Promise<number> {
  return db.transaction(async (tx) => {
    await lockProjection(tx, projection.name);
    const { rows } = await tx.query<{ next: number }>(
      `select greatest(
         (select coalesce(max(generation), 0) from projection_checkpoints where projection = $1),
         (select coalesce(max(generation), 0) from projection_registry where projection = $1)) + 1 as next`,
      [projection.name]);
    const generation = Number(rows[0]?.next ?? 1);
    await createGeneration(tx, projection, generation);
    return generation;
  });
}

/**
 * The projection's bulk indexes in `generation` (each `if not exists`: a generation that has them is left as it is),
 * each built by one process at a time: two concurrent `create index if not exists` of one name both build it, and the
 * second fails on the catalogue's unique name when it commits (starts of several processes end here at once).
 */
export async function createBulkIndexes(db: Database, projection: Projection, generation: number): Promise<void> {
  const statements = projection.bulkIndexes?.(generationSchema(projection.name, generation)) ?? [];
  if (statements.length === 0) return;
  if (db.kind !== 'postgres') {
    await db.transaction(async (tx) => {
      await lockProjection(tx, projection.name);
      for (const statement of statements) await tx.query(statement);
    });
    return;
  }
  // PostgreSQL 15 builds an index on one core: they go up BULK_INDEX_LANES at a time, each in a transaction of its
  // own (CREATE INDEX takes a SHARE lock, which does not conflict with itself) under a lock of its own, so that a
  // process building the same generation's indexes meanwhile waits for this one and then finds it built. At 100k
  // products the catalogue's two GIN indexes took 1.9 and 0.7 s and its six b-trees 0.45 s, one after another.
  const queue = statements.map((statement, index) => ({ statement, lock: `jishi.projection.${projection.name}.${generation}.index.${index}` }));
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { statement, lock } = next;
      await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [lock]);
        await tx.query(statement);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_INDEX_LANES, statements.length) }, lane));
}

/** Bulk indexes built at once per projection on PostgreSQL (256 MB of maintenance_work_mem instead of 64 did not speed the catalogue's GIN builds: 2.2 → 2.1 s). */
const BULK_INDEX_LANES = 2;

/**
 * Points the public views (switch-views.ts: without deadlocking readers) and the registry at `generation`; returns
 * the generation that was live. The caller's transaction must hold the registry row (lockRegistry) so no live batch
 * interleaves.
 */
export async function publishGeneration(tx: pg.PoolClient, projection: Projection, generation: number): Promise<number | null> {
  await switchViews(tx, projection.tables, generationSchema(projection.name, generation));
  const { rows } = await tx.query<{ previous: number | null }>(
    `with previous as (select generation from projection_registry where projection = $1)
     insert into projection_registry (projection, generation, version) values ($1, $2, $3)
     on conflict (projection) do update set generation = excluded.generation, version = excluded.version, switched_at = now()
     returning (select generation from previous) as previous`,
    [projection.name, generation, projection.version]);
  const previous = rows[0]?.previous;
  return previous === null || previous === undefined ? null : Number(previous);
}

/**
 * Takes the registry row of `name` and the live generation's checkpoint row for the rest of the transaction: live
 * batches and switches queue on the first, and every writer of that generation (catchUp too) on the second.
 */
export async function lockRegistry(tx: pg.PoolClient, name: string): Promise<{ generation: number; position: LogPosition | null } | null> {
  const { rows } = await tx.query<{ generation: number; position: string | null }>(
    `select r.generation, c.position from projection_registry r
     join projection_checkpoints c on c.projection = r.projection and c.generation = r.generation
     where r.projection = $1 for update of r, c`, [name]);
  if (rows.length === 0) return null;
  return { generation: Number(rows[0].generation), position: rows[0].position ? parsePosition(rows[0].position) : null };
}

/**
 * Takes the checkpoint row of `generation` for the rest of the transaction and answers the position stored there.
 * Every batch written to a generation holds it (the live runner through lockRegistry), so batches of several
 * processes on one generation follow one another, and each reads the revision guard after the one before committed:
 * without it two catch-ups of one live generation (Kafka bootstraps or resets in two workers) applied the same
 * events twice, both reading the guard before either wrote it.
 */
export async function lockCheckpoint(tx: pg.PoolClient, name: string, generation: number): Promise<LogPosition | null> {
  const { rows } = await tx.query<{ position: string | null }>(
    'select position from projection_checkpoints where projection = $1 and generation = $2 for update', [name, generation]);
  if (rows.length === 0) throw new Error(`projection ${name} has no generation ${generation}`);
  return rows[0].position ? parsePosition(rows[0].position) : null;
}

export async function readCheckpoint(q: Queryable, name: string, generation: number): Promise<LogPosition | null> {
  const { rows } = await q.query<{ position: string | null }>(
    'select position from projection_checkpoints where projection = $1 and generation = $2', [name, generation]);
  return rows[0]?.position ? parsePosition(rows[0].position) : null;
}

export async function saveCheckpoint(q: Queryable, name: string, generation: number, position: LogPosition): Promise<void> {
  await q.query('update projection_checkpoints set position = $3, updated_at = now() where projection = $1 and generation = $2',
    [name, generation, formatPosition(position)]);
}

export async function dropGeneration(db: Database, name: string, generation: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`drop schema if exists ${generationSchema(name, generation)} cascade`);
    await tx.query('delete from projection_checkpoints where projection = $1 and generation = $2', [name, generation]);
  });
}

/** Generations that are not live and have not moved for `idleMs`: leftovers of rebuilds that died. */
export async function abandonedGenerations(db: Database, name: string, idleMs: number): Promise<number[]> {
  const { rows } = await db.query<{ generation: number }>(
    `select c.generation from projection_checkpoints c
     join projection_registry r on r.projection = c.projection
     where c.projection = $1 and c.generation <> r.generation
       and c.updated_at < now() - make_interval(secs => $2::double precision / 1000)`, [name, idleMs]);
  return rows.map((row) => Number(row.generation));
}
