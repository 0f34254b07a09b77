/**
 * A first fill written without WAL (projections/runner/unlogged-fill.ts) across a real crash of PostgreSQL: a
 * throwaway cluster of this file's own is stopped with `pg_ctl -m immediate` half-way through the fill and started
 * again. Crash recovery empties the unlogged tables while the generation's checkpoint keeps its place; the next
 * start must see that, fill again from the first event and end on logged tables with every event counted once
 * (the counter projection is not idempotent: a skipped or repeated event shows in its counts).
 */
import { openDatabase, type Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { silentLog } from '../../services/feed/log';
import { ensureLiveGeneration, readCheckpoint } from '../../projections/runner/generations';
import type { Projection } from '../../projections/runner/projection';
import { migrateRunnerTables } from '../../projections/runner/runner-tables';
import { catchUp } from '../../projections/runner/rebuild';
import { startProjections, type ProjectionsHandle } from '../../projections/runner/start-projections';
import { beginUnloggedFill } from '../../projections/runner/unlogged-fill';
import { appendCounters, counterProjection, expectedCounts, readCounts, uniqueName } from '../contract/projection.fixtures';
import { createFreshDatabase } from '../support/backends';
import { describeFault, PORTS } from './support/fault-env';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres';

describeFault('unlogged fill across a crash of PostgreSQL', ['postgres', 'pg-binaries'], () => {
  let cluster: ThrowawayPostgres | null = null;
  let db: Database | null = null;
  let handle: ProjectionsHandle | null = null;

  // the cluster first: a failed run may leave the projections retrying on pooled connections that close() would wait for
  afterAll(async () => {
    await cluster?.remove();
    await handle?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
  }, 90_000);

  it('fills again from the first event after crash recovery emptied the tables, and ends logged', async () => {
    cluster = await startThrowawayPostgres(PORTS.postgresCrash);
    const fresh = await createFreshDatabase(cluster.url, 'fault_unlogged_fill');
    db = fresh.db;
    let store: EventStore = await createPostgresEventStore(db);
    const name = uniqueName('crash');
    const streams = [1, 2, 3, 4].map((i) => `${name}-${i}`);
    const recorded = await appendCounters(store, streams, 150);
    const projection: Projection = { ...counterProjection({ name, batched: true }), bulkIndexes: () => [] };

    await migrateRunnerTables(db);
    const { generation } = await ensureLiveGeneration(db, projection);
    expect(await beginUnloggedFill(db, name, generation)).toBe(true);
    const middle = recorded[Math.floor(recorded.length / 2)].position;
    await catchUp({ db, store, log: silentLog, batchSize: 25 }, projection, generation, null, () => undefined, undefined, middle);
    expect(Object.keys(await readCounts(db, name))).not.toHaveLength(0);
    await db.query('checkpoint'); // the cluster runs with synchronous_commit off: what committed is on disk before the crash

    await db.close();
    db = null;
    await cluster.crash();
    await cluster.up();
    db = await openDatabase({ kind: 'postgres', url: fresh.url });
    store = await createPostgresEventStore(db);

    // what the crash did: the fill's tables are empty, its checkpoint is where it was
    expect(await readCounts(db, name)).toEqual({});
    expect(await readCheckpoint(db, name, generation)).not.toBeNull();

    handle = await startProjections({ db, store, projections: [projection], feed: 'catch-up', log: silentLog, batchSize: 25 });
    try {
      // a fill that cannot end (it resumed onto the emptied tables) retries for ever: bounded here
      const live = await Promise.race([handle.ready().then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 60_000))]);
      expect({ live }).toEqual({ live: true });
      expect(await handle.waitFor(recorded)).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
      const { rows } = await db.query<{ relname: string; relpersistence: string }>(
        `select c.relname, c.relpersistence from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = $1 and c.relkind = 'r' order by 1`, [`rm_${name}_g${generation}`]);
      expect(rows.map((r) => `${r.relname}:${r.relpersistence}`).sort()).toEqual(['_stream_revisions:p', `${name}_counts:p`]);
    } finally {
      await handle.stop();
      handle = null;
    }
  }, 180_000);
});
