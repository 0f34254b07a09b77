/**
 * The Kafka feed under real faults (issue 10): projections keep the store's global position, whatever the broker
 * does. A broker that starts late, a broker wiped and restarted under a running consumer and a topic recreated
 * between two runs each leave every event applied exactly once; a producer that jams is replaced and the batch
 * republished. The broker that restarts is the suite's own (tests/support/kafka-broker.ts), never the shared one.
 */
import type { Kafka } from 'kafkajs';
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { createKafka } from '../../services/feed/kafka-client';
import { topicMap } from '../../services/feed/kafka-codec';
import { startKafkaForwarder } from '../../services/feed/kafka.forwarder';
import { silentLog } from '../../services/feed/log';
import { startProjections, type ProjectionsHandle } from '../../projections/runner/start-projections';
import { freshPostgres, sharedPGlite, type FreshPostgres } from '../support/backends';
import { describeIfKafka, readTopic } from '../support/kafka';
import { ownBroker } from '../support/kafka-broker';
import {
  appendCounters, counterProjection, eventually, expectedCounts, readCounts, uniqueName,
} from './projection.fixtures';

describeIfKafka('the Kafka feed under broker faults', (sharedBrokers) => {
  let fresh: FreshPostgres | null = null;
  let db: Database;
  let store: EventStore;
  const broker = ownBroker();
  const handles: ProjectionsHandle[] = [];
  const start = async (name: string, brokers: string[]) => {
    const handle = await startProjections({
      db, store, projections: [counterProjection({ name })], log: silentLog,
      feed: { kafka: { brokers, clientId: 'jishi-test', categories: [name] } },
      health: { brokerTimeoutMs: 500 },
    });
    handles.push(handle);
    return handle;
  };
  const stop = async (handle: ProjectionsHandle) => {
    handles.splice(handles.indexOf(handle), 1);
    await handle.stop();
  };
  const countsMatch = async (name: string, streams: string[]) =>
    JSON.stringify(await readCounts(db, name)) === JSON.stringify(await expectedCounts(store, streams));

  beforeAll(async () => {
    fresh = await freshPostgres('kafka_faults');
    db = fresh?.db ?? await sharedPGlite();
    store = await createPostgresEventStore(db);
    await broker.stop();
  });
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.stop();
  });
  afterAll(async () => {
    await broker.stop();
    await fresh?.drop();
  });

  describe('given no broker reachable when the projections start', () => {
    it('starts at once, reports kafka down, and catches up when a broker appears', async () => {
      const name = uniqueName('kd');
      const streams = [`${name}-1`, `${name}-2`];
      const handle = await start(name, broker.brokers);
      expect((await handle.health()).problems).toContain('kafka');
      const appended = await appendCounters(store, streams, 4);
      expect(await handle.waitFor(appended, { timeoutMs: 300 })).toBe(false); // bounded, never hangs

      await broker.start({ fresh: true });
      expect(await handle.waitFor(appended, { timeoutMs: 60_000 })).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
      const healthy = async () => !(await handle.health()).problems.some((p) => ['kafka', 'forwarder', `projection:${name}`].includes(p));
      expect(await eventually(healthy, 20_000)).toBe(true);
    }, 120_000);
  });

  describe('when the broker is wiped and restarted under a running consumer', () => {
    it('skips no event: the projection resumes from its global position on the new cluster', async () => {
      const name = uniqueName('kw');
      const streams = [`${name}-1`, `${name}-2`, `${name}-3`];
      await broker.start();
      const handle = await start(name, broker.brokers);
      await handle.ready();
      const before = await appendCounters(store, streams, 6);
      expect(await handle.waitFor(before, { timeoutMs: 20_000 })).toBe(true);

      await broker.stop();
      await broker.start({ fresh: true }); // new cluster id, topics gone, offsets from zero
      const after = await appendCounters(store, streams, 3);
      expect(await handle.waitFor(after, { timeoutMs: 60_000 })).toBe(true);
      expect(await eventually(() => countsMatch(name, streams), 10_000)).toBe(true);
      expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
      const { rows } = await db.query<{ clusters: number }>(
        'select count(distinct cluster_id)::int as clusters from projection_kafka_offsets where projection = $1', [name]);
      expect(rows[0].clusters).toBe(1);
    }, 120_000);
  });

  describe('when a topic is recreated between two runs (offsets going backwards)', () => {
    it('resumes from the global position instead of dropping the new topic\'s messages', async () => {
      const name = uniqueName('kt');
      const streams = [`${name}-1`, `${name}-2`];
      const first = await start(name, sharedBrokers);
      await first.ready();
      const before = await appendCounters(store, streams, 9);
      expect(await first.waitFor(before, { timeoutMs: 20_000 })).toBe(true);
      await stop(first);

      await recreateTopic(createKafka({ brokers: sharedBrokers, clientId: 'jishi-test-admin' }, silentLog), `jishi.${name}`);
      const after = await appendCounters(store, streams, 2);
      const second = await start(name, sharedBrokers);
      expect(await second.waitFor(after, { timeoutMs: 30_000 })).toBe(true);
      expect(await eventually(() => countsMatch(name, streams), 10_000)).toBe(true);
    }, 90_000);
  });

  describe('when the forwarder\'s producer jams ("out of order sequence number")', () => {
    it('reports since when it is stuck, replaces the producer and republishes from its checkpoint', async () => {
      const name = uniqueName('kj');
      const topics = topicMap([name]);
      const real = createKafka({ brokers: sharedBrokers, clientId: 'jishi-test' }, silentLog);
      let jammed = true;
      let made = 0;
      let discarded = 0;
      const kafka = Object.create(real) as Kafka;
      kafka.producer = (config) => {
        const producer = real.producer(config);
        made += 1;
        const send = producer.sendBatch.bind(producer);
        const disconnect = producer.disconnect.bind(producer);
        producer.sendBatch = async (batch) => {
          if (jammed) throw new Error('The broker received an out of order sequence number');
          return send(batch);
        };
        producer.disconnect = async () => {
          discarded += 1;
          return disconnect();
        };
        return producer;
      };
      await appendCounters(store, [`${name}-1`], 3);
      const forwarder = await startKafkaForwarder({ db, store, kafka, topics, log: silentLog, name, retryMaxMs: 500 });
      try {
        expect(await eventually(async () => forwarder.status().stuckSince !== null && made >= 2, 15_000)).toBe(true);
        expect(forwarder.status().lastError).toMatch(/out of order sequence number/);
        expect(discarded).toBeGreaterThanOrEqual(1);

        jammed = false;
        expect(await eventually(async () => forwarder.status().lastError === null, 20_000)).toBe(true);
        expect(forwarder.status()).toMatchObject({ stuckSince: null });
        expect(forwarder.status().producers).toBeGreaterThanOrEqual(2);
        const messages = await readTopic(sharedBrokers, `jishi.${name}`);
        expect(messages.length).toBe(3);
      } finally {
        await forwarder.stop();
      }
    }, 60_000);
  });
});

/** Deletes the topic and creates it again empty (deletion completes in the background on the broker). */
async function recreateTopic(kafka: Kafka, topic: string): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.deleteTopics({ topics: [topic] });
    const gone = async () => !(await admin.listTopics()).includes(topic);
    if (!(await eventually(gone, 20_000))) throw new Error(`topic ${topic} was not deleted`);
    expect(await eventually(async () => {
      try {
        await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
        return true;
      } catch {
        return false;
      }
    }, 20_000)).toBe(true);
  } finally {
    await admin.disconnect();
  }
}
