/**
 * A start's catch-up of the live generation (boot.ts: a first start's fill, a restart's catch-up, a Kafka bootstrap)
 * tells each batch it commits as a live runner tells its own: readers query the live generation meanwhile, so read
 * caches (services/read-cache) must drop what they kept from before the batch, and waiters here and in other
 * processes learn of it without waiting for a recheck. Before, nothing was told until the runner's first live batch
 * of that read model: an answer cached during the catch-up stayed until then (or a minute). PGlite always; the other
 * process (LISTEN/NOTIFY) on PostgreSQL with DATABASE_URL.
 */
import type pg from 'pg';
import type { Database } from '../../services/db/database';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { silentLog } from '../../services/feed/log';
import type { Projection } from '../../projections/runner/projection';
import { startProjections } from '../../projections/runner/start-projections';
import { onEachDatabase } from '../support/backends';
import { appendCounters, counterProjection, eventually, expectedCounts, readCounts, uniqueName } from './projection.fixtures';

const FILL_BATCH = 50;

/** The batched counter with (empty) bulk indexes, so its start catches up before going live; holds its first batch until `open`. */
function heldCounter(name: string, held: Promise<void>): Projection {
  const counter = counterProjection({ name, batched: true });
  return {
    ...counter,
    bulkIndexes: () => [],
    async applyBatch(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string) {
      await held;
      await counter.applyBatch!(tx, events, schema);
    },
  };
}

onEachDatabase('catch_up_notices', (backend, open) => {
  describe(`a start's catch-up of the live generation (${backend})`, () => {
    let db: Database;
    beforeAll(async () => { db = await open(); });

    it('tells each batch it commits, in process and (PostgreSQL) to other processes, before the runner goes live', async () => {
      const store = await createPostgresEventStore(db);
      const name = uniqueName('cn');
      const streams = [1, 2, 3].map((i) => `${name}-${i}`);
      await appendCounters(store, streams, 90);
      // another process's view of the projections: waits and caches only, its runners elsewhere (an API instance)
      const elsewhere = db.kind === 'postgres'
        ? await startProjections({ db, store, projections: [counterProjection({ name, batched: true })], feed: 'catch-up', log: silentLog, run: false })
        : null;
      let open!: () => void;
      const held = new Promise<void>((resolve) => { open = resolve; });
      const handle = await startProjections({
        db, store, projections: [heldCounter(name, held)], feed: 'catch-up', log: silentLog, fillBatchSize: FILL_BATCH,
      });
      const here: string[] = [];
      const there: string[] = [];
      const offHere = handle.onApplied((projection) => { if (projection) here.push(projection); });
      const offThere = elsewhere?.onApplied((projection) => { if (projection) there.push(projection); });
      try {
        open();
        await handle.ready();
        // then: a notice per batch of the 270 events (and whatever else the database's log holds) before going live
        expect(here.filter((n) => n === name).length).toBeGreaterThanOrEqual(Math.ceil(270 / FILL_BATCH));
        expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
        if (elsewhere) expect(await eventually(async () => there.includes(name), 5000)).toBe(true);
      } finally {
        offHere();
        offThere?.();
        await handle.stop();
        await elsewhere?.stop();
      }
    });
  });
});
