/**
 * Catch-ups of one live generation from the store in two processes at once — what every projection worker does when
 * Kafka offsets are missing or meaningless (first start, a broker that lost its data: boot.ts) — while a live runner
 * applies batches to it too. The revision guard keeps every event applied once only when each batch reads the guard
 * after the others' batches on that generation committed (lockCheckpoint, lockRegistry). PostgreSQL only: PGlite's
 * one connection runs one transaction at a time.
 */
import type { Database } from '../../services/db/database';
import { openDatabase } from '../../services/db/database';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { silentLog } from '../../services/feed/log';
import { startProjections } from '../../projections/runner/start-projections';
import { ensureLiveGeneration } from '../../projections/runner/generations';
import { migrateRunnerTables } from '../../projections/runner/runner-tables';
import { catchUp } from '../../projections/runner/rebuild';
import { describeIfPostgres, freshPostgres, type FreshPostgres } from '../support/backends';
import { appendCounters, counterProjection, expectedCounts, readCounts, uniqueName } from './projection.fixtures';

describeIfPostgres('catching one live generation up from two processes at once (postgres)', () => {
  let fresh: FreshPostgres;
  let other: Database;

  beforeAll(async () => {
    const opened = await freshPostgres('concurrent_catch_up');
    if (!opened) throw new Error('DATABASE_URL vanished');
    fresh = opened;
    other = await openDatabase({ kind: 'postgres', url: fresh.url });
    await migrateRunnerTables(fresh.db);
  });

  afterAll(async () => {
    await other?.close();
    await fresh?.drop();
  });

  it.each([['per event', false], ['set-based', true]])('applies every event once (%s apply)', async (_label, batched) => {
    const name = uniqueName('cc');
    const projection = counterProjection({ name, batched });
    const store = await createPostgresEventStore(fresh.db);
    const streams = Array.from({ length: 40 }, (_, i) => `${name}-${i}`);
    const appended = await appendCounters(store, streams, 30);
    const { generation } = await ensureLiveGeneration(fresh.db, projection);

    const contexts = [fresh.db, other, fresh.db, other].map(async (db) => ({
      db, store: await createPostgresEventStore(db), log: silentLog, batchSize: 50,
    }));
    const runner = await startProjections({
      db: other, store: await createPostgresEventStore(other), projections: [projection], feed: 'catch-up', log: silentLog, batchSize: 50,
    });
    try {
      await Promise.all(contexts.map(async (ctx) => catchUp(await ctx, projection, generation, null, () => undefined)));
      expect(await runner.waitFor(appended, { timeoutMs: 10_000 })).toBe(true);
    } finally {
      await runner.stop();
    }

    expect(await readCounts(fresh.db, name)).toEqual(await expectedCounts(store, streams));
  });
});
