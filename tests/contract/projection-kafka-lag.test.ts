/**
 * A Kafka-fed projection's lag and stall in health (issue 28 #2 and #3): the lag counts only the messages of the
 * topics that carry a type it handles (the forwarder records which types each topic carries: kafka-event-topics.ts),
 * and a projection whose offsets have not moved for a minute is not stalled when a message for it arrives — only
 * once it has stayed behind the stall window. PGlite; a stand-in for the broker's offsets (no broker needed).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../services/db/database';
import type { EventStore, RecordedEvent } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { topicMap } from '../../services/feed/kafka-codec';
import { EventTopicsRecorder, migrateEventTopics } from '../../services/feed/kafka-event-topics';
import type { ClusterState, KafkaFeedAdmin } from '../../services/feed/kafka-feed-admin';
import type { KafkaFeed } from '../../services/feed/kafka.feed';
import { assessFeed, type ProjectionHealth } from '../../projections/runner/feed-health';
import { ensureLiveGeneration } from '../../projections/runner/generations';
import type { Projection } from '../../projections/runner/projection';
import { migrateRunnerTables } from '../../projections/runner/runner-tables';
import { PendingWatch } from '../../projections/runner/stall';
import { kafkaLags } from '../../projections/runner/status';
import { sharedPGlite } from '../support/backends';
import { COUNTED, counterProjection, uniqueName } from './projection.fixtures';
import { loadConfig } from '../../services/config';
import { missingBrokers } from '../../services/feed/kafka-feed-admin';

const CLUSTER = 'test-cluster';
const topics = topicMap(['counter', 'cart']);

let db: Database;
let store: EventStore;

beforeAll(async () => {
  db = await sharedPGlite();
  store = await createPostgresEventStore(db);
  await migrateRunnerTables(db);
  await migrateEventTopics(db);
});

/** The broker's partition ends, as health and `projections status` read them. */
function brokerWith(ends: Record<string, number>, options: { missing?: string[]; answerAfterMs?: number } = {}): KafkaFeed {
  const state: ClusterState = {
    clusterId: CLUSTER,
    partitions: Object.entries(ends).map(([topic, high]) => ({ topic, partition: 0, low: 0n, high: BigInt(high) })),
    brokers: ['127.0.0.1:9092'], missingBrokers: options.missing ?? [],
  };
  const admin = {
    state: async () => {
      if (options.answerAfterMs) await new Promise((resolve) => setTimeout(resolve, options.answerAfterMs));
      return state;
    },
  } as unknown as KafkaFeedAdmin;
  const headOffsets = async () => state.partitions.map((p) => ({ topic: p.topic, partition: p.partition, nextOffset: String(p.high), clusterId: CLUSTER }));
  return { kind: 'kafka', admin, headOffsets } as unknown as KafkaFeed;
}

/** A projection (of CounterBumped) whose stored offsets last moved a minute ago. */
async function projectionAt(offsets: Record<string, number>): Promise<Projection> {
  const projection = counterProjection({ name: uniqueName('klag') });
  await ensureLiveGeneration(db, projection);
  const entries = Object.entries(offsets);
  await db.query(
    `insert into projection_kafka_offsets (projection, topic, partition, next_offset, position, cluster_id, updated_at)
     select $1, t.topic, 0, t.next_offset, '0/0', $4, now() - interval '1 minute' from unnest($2::text[], $3::bigint[]) as t (topic, next_offset)`,
    [projection.name, entries.map(([topic]) => topic), entries.map(([, next]) => next), CLUSTER]);
  return projection;
}

const forwarded = (streamId: string, type: string): RecordedEvent => ({
  streamId, revision: 0, position: { commit: 1n, prepare: 1n }, recordedAt: new Date().toISOString(), type, data: {},
  metadata: { eventId: randomUUID(), actor: { kind: 'system' }, occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

async function healthOf(projection: Projection, feed: KafkaFeed, options: { stallMs?: number; pending?: PendingWatch } = {}): Promise<ProjectionHealth> {
  const report = await assessFeed(
    { db, store, feed, projections: [projection], runners: null, forwarder: null, pending: options.pending },
    { stallMs: options.stallMs ?? 30_000 });
  return report.projections[0];
}

describe('before the forwarder recorded which topics carry which types', () => {
  it('counts the messages of every topic (nothing is known to leave out)', async () => {
    const projection = await projectionAt({ 'jishi.counter': 10, 'jishi.cart': 5, 'jishi.other': 0 });
    expect((await healthOf(projection, brokerWith({ 'jishi.counter': 10, 'jishi.cart': 8, 'jishi.other': 0 }))).lag).toBe(3);
  });
});

describe('once the forwarder recorded the topics of the types it published', () => {
  beforeAll(async () => {
    await new EventTopicsRecorder(db, topics).record([forwarded('counter-1', COUNTED), forwarded('cart-1', 'CartItemAdded')]);
  });

  it('leaves out the messages of topics that carry nothing the projection handles', async () => {
    const projection = await projectionAt({ 'jishi.counter': 10, 'jishi.cart': 5, 'jishi.other': 0 });
    const broker = brokerWith({ 'jishi.counter': 10, 'jishi.cart': 8, 'jishi.other': 4 });
    expect(await healthOf(projection, broker)).toMatchObject({ lag: 0, stalled: false });
    expect((await kafkaLags(db, broker, [projection])).get(projection.name)).toBe(0);
  });

  it('counts the messages of the topics that carry its types', async () => {
    const projection = await projectionAt({ 'jishi.counter': 10, 'jishi.cart': 5, 'jishi.other': 0 });
    const broker = brokerWith({ 'jishi.counter': 12, 'jishi.cart': 8, 'jishi.other': 4 });
    expect((await healthOf(projection, broker)).lag).toBe(2);
    expect((await kafkaLags(db, broker, [projection])).get(projection.name)).toBe(2);
  });
});

describe('a Kafka-fed projection whose offsets have not moved for a minute', () => {
  it('is not stalled when a message for it arrives, and is once it stayed behind the stall window', async () => {
    const projection = await projectionAt({ 'jishi.counter': 10, 'jishi.cart': 8, 'jishi.other': 0 });
    const pending = new PendingWatch();
    const broker = brokerWith({ 'jishi.counter': 11, 'jishi.cart': 8, 'jishi.other': 0 });
    expect(await healthOf(projection, broker, { pending, stallMs: 200 })).toMatchObject({ lag: 1, stalled: false });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await healthOf(projection, broker, { pending, stallMs: 200 })).toMatchObject({ lag: 1, stalled: true });
  });

  it('is stalled behind on its own topic even while the offsets of a topic it does not handle keep moving', async () => {
    const projection = await projectionAt({ 'jishi.counter': 10, 'jishi.cart': 8, 'jishi.other': 0 });
    const pending = new PendingWatch();
    const broker = brokerWith({ 'jishi.counter': 11, 'jishi.cart': 9, 'jishi.other': 0 });
    expect(await healthOf(projection, broker, { pending, stallMs: 200 })).toMatchObject({ lag: 1, stalled: false });
    await new Promise((resolve) => setTimeout(resolve, 400));
    // its runner stores the offsets of batches with nothing for it: the cart partition's moved just now
    await db.query(`update projection_kafka_offsets set next_offset = 9, updated_at = now() where projection = $1 and topic = 'jishi.cart'`, [projection.name]);
    expect(await healthOf(projection, broker, { pending, stallMs: 200 })).toMatchObject({ lag: 1, stalled: true });
  });
});

describe('the brokers in health (issue 30)', () => {
  const problemsOf = async (feed: KafkaFeed, brokerTimeoutMs?: number) => (await assessFeed(
    { db, store, feed, projections: [], runners: null, forwarder: null }, { brokerTimeoutMs })).problems
    .filter((problem) => problem.startsWith('kafka')); // no worker beats here: 'worker' is not what these look at

  it('names a configured broker the cluster no longer lists, while the others serve', async () => {
    expect(await problemsOf(brokerWith({}, { missing: ['127.0.0.1:9094'] }))).toEqual(['kafka-broker:127.0.0.1:9094']);
    expect(await problemsOf(brokerWith({}))).toEqual([]);
  });

  it('tells the missing brokers from the live ones the cluster lists (localhost is 127.0.0.1)', () => {
    expect(missingBrokers(['localhost:9092', '127.0.0.1:9094', '127.0.0.1:9096'], ['127.0.0.1:9092', '127.0.0.1:9096'])).toEqual(['127.0.0.1:9094']);
    expect(missingBrokers(['127.0.0.1:9092'], ['127.0.0.1:9092'])).toEqual([]);
  });

  it('waits HEALTH_KAFKA_TIMEOUT_MS (default 5 s) for a slow cluster before calling Kafka down', async () => {
    expect(loadConfig({}).HEALTH_KAFKA_TIMEOUT_MS).toBe(5000);
    const slow = () => brokerWith({}, { answerAfterMs: 1800 });
    expect(await problemsOf(slow(), loadConfig({}).HEALTH_KAFKA_TIMEOUT_MS)).toEqual([]);
    expect(await problemsOf(slow(), 1500)).toEqual(['kafka']); // the old fixed wait: a loaded machine's answer came too late
  });
});
