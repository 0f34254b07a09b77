/**
 * The live runner on Kafka's partition batches (projection-runner.ts joinPartitionGroup): batches of several
 * partitions handed over while a transaction is in flight go into the next transaction together — every event
 * applied once, each partition's offset stored — and when the group's transaction fails, its batches are applied one
 * by one: the others go through and only the batch that cannot be applied fails (its partition alone is retried).
 * The runner is driven directly, as kafka.feed.ts drives it with `partitionsConsumedConcurrently`. PGlite always;
 * PostgreSQL with DATABASE_URL.
 */
import type { Database } from '../../services/db/database';
import type { EventStore, RecordedEvent } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import type { FeedBatch } from '../../services/feed/feed.port';
import { silentLog } from '../../services/feed/log';
import { AppliedEvents } from '../../projections/runner/applied-events';
import { ensureLiveGeneration } from '../../projections/runner/generations';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { migrateRunnerTables } from '../../projections/runner/runner-tables';
import { onEachDatabase } from '../support/backends';
import { appendCounters, counterProjection, expectedCounts, readCounts, uniqueName } from './projection.fixtures';

const CLUSTER = 'test-cluster';

/** One partition's batch: `events`, up to offset `nextOffset`. */
const partitionBatch = (topic: string, partition: number, events: readonly RecordedEvent[], nextOffset: number): FeedBatch => ({
  events,
  cursor: { kind: 'partition', topic, partition, nextOffset: String(nextOffset), position: events[events.length - 1].position, clusterId: CLUSTER },
});

async function storedOffsets(db: Database, name: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ topic: string; partition: number; next_offset: string }>(
    'select topic, partition, next_offset::text from projection_kafka_offsets where projection = $1', [name]);
  return Object.fromEntries(rows.map((r) => [`${r.topic}:${r.partition}`, r.next_offset]));
}

onEachDatabase('partition_groups', (backend, open) => {
  describe(`projection runner on Kafka partition batches (${backend})`, () => {
    let db: Database;
    let store: EventStore;
    beforeAll(async () => {
      db = await open();
      store = await createPostgresEventStore(db);
      await migrateRunnerTables(db);
    });

    /** A runner of a fresh counter projection, counting the transactions it opens. */
    async function runnerOf(options: { failOn?: (event: RecordedEvent) => boolean; batched?: boolean } = {}) {
      const name = uniqueName('pg');
      const projection = counterProjection({ name, ...options });
      await ensureLiveGeneration(db, projection);
      let transactions = 0;
      const counted: Database = { ...db, transaction: (work) => { transactions += 1; return db.transaction(work); } };
      const runner = new ProjectionRunner(counted, projection, new AppliedEvents(), silentLog);
      await runner.loadOffsets();
      /** Hands `first` over, then `later` once first's transaction has begun: later ones wait for it together. */
      const duringTransaction = async (first: FeedBatch, later: readonly FeedBatch[]) => {
        const opened = runner.handle(first);
        while (transactions === 0) await new Promise((resolve) => setImmediate(resolve));
        return { first: opened, later: later.map((batch) => runner.handle(batch)) };
      };
      return { name, runner, transactions: () => transactions, duringTransaction };
    }

    /** Fresh streams `<name>-1..count` with `perStream` events each, and a way to pick one stream's events. */
    async function streamsOf(name: string, count: number, perStream: number) {
      const streams = Array.from({ length: count }, (_, i) => `${name}-${i + 1}`);
      const events = await appendCounters(store, streams, perStream);
      return { streams, of: (stream: string) => events.filter((e) => e.streamId === stream) };
    }

    it('applies the batches that arrive during a transaction together, once each, storing every partition\'s offset', async () => {
      const { name, runner, transactions, duringTransaction } = await runnerOf({ batched: true });
      const { streams, of } = await streamsOf(name, 4, 6);

      // the first batch opens a transaction; the other three arrive while it is in flight
      const { first, later } = await duringTransaction(partitionBatch('jishi.a', 0, of(streams[0]), 6), [
        partitionBatch('jishi.a', 1, of(streams[1]), 6),
        partitionBatch('jishi.b', 0, of(streams[2]), 6),
        partitionBatch('jishi.b', 2, of(streams[3]), 6),
      ]);
      expect(await Promise.all([first, ...later])).toEqual(['applied', 'applied', 'applied', 'applied']);

      expect(transactions()).toBe(2);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
      expect(await storedOffsets(db, name)).toEqual({ 'jishi.a:0': '6', 'jishi.a:1': '6', 'jishi.b:0': '6', 'jishi.b:2': '6' });

      // delivered again (a rebalance before the offsets were committed to Kafka): the revision guard absorbs them
      const again = await Promise.all(streams.map((stream, i) => runner.handle(partitionBatch('jishi.c', i, of(stream), 6))));
      expect(again).toEqual(['applied', 'applied', 'applied', 'applied']);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
    });

    it('applies a failed group batch by batch: only the batch that cannot be applied fails, its offset not stored', async () => {
      const { name, transactions, duringTransaction } = await runnerOf({ failOn: (event) => event.streamId.endsWith('-3') });
      const { streams, of } = await streamsOf(name, 3, 3);

      const { first, later } = await duringTransaction(partitionBatch('jishi.a', 0, of(streams[0]), 3), [
        partitionBatch('jishi.a', 1, of(streams[1]), 3),
        partitionBatch('jishi.a', 2, of(streams[2]), 3),
      ]);
      expect(await first).toBe('applied');
      const settled = await Promise.allSettled(later);
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected']);
      expect(transactions()).toBe(4); // the first, the group's (rolled back), then each of its two batches

      expect(await storedOffsets(db, name)).toEqual({ 'jishi.a:0': '3', 'jishi.a:1': '3' });
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams.slice(0, 2)));
    });
  });
});
