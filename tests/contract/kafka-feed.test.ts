/**
 * The Kafka wire form (always), then the Kafka path against a real broker (KAFKA_BROKERS): store → forwarder →
 * topic per category → the process's consumer → each projection. Republished and redelivered events have no second effect;
 * a failed batch is retried; a rebuild switches generations under a running consumer. The read models live on
 * PostgreSQL when DATABASE_URL is set, else on PGlite.
 */
import type { Database } from '../../services/db/database';
import type { EventStore, RecordedEvent } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { decodeEvent, encodeEvent, topicMap } from '../../services/feed/kafka-codec';
import { silentLog } from '../../services/feed/log';
import type { Projection } from '../../projections/runner/projection';
import { startProjections, type ProjectionsHandle } from '../../projections/runner/start-projections';
import { freshPostgres, sharedPGlite, type FreshPostgres } from '../support/backends';
import { describeIfKafka, readTopic, topicHolds } from '../support/kafka';
import {
  appendCounters, counterEvent, counterProjection, countsTable, eventually, expectedCounts, readCounts, uniqueName, type CounterOptions,
} from './projection.fixtures';

const event: RecordedEvent = {
  streamId: 'after-sale-12', revision: 3, type: 'AfterSaleRequested', data: { reason: '不想要了', amount: 1999 },
  position: { commit: 9_007_199_254_740_993n, prepare: 42n }, recordedAt: '2025-01-02T03:04:05.000Z',
  metadata: { eventId: '0b7c1f8e-3a43-4c55-9a67-0c0b5d6f7a01', actor: { kind: 'user', id: '7' }, occurredAt: '2025-01-02T03:04:05.000Z', schemaVersion: 1, commandId: 'c-1' },
};

describe('the Kafka codec', () => {
  describe('given a recorded event with positions beyond 2^53', () => {
    it('writes them as decimal strings and reads back the same event', () => {
      const wire = encodeEvent(event);
      expect(JSON.parse(wire).position).toEqual({ commit: '9007199254740993', prepare: '42' });
      expect(decodeEvent(Buffer.from(wire))).toEqual(event);
    });
  });

  describe('given a value that is not a recorded event', () => {
    it('refuses it', () => {
      expect(() => decodeEvent('{"streamId":"order-1"}')).toThrow();
    });
  });

  describe('given configured categories', () => {
    it('routes a stream to its category topic, and any other category to jishi.other', () => {
      const topics = topicMap(['order', 'after-sale']);
      expect(topics.topics).toEqual(['jishi.order', 'jishi.after-sale', 'jishi.other']);
      expect(topics.topicFor('after-sale-12')).toBe('jishi.after-sale');
      expect(topics.topicFor('order-5')).toBe('jishi.order');
      expect(topics.topicFor('wallet-5')).toBe('jishi.other');
      expect(() => topicMap(['Bad Name'])).toThrow('cannot name a Kafka topic');
    });
  });
});

describeIfKafka('the Kafka feed', (brokers) => {
  let fresh: FreshPostgres | null = null;
  let db: Database;
  let store: EventStore;
  const handles: ProjectionsHandle[] = [];
  /** Projections on the Kafka feed of `category`'s topic, ready; stopped after the test. */
  const startOn = async (category: string, projections: Projection[]) => {
    const handle = await startProjections({
      db, store, projections, log: silentLog, feed: { kafka: { brokers, clientId: 'jishi-test', categories: [category] } },
    });
    handles.push(handle);
    await handle.ready();
    return handle;
  };
  const start = (options: CounterOptions) => startOn(options.name, [counterProjection(options)]);
  const stop = async (handle: ProjectionsHandle) => {
    handles.splice(handles.indexOf(handle), 1);
    await handle.stop();
  };

  beforeAll(async () => {
    fresh = await freshPostgres('kafka_feed');
    db = fresh?.db ?? await sharedPGlite();
    store = await createPostgresEventStore(db);
  });
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.stop();
  });
  afterAll(async () => fresh?.drop());

  describe('given events appended to the store', () => {
    it('publishes each to its category topic keyed by stream id and the consumer applies them once', async () => {
      const name = uniqueName('kp');
      const streams = [1, 2, 3, 4].map((i) => `${name}-${i}`);
      await appendCounters(store, streams, 6);
      const handle = await start({ name });
      const last = await store.appendToStream(streams[0], [counterEvent()]);
      expect(await handle.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));

      const messages = await readTopic(brokers, `jishi.${name}`);
      expect(messages).toHaveLength(4 * 6 + 1);
      const partitionOf = new Map<string, Set<number>>();
      for (const m of messages) partitionOf.set(m.key, (partitionOf.get(m.key) ?? new Set()).add(m.partition));
      expect([...partitionOf.keys()].sort()).toEqual(streams);
      for (const partitions of partitionOf.values()) expect(partitions.size).toBe(1);
      const wire = JSON.parse(messages[0].value);
      expect(wire).toMatchObject({ streamId: messages[0].key, position: { commit: expect.stringMatching(/^\d+$/), prepare: expect.stringMatching(/^\d+$/) } });
      expect(handle.forwarder()).toMatchObject({ lastError: null });
    });
  });

  describe('given a projection with bulk indexes starting on a log', () => {
    it('catches up from the store first and builds them after, so what the consumer applies next finds them', async () => {
      const name = uniqueName('kb');
      const counter = counterProjection({ name });
      const index = `${name}_by_events`;
      const indexed = async (schema: string, q: { query: Database['query'] } = db) => (await q.query<{ n: number }>(
        'select count(*)::int as n from pg_indexes where schemaname = $1 and indexname = $2', [schema, index])).rows[0].n === 1;
      const seen: boolean[] = [];
      const projection = {
        ...counter,
        bulkIndexes: (schema: string) => [`create index if not exists ${index} on ${schema}.${countsTable(name)} (events)`],
        async apply(tx: Parameters<typeof counter.apply>[0], e: Parameters<typeof counter.apply>[1], schema: string) {
          if (e.streamId.startsWith(`${name}-`)) seen.push(await indexed(schema, tx));
          await counter.apply(tx, e, schema);
        },
      };
      const streams = [`${name}-1`, `${name}-2`];
      await appendCounters(store, streams, 3); // 2 counted of 3 per stream
      const handle = await startOn(name, [projection]);
      expect(await indexed(`rm_${name}_g1`)).toBe(true);
      const last = await store.appendToStream(streams[0], [counterEvent()]);
      expect(await handle.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
      expect(seen).toEqual([false, false, false, false, true]);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
    });
  });

  describe('when a fetch brings batches of several partitions', () => {
    it('hands them over together and applies them in fewer transactions than partitions', async () => {
      const name = uniqueName('kg');
      // 40 streams keyed over the topic's 3 partitions: each partition receives some (odds against: 3 × (2/3)^40)
      const streams = Array.from({ length: 40 }, (_, i) => `${name}-${i + 1}`);
      const counter = counterProjection({ name });
      const transactionOf = new Map<string, string>();
      const projection = {
        ...counter,
        async apply(tx: Parameters<typeof counter.apply>[0], e: Parameters<typeof counter.apply>[1], schema: string) {
          if (e.streamId.startsWith(`${name}-`)) {
            const { rows } = await tx.query<{ id: string }>('select pg_current_xact_id()::text as id');
            transactionOf.set(`${e.streamId}@${e.revision}`, rows[0].id);
          }
          await counter.apply(tx, e, schema);
        },
      };
      const startWith = (projections: Projection[]) => startOn(name, projections);
      // the projection's consumer stores an offset on every partition
      let consumer = await startWith([projection]);
      expect(await consumer.waitFor(await appendCounters(store, streams, 1), { timeoutMs: 15_000 })).toBe(true);
      const partitionOf = new Map((await readTopic(brokers, `jishi.${name}`)).map((m) => [m.key, m.partition]));
      expect(new Set(streams.map((s) => partitionOf.get(s))).size).toBe(3);
      // Stopped, it misses one more event of each stream, forwarded by another process (whose own projection counts
      // nothing here); back, its first fetch holds every partition's new events. Widest transaction per round: a
      // round may still see a partition's batch apart (one fetched before the stored offset's seek took effect, and
      // dropped), so up to 3 rounds; one partition per transaction in each, when handed over one at a time.
      const widest: number[] = [];
      for (let round = 1; round <= 3 && !widest.some((n) => n >= 2); round += 1) {
        await stop(consumer);
        const later = await appendCounters(store, streams, 1);
        const forwarder = await startWith([counterProjection({ name: uniqueName('kh') })]);
        expect(await topicHolds(brokers, `jishi.${name}`, (round + 1) * streams.length, 15_000)).toBe(true);
        await stop(forwarder);
        consumer = await startWith([projection]);
        expect(await consumer.waitFor(later, { timeoutMs: 15_000 })).toBe(true);
        const partitionsIn = new Map<string, Set<number>>();
        for (const e of later) {
          const id = transactionOf.get(`${e.streamId}@${e.revision}`)!;
          partitionsIn.set(id, (partitionsIn.get(id) ?? new Set()).add(partitionOf.get(e.streamId)!));
        }
        widest.push(Math.max(...[...partitionsIn.values()].map((partitions) => partitions.size)));
      }
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
      expect(Math.max(...widest)).toBeGreaterThanOrEqual(2);
    });
  });

  describe('when the forwarder checkpoint is reset and everything is republished', () => {
    it('doubles the topic but not the counts', async () => {
      const name = uniqueName('kr');
      const streams = [`${name}-1`, `${name}-2`];
      const last = await appendCounters(store, streams, 5);
      const first = await start({ name });
      expect(await first.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
      await stop(first);

      await db.query('update kafka_forwarder_checkpoints set position = null');
      const second = await start({ name });
      expect(await eventually(async () => (await readTopic(brokers, `jishi.${name}`)).length === 20, 20_000)).toBe(true);
      const tail = await store.appendToStream(streams[1], [counterEvent()]);
      expect(await second.waitFor(tail, { timeoutMs: 10_000 })).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
    });
  });

  describe('when the stored consumer offsets are reset and every message is delivered again', () => {
    it('consumes the topic from the start with no second effect', async () => {
      const name = uniqueName('ko');
      const streams = [`${name}-1`, `${name}-2`, `${name}-3`];
      const last = await appendCounters(store, streams, 4);
      const first = await start({ name });
      expect(await first.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
      const before = await readCounts(db, name);
      await stop(first);

      await db.query('update projection_kafka_offsets set next_offset = 0 where projection = $1', [name]);
      const second = await start({ name });
      const consumedAgain = async () => {
        const { rows } = await db.query<{ n: string }>(
          'select coalesce(sum(next_offset), 0)::text as n from projection_kafka_offsets where projection = $1 and topic = $2',
          [name, `jishi.${name}`]);
        return Number(rows[0].n) === 12;
      };
      expect(await eventually(consumedAgain, 20_000)).toBe(true);
      expect(await readCounts(db, name)).toEqual(before);
      expect(before).toEqual(await expectedCounts(store, streams));
      // the lag counts every topic the projection reads: the others' offsets were reset too and are read again meanwhile
      expect(await eventually(async () => (await second.status())[0].lag === 0, 20_000)).toBe(true);
      expect((await second.status())[0]).toMatchObject({ feed: 'kafka', lag: 0, state: 'live' });
      expect(await readCounts(db, name)).toEqual(before);
    });
  });

  describe('given messages with nothing the projection handles', () => {
    it('moves past them without a transaction, storing their offset a second later or with the next real batch', async () => {
      const name = uniqueName('kq');
      const topic = `jishi.${name}`;
      const storedOffsets = async () => {
        const { rows } = await db.query<{ n: string }>(
          'select coalesce(sum(next_offset), 0)::text as n from projection_kafka_offsets where projection = $1 and topic = $2', [name, topic]);
        return Number(rows[0].n);
      };
      const handle = await start({ name });
      const first = await store.appendToStream(`${name}-1`, [counterEvent()]);
      expect(await handle.waitFor(first, { timeoutMs: 10_000 })).toBe(true);
      const stored = await storedOffsets();
      expect(stored).toBe(1);

      await store.appendToStream(`${name}-other`, [counterEvent('SomethingElse'), counterEvent('SomethingElse'), counterEvent('SomethingElse')]);
      handle.notifyAppended();
      expect(await topicHolds(brokers, topic, 4)).toBe(true);
      // consumed within milliseconds of reaching the topic: a transaction would have stored the offset by now, and the
      // timer stores it only a second after the consumer moved past it
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await storedOffsets()).toBe(stored);
      // and nothing else comes: the timer stores it (health lag 0, a restart re-reads nothing)
      expect(await eventually(async () => (await storedOffsets()) === stored + 3, 5000)).toBe(true);
      expect(await eventually(async () => (await handle.status())[0].lag === 0, 10_000)).toBe(true);

      const last = await store.appendToStream(`${name}-1`, [counterEvent()]);
      expect(await handle.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, [`${name}-1`]));
    });
  });

  describe('when a batch throws once', () => {
    it('rolls it back, retries with backoff and applies it exactly once', async () => {
      const name = uniqueName('kf');
      const streams = [`${name}-1`, `${name}-2`];
      let thrown = 0;
      const handle = await start({ name, failOn: (e) => e.streamId === streams[1] && e.revision === 1 && thrown++ === 0 });
      const last = await appendCounters(store, streams, 4);
      expect(await handle.waitFor(last, { timeoutMs: 15_000 })).toBe(true);
      expect(thrown).toBeGreaterThan(1);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
    });
  });

  describe('when the projection is rebuilt under a running consumer', () => {
    it('switches generations and keeps applying what the consumer receives next', async () => {
      const name = uniqueName('kb');
      const streams = [`${name}-1`, `${name}-2`];
      const last = await appendCounters(store, streams, 6);
      const handle = await start({ name });
      expect(await handle.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
      const [result] = await handle.rebuild(name);
      expect(result).toMatchObject({ generation: 2, previousGeneration: 1 });
      const tail = await store.appendToStream(streams[0], [counterEvent(), counterEvent()]);
      expect(await handle.waitFor(tail, { timeoutMs: 10_000 })).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
    });
  });
});
