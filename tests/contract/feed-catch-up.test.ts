/**
 * The store catch-up feed with an in-memory subscriber: batches in log order, no sleep while events remain,
 * a poke wakes an idle feed, a failed batch is retried from the stored checkpoint, a moved checkpoint is re-read.
 * On PGlite (the postgres adapter), always.
 */
import type { EventStore, LogPosition, RecordedEvent } from '../../services/event-store/event-store.port';
import { comparePositions } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { createCatchUpFeed } from '../../services/feed/catch-up.feed';
import type { BatchOutcome, FeedBatch, FeedSubscriber } from '../../services/feed/feed.port';
import { silentLog } from '../../services/feed/log';
import { sharedPGlite } from '../support/backends';
import { counterEvent, eventually, uniqueName } from './projection.fixtures';

class MemorySubscriber implements FeedSubscriber {
  readonly name = 'memory';
  checkpoint: LogPosition | null = null;
  batches: RecordedEvent[][] = [];
  loads = 0;
  failed?: (error: unknown) => void;
  constructor(private readonly decide: (batch: FeedBatch) => BatchOutcome = () => 'applied') {}
  async loadPosition() {
    this.loads += 1;
    return this.checkpoint;
  }
  async loadOffsets() {
    return [];
  }
  async handle(batch: FeedBatch) {
    const outcome = this.decide(batch);
    if (outcome === 'applied' && batch.cursor.kind === 'log') {
      this.batches.push([...batch.events]);
      this.checkpoint = batch.cursor.position;
    }
    return outcome;
  }
  streamEvents(prefix: string) {
    return this.batches.flat().filter((e) => e.streamId.startsWith(prefix));
  }
}

describe('the store catch-up feed (pglite)', () => {
  let store: EventStore;
  beforeAll(async () => {
    store = await createPostgresEventStore(await sharedPGlite());
  });

  describe('given more events than one batch', () => {
    it('delivers them in log order, batch after batch, without waiting for the poll', async () => {
      const prefix = uniqueName('fo');
      for (let i = 0; i < 5; i += 1) await store.appendToStream(`${prefix}-${i}`, Array.from({ length: 5 }, () => counterEvent()));
      const feed = createCatchUpFeed({ store, log: silentLog, batchSize: 10, pollMs: 60_000 });
      const subscriber = new MemorySubscriber();
      const t0 = Date.now();
      const subscription = await feed.subscribe(subscriber);
      expect(await eventually(async () => subscriber.streamEvents(prefix).length === 25, 5_000)).toBe(true);
      expect(Date.now() - t0).toBeLessThan(5_000);
      await subscription.stop();

      const all = subscriber.batches.flat();
      for (let i = 1; i < all.length; i += 1) expect(comparePositions(all[i - 1].position, all[i].position)).toBeLessThan(0);
      expect(subscriber.batches.every((b) => b.length <= 10)).toBe(true);
    });
  });

  describe('when it is idle and a command appends', () => {
    it('reads at once on a poke instead of after the slow poll', async () => {
      const prefix = uniqueName('fp');
      const feed = createCatchUpFeed({ store, log: silentLog, pollMs: 60_000 });
      const subscriber = new MemorySubscriber();
      const subscription = await feed.subscribe(subscriber);
      await new Promise((resolve) => setTimeout(resolve, 600)); // drained, past the quick rechecks: asleep
      await store.appendToStream(`${prefix}-1`, [counterEvent()]);
      const t0 = Date.now();
      feed.poke();
      expect(await eventually(async () => subscriber.streamEvents(prefix).length === 1, 3_000)).toBe(true);
      expect(Date.now() - t0).toBeLessThan(1_000);
      await feed.close();
      await subscription.stop();
    });
  });

  describe('with several subscribers at the same place', () => {
    it('gives each every event once, in log order, reading the log once per step for all of them', async () => {
      const prefix = uniqueName('fs');
      const counting = Object.create(store) as EventStore;
      let reads = 0;
      counting.readAll = (options) => { reads += 1; return store.readAll(options); };
      const checkpoint = await store.headPosition();
      const feed = createCatchUpFeed({ store: counting, log: silentLog, pollMs: 60_000 });
      const subscribers = Array.from({ length: 5 }, () => new MemorySubscriber());
      for (const s of subscribers) s.checkpoint = checkpoint;
      const subscriptions = await Promise.all(subscribers.map((s) => feed.subscribe(s)));
      try {
        await new Promise((resolve) => setTimeout(resolve, 600)); // drained and asleep
        reads = 0;
        for (let i = 0; i < 4; i += 1) await store.appendToStream(`${prefix}-${i}`, [counterEvent(), counterEvent()]);
        feed.poke();
        expect(await eventually(async () => subscribers.every((s) => s.streamEvents(prefix).length === 8), 5_000)).toBe(true);
        for (const s of subscribers) {
          const mine = s.streamEvents(prefix);
          for (let i = 1; i < mine.length; i += 1) expect(comparePositions(mine[i - 1].position, mine[i].position)).toBeLessThan(0);
        }
        // unshared, five subscribers would each read at least twice (the events, then the empty head)
        expect(reads).toBeLessThan(10);
      } finally {
        await Promise.all(subscriptions.map((s) => s.stop()));
      }
    });
  });

  describe('when a batch fails', () => {
    it('reloads the checkpoint and retries the same events', async () => {
      const prefix = uniqueName('ff');
      await store.appendToStream(`${prefix}-1`, [counterEvent(), counterEvent()]);
      let failures = 0;
      const failed: unknown[] = [];
      const subscriber = new MemorySubscriber((batch) => {
        if (failures < 2 && batch.events.some((e) => e.streamId.startsWith(prefix))) {
          failures += 1;
          throw new Error('transient');
        }
        return 'applied';
      });
      subscriber.failed = (error: unknown) => { failed.push(error); };
      const feed = createCatchUpFeed({ store, log: silentLog, pollMs: 60_000 });
      const subscription = await feed.subscribe(subscriber);
      expect(await eventually(async () => subscriber.streamEvents(prefix).length === 2, 5_000)).toBe(true);
      await subscription.stop();
      expect(failed).toHaveLength(2);
      expect(subscriber.loads).toBe(3);
    });
  });

  describe('when the subscriber answers that its checkpoint moved', () => {
    it('asks for the checkpoint again and continues from there', async () => {
      const prefix = uniqueName('fr');
      await store.appendToStream(`${prefix}-1`, [counterEvent()]);
      let repositioned = false;
      const subscriber = new MemorySubscriber(() => {
        if (repositioned) return 'applied';
        repositioned = true;
        return 'reposition';
      });
      const feed = createCatchUpFeed({ store, log: silentLog, pollMs: 60_000 });
      const subscription = await feed.subscribe(subscriber);
      expect(await eventually(async () => subscriber.streamEvents(prefix).length === 1, 5_000)).toBe(true);
      await subscription.stop();
      expect(subscriber.loads).toBe(2);
    });
  });
});
