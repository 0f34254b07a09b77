/**
 * Fill batches: a generation nobody reads yet — a start's catch-up before the projection goes live, a rebuild's
 * building phase — is filled in batches of fillBatchSize; once live, batches are batchSize again (a reader waits for
 * each live commit). A projection may ask for its own fill batch (Projection.fillBatchSize: orders); a deployment's
 * fillBatchSize still wins. PGlite always; PostgreSQL with DATABASE_URL.
 */
import type pg from 'pg';
import type { Database } from '../../services/db/database';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { silentLog } from '../../services/feed/log';
import type { Projection } from '../../projections/runner/projection';
import type { RebuildProgress } from '../../projections/runner/rebuild';
import { startProjections, type ProjectionsHandle } from '../../projections/runner/start-projections';
import { onEachDatabase } from '../support/backends';
import { appendCounters, counterProjection, expectedCounts, readCounts, uniqueName } from './projection.fixtures';

const LIVE_BATCH = 7;
const FILL_BATCH = 50;

/** The batched counter with (empty) bulk indexes, so its first start fills before going live; records each batch's size. */
function recordingCounter(name: string, sizes: number[]): Projection {
  const counter = counterProjection({ name, batched: true });
  return {
    ...counter,
    bulkIndexes: () => [],
    async applyBatch(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string) {
      sizes.push(events.length);
      await counter.applyBatch!(tx, events, schema);
    },
  };
}

/** The size of each read of a rebuild's building phase (progress reports one per batch applied). */
async function buildingReads(handle: ProjectionsHandle, name: string): Promise<number[]> {
  const reads: number[] = [];
  let seen = 0;
  await handle.rebuild(name, (p: RebuildProgress) => {
    if (p.phase !== 'building' || p.events === seen) return;
    reads.push(p.events - seen);
    seen = p.events;
  });
  return reads;
}

/** Every read but the last is full: the whole log (this file's and the database's other events) in reads of `size`. */
function expectReadsOf(reads: readonly number[], size: number): void {
  expect(reads.length).toBeGreaterThan(1);
  expect(reads.slice(0, -1).every((n) => n === size)).toBe(true);
  expect(reads.at(-1)).toBeLessThanOrEqual(size);
}

onEachDatabase('fill_batches', (backend, open) => {
  describe(`fill batches (${backend})`, () => {
    let db: Database;
    beforeAll(async () => { db = await open(); });

    it('a first start fills in batches of fillBatchSize, then applies live batches of batchSize', async () => {
      const store = await createPostgresEventStore(db);
      const name = uniqueName('fb');
      const streams = [1, 2, 3].map((i) => `${name}-${i}`);
      const before = await appendCounters(store, streams, 90);
      const sizes: number[] = [];
      const handle = await startProjections({
        db, store, projections: [recordingCounter(name, sizes)], feed: 'catch-up', log: silentLog, batchSize: LIVE_BATCH, fillBatchSize: FILL_BATCH,
      });
      try {
        expect(await handle.waitFor(before)).toBe(true);
        const filled = sizes.splice(0);
        expect(Math.max(...filled)).toBeGreaterThan(LIVE_BATCH);
        expect(Math.max(...filled)).toBeLessThanOrEqual(FILL_BATCH);

        const after = await appendCounters(store, streams, 30);
        expect(await handle.waitFor(after)).toBe(true);
        expect(sizes.length).toBeGreaterThan(0);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(LIVE_BATCH);
        expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
      } finally {
        await handle.stop();
      }
    });

    it('a rebuild builds its new generation in reads of fillBatchSize', async () => {
      const store = await createPostgresEventStore(db);
      const name = uniqueName('fb');
      const streams = [1, 2].map((i) => `${name}-${i}`);
      const last = await appendCounters(store, streams, 60);
      const handle = await startProjections({
        db, store, projections: [counterProjection({ name, batched: true })], feed: 'catch-up', log: silentLog, batchSize: LIVE_BATCH, fillBatchSize: FILL_BATCH,
      });
      try {
        expect(await handle.waitFor(last)).toBe(true);
        expectReadsOf(await buildingReads(handle, name), FILL_BATCH);
        expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
      } finally {
        await handle.stop();
      }
    });

    it('a projection\'s own fillBatchSize fills it when the deployment sets none, and the deployment\'s wins', async () => {
      const store = await createPostgresEventStore(db);
      const name = uniqueName('fb');
      const streams = [1, 2].map((i) => `${name}-${i}`);
      const last = await appendCounters(store, streams, 60);
      const own = { ...counterProjection({ name, batched: true }), fillBatchSize: 40 };
      for (const deployment of [undefined, FILL_BATCH]) {
        const handle = await startProjections({ db, store, projections: [own], feed: 'catch-up', log: silentLog, fillBatchSize: deployment });
        try {
          expect(await handle.waitFor(last)).toBe(true);
          expectReadsOf(await buildingReads(handle, name), deployment ?? own.fillBatchSize);
          expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
        } finally {
          await handle.stop();
        }
      }
    });
  });
});
