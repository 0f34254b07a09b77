/**
 * A generation filled from the log without WAL (PostgreSQL): its tables are UNLOGGED while the first fill runs (a
 * rebuild's new generation, a first start's catch-up: rows rewritten several times in a batch each cost their WAL
 * and full-page images, the larger share of a rebuild on a slow disk), and turned LOGGED in one pass each before
 * anything depends on them — before the rebuild's gate and switch, before a first start goes live.
 *
 * A crash of PostgreSQL empties unlogged tables while the generation's checkpoint (logged) survives: resumed, the
 * fill would skip what it had applied. So the fill carries a marker row in an unlogged table of its own: after a
 * crash the marker table is empty, and the next process to bring the projection up empties the generation and
 * fills it again from the start (recoverUnloggedFill). A process that was merely killed leaves the marker: the fill
 * goes on from the checkpoint, as any catch-up does.
 *
 * Every step runs under the projection's advisory lock (lockProjection), so processes starting together agree on
 * one verdict. PGlite (one process, its own storage) keeps its tables logged.
 */
import type pg from 'pg';
import type { Database, Queryable } from '../../services/db/database';
import { lockProjection } from './generations';
import { generationSchema } from './projection';

const MARKER = 'unlogged_fill';

/** The generation's tables (but the marker), of one persistence ('p' logged, 'u' unlogged) or both. */
async function tablesOf(q: Queryable, schema: string, persistence: 'p' | 'u' | 'any'): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind = 'r' and ($2 = 'any' or c.relpersistence = $2) and c.relname <> $3 order by c.relname`,
    [schema, persistence, MARKER]);
  return rows.map((row) => row.name);
}

/** 'filling': marker row there; 'crashed': marker table emptied by crash recovery; null: a logged generation. */
async function markerState(q: Queryable, schema: string): Promise<'filling' | 'crashed' | null> {
  const { rows } = await q.query<{ exists: boolean }>(`select to_regclass($1) is not null as exists`, [`${schema}.${MARKER}`]);
  if (!rows[0]?.exists) return null;
  const marked = await q.query(`select 1 from ${schema}.${MARKER} limit 1`);
  return marked.rows.length > 0 ? 'filling' : 'crashed';
}

/**
 * Turns a generation nothing was applied to yet (checkpoint null, no marker) unlogged for its fill. Answers whether
 * the generation is being filled unlogged (by this call or another process's).
 */
export async function beginUnloggedFill(db: Database, name: string, generation: number): Promise<boolean> {
  if (db.kind !== 'postgres') return false;
  const schema = generationSchema(name, generation);
  return db.transaction(async (tx) => {
    await lockProjection(tx, name);
    const state = await markerState(tx, schema);
    if (state !== null) return true;
    const { rows } = await tx.query<{ position: string | null }>(
      'select position from projection_checkpoints where projection = $1 and generation = $2', [name, generation]);
    if (rows.length === 0 || rows[0].position !== null) return false;
    for (const table of await tablesOf(tx, schema, 'p')) await tx.query(`alter table ${schema}.${table} set unlogged`);
    await tx.query(`create unlogged table ${schema}.${MARKER} (since timestamptz not null default now())`);
    await tx.query(`insert into ${schema}.${MARKER} default values`);
    return true;
  });
}

/**
 * After a crash of PostgreSQL during an unlogged fill: empties the generation, clears its checkpoint and marks the
 * fill again, so it starts over from the first event. Answers whether it did.
 */
export async function recoverUnloggedFill(db: Database, name: string, generation: number): Promise<boolean> {
  if (db.kind !== 'postgres') return false;
  const schema = generationSchema(name, generation);
  return db.transaction(async (tx) => {
    await lockProjection(tx, name);
    if (await markerState(tx, schema) !== 'crashed') return false;
    // all of them: a crash while endUnloggedFill turned them logged one by one leaves some full, the rest empty
    const tables = await tablesOf(tx, schema, 'any');
    if (tables.length > 0) await tx.query(`truncate ${tables.map((t) => `${schema}.${t}`).join(', ')}`);
    await tx.query('update projection_checkpoints set position = null, updated_at = now() where projection = $1 and generation = $2',
      [name, generation]);
    await tx.query(`insert into ${schema}.${MARKER} default values`);
    return true;
  });
}

/**
 * The fill is done: each table turned logged (one rewrite, WAL-logged, in a transaction of its own so the commit
 * horizon is held one table at a time), then the marker dropped. A generation already logged is left as it is.
 */
export async function endUnloggedFill(db: Database, name: string, generation: number): Promise<void> {
  if (db.kind !== 'postgres') return;
  const schema = generationSchema(name, generation);
  /** Under the lock: the tables still unlogged, or null once another process has ended the fill. */
  const stillUnlogged = async (tx: pg.PoolClient): Promise<string[] | null> => {
    await lockProjection(tx, name);
    const state = await markerState(tx, schema);
    if (state === 'crashed') throw new Error(`the unlogged fill of ${schema} was emptied by a crash of PostgreSQL; it starts over`);
    return state === null ? null : tablesOf(tx, schema, 'u');
  };
  const tables = await db.transaction(stillUnlogged);
  for (const table of tables ?? []) {
    await db.transaction(async (tx) => {
      if ((await stillUnlogged(tx))?.includes(table)) await tx.query(`alter table ${schema}.${table} set logged`);
    });
  }
  await db.transaction(async (tx) => {
    const left = await stillUnlogged(tx);
    if (left === null) return;
    if (left.length > 0) throw new Error(`the unlogged fill of ${schema} did not end: ${left.join(', ')} still unlogged`);
    await tx.query(`drop table ${schema}.${MARKER}`);
  });
}
