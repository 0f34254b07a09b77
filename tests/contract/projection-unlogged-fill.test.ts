/**
 * Unlogged fills (projections/runner/unlogged-fill.ts), on PostgreSQL: a rebuild's new generation and a first
 * start's catch-up are written without WAL and turned logged before anything depends on them; a fill whose process
 * was killed goes on from its checkpoint; a fill whose unlogged tables a crash of PostgreSQL emptied (what crash
 * recovery does to them, done here by hand; tests/fault/unlogged-fill-crash.test.ts crashes a real server) starts
 * over. The counter projection is not idempotent by itself: a fill that skipped or repeated events would miscount.
 */
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { silentLog } from '../../services/feed/log';
import { ensureLiveGeneration } from '../../projections/runner/generations';
import { generationSchema, type Projection } from '../../projections/runner/projection';
import { migrateRunnerTables } from '../../projections/runner/runner-tables';
import { catchUp, type RebuildProgress } from '../../projections/runner/rebuild';
import { startProjections } from '../../projections/runner/start-projections';
import { beginUnloggedFill } from '../../projections/runner/unlogged-fill';
import { describeIfPostgres, freshPostgres, type FreshPostgres } from '../support/backends';
import { appendCounters, countsTable, counterProjection, expectedCounts, readCounts, uniqueName } from './projection.fixtures';

/** The counter with (empty) bulk indexes: on the catch-up feed its first start fills the generation before going live. */
const filledCounter = (name: string): Projection => ({ ...counterProjection({ name, batched: true }), bulkIndexes: () => [] });

/** relpersistence of each table of the generation ('p' logged, 'u' unlogged), the marker included. */
async function persistence(db: Database, name: string, generation: number): Promise<Record<string, string>> {
  const { rows } = await db.query<{ relname: string; relpersistence: string }>(
    `select c.relname, c.relpersistence from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind = 'r' order by 1`, [generationSchema(name, generation)]);
  return Object.fromEntries(rows.map((r) => [r.relname, r.relpersistence]));
}

const allLogged = (name: string) => ({ [countsTable(name)]: 'p', _stream_revisions: 'p' });

describeIfPostgres('unlogged fills (PostgreSQL)', () => {
  let fresh: FreshPostgres;
  let db: Database;
  let store: EventStore;
  beforeAll(async () => {
    fresh = (await freshPostgres('unlogged_fill'))!;
    db = fresh.db;
    store = await createPostgresEventStore(db);
    await migrateRunnerTables(db);
  });
  afterAll(async () => { await fresh?.drop(); });

  it('a rebuild fills its new generation unlogged and switches to logged tables', async () => {
    const name = uniqueName('uf');
    const streams = [1, 2, 3].map((i) => `${name}-${i}`);
    const last = await appendCounters(store, streams, 60);
    const handle = await startProjections({ db, store, projections: [counterProjection({ name, batched: true })], feed: 'catch-up', log: silentLog, batchSize: 20 });
    try {
      expect(await handle.waitFor(last)).toBe(true);
      const seen: Record<string, string>[] = [];
      const pending: Promise<void>[] = [];
      const onProgress = (p: RebuildProgress) => {
        if (p.phase === 'building' && p.events > 0 && seen.length === 0) pending.push(persistence(db, name, p.generation).then((x) => { seen.push(x); }));
      };
      const [result] = await handle.rebuild(name, onProgress);
      await Promise.all(pending);
      expect(seen[0]).toEqual({ [countsTable(name)]: 'u', _stream_revisions: 'u', unlogged_fill: 'u' });
      expect(await persistence(db, name, result.generation)).toEqual(allLogged(name));
      expect(result.diff.identical).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
    } finally {
      await handle.stop();
    }
  });

  it('a first start fills unlogged and goes live on logged tables', async () => {
    const name = uniqueName('uf');
    const streams = [1, 2].map((i) => `${name}-${i}`);
    const last = await appendCounters(store, streams, 50);
    const handle = await startProjections({ db, store, projections: [filledCounter(name)], feed: 'catch-up', log: silentLog, batchSize: 10 });
    try {
      await handle.ready();
      expect(await handle.waitFor(last)).toBe(true);
      expect(await persistence(db, name, 1)).toEqual(allLogged(name));
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
    } finally {
      await handle.stop();
    }
  });

  /** Half the log applied to generation 1 by a fill that then stopped (its process killed): unlogged, marker set. */
  async function halfFilled(name: string, streams: string[]) {
    const recorded = await appendCounters(store, streams, 40);
    const projection = filledCounter(name);
    const { generation } = await ensureLiveGeneration(db, projection);
    expect(await beginUnloggedFill(db, name, generation)).toBe(true);
    const middle = recorded[Math.floor(recorded.length / 2)].position;
    await catchUp({ db, store, log: silentLog, batchSize: 10 }, projection, generation, null, () => undefined, undefined, middle);
    expect(Object.keys(await readCounts(db, name)).length).toBeGreaterThan(0);
    return { projection, generation, last: recorded };
  }

  it('a fill whose process was killed goes on from its checkpoint: nothing applied twice', async () => {
    const name = uniqueName('uf');
    const streams = [1, 2, 3].map((i) => `${name}-${i}`);
    const { projection, last } = await halfFilled(name, streams);
    const handle = await startProjections({ db, store, projections: [projection], feed: 'catch-up', log: silentLog, batchSize: 10 });
    try {
      await handle.ready();
      expect(await handle.waitFor(last)).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
      expect(await persistence(db, name, 1)).toEqual(allLogged(name));
    } finally {
      await handle.stop();
    }
  });

  it('a fill whose unlogged tables a crash emptied starts over from the first event: nothing skipped', async () => {
    const name = uniqueName('uf');
    const streams = [1, 2, 3].map((i) => `${name}-${i}`);
    const { projection, generation, last } = await halfFilled(name, streams);
    // crash recovery resets every unlogged table to empty; the checkpoint (logged) keeps its place
    const schema = generationSchema(name, generation);
    await db.query(`truncate ${schema}.${countsTable(name)}, ${schema}._stream_revisions, ${schema}.unlogged_fill`);
    const warnings: string[] = [];
    const log = { ...silentLog, warn: (_fields: unknown, message?: string) => { warnings.push(String(message)); } };
    const handle = await startProjections({ db, store, projections: [projection], feed: 'catch-up', log, batchSize: 10 });
    try {
      await handle.ready();
      expect(await handle.waitFor(last)).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
      expect(await persistence(db, name, 1)).toEqual(allLogged(name));
      expect(warnings).toContain('a crash of PostgreSQL emptied the unlogged first fill; filling again from the start');
    } finally {
      await handle.stop();
    }
  });

  it('a catch-up stops when the checkpoint goes back behind what it stored itself', async () => {
    const name = uniqueName('uf');
    const streams = [1, 2].map((i) => `${name}-${i}`);
    await appendCounters(store, streams, 30);
    const projection = filledCounter(name);
    const { generation } = await ensureLiveGeneration(db, projection);
    const reset = () => db.query('update projection_checkpoints set position = null where projection = $1 and generation = $2', [name, generation]);
    // the third read starts once the first batch stored its checkpoint (reads run one batch ahead): the reset lands
    // after it, before or after the second batch's (which it waits for), and the next batch finds it
    let reads = 0;
    const resetting: EventStore = {
      ...store,
      readAll: async (options) => {
        const events = await store.readAll(options);
        reads += 1;
        if (reads === 3) await reset();
        return events;
      },
    };
    await expect(catchUp({ db, store: resetting, log: silentLog, batchSize: 10 }, projection, generation, null, () => undefined))
      .rejects.toThrow(/went back behind this catch-up's own/);
  });
});
