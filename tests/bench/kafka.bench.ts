/**
 * Scenario 4: the Kafka path on PostgreSQL: the forwarder publishing a filled log (acks = all, idempotent
 * producer) and the projection consuming it as a consumer group into its read model. The consumer joins and a
 * warm-up event goes through first; then the forwarder is stopped, the log filled, and a forwarder restarted from
 * its checkpoint at t0. Baseline: the same encoded messages sent and consumed with bare kafkajs (same producer
 * settings, same partitions, no database), so the ratio is what the store read, checkpoints and projection cost.
 */
import { randomBytes } from 'node:crypto';
import { Partitioners, type Kafka, type Message } from 'kafkajs';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { createKafka } from '../../services/feed/kafka-client';
import { encodeEvent, topicMap } from '../../services/feed/kafka-codec';
import { startKafkaForwarder, type KafkaForwarder } from '../../services/feed/kafka.forwarder';
import { startProjections } from '../../projections/runner/start-projections';
import { benchLog, scaled, withFreshDatabase, type BenchConfig } from './bench-backends';
import { BENCH_CATEGORY, benchEvent, benchStream, fillEvents } from './bench-events';
import { benchProjection, checkTotals, lastLogEvent, ordersTable, waitApplied } from './bench.projection';
import { fmtCount, fmtRate, fmtRatio, now, perSecond, progress, type Section } from './stats';

const PARTITIONS = 3;
const CHUNK = 1000;
const WAIT_MS = 10 * 60_000;

interface PathRates { forwardRate: number; endToEndRate: number }

async function untilTrue(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Bare kafkajs: produce `events` in chunks to a new topic while a fresh consumer group counts them. */
async function rawKafka(kafka: Kafka, events: readonly RecordedEvent[]): Promise<PathRates> {
  const topic = `jishi.benchraw-${randomBytes(3).toString('hex')}`;
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: PARTITIONS }] });
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
  const consumer = kafka.consumer({ groupId: `${topic}.group`, maxWaitTimeInMs: 250 });
  try {
    await producer.connect();
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    let consumed = 0;
    const joined = new Promise<void>((resolve) => { consumer.on(consumer.events.GROUP_JOIN, () => resolve()); });
    await consumer.run({ eachBatch: async ({ batch }) => { consumed += batch.messages.length; } });
    await joined;
    const messages: Message[] = events.map((e) => ({ key: e.streamId, value: encodeEvent(e), headers: { type: e.type } }));
    const t0 = now();
    for (let i = 0; i < messages.length; i += CHUNK) {
      await producer.sendBatch({ acks: -1, topicMessages: [{ topic, messages: messages.slice(i, i + CHUNK) }] });
    }
    const produced = now() - t0;
    await untilTrue(() => consumed >= messages.length, WAIT_MS, 'the raw consumer');
    return { forwardRate: perSecond(messages.length, produced), endToEndRate: perSecond(messages.length, now() - t0) };
  } finally {
    await consumer.disconnect().catch(() => undefined);
    await producer.disconnect().catch(() => undefined);
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    await admin.disconnect();
  }
}

export async function kafkaBench(config: BenchConfig): Promise<Section> {
  if (!config.databaseUrl || !config.kafkaBrokers) throw new Error('kafka needs DATABASE_URL and KAFKA_BROKERS');
  const brokers = config.kafkaBrokers;
  const count = scaled(config, 20_000);
  const tag = randomBytes(3).toString('hex');
  const kafka = createKafka({ brokers, clientId: `jishi-bench-${tag}` }, benchLog);
  const topics = topicMap([BENCH_CATEGORY]);
  const notes: string[] = [];

  const result = await withFreshDatabase(config.databaseUrl, 'kafka', async ({ db }) => {
    const store = await createPostgresEventStore(db);
    const name = `bench_k_${tag}`;
    const handle = await startProjections({
      db, store, projections: [benchProjection(name, 'batch')], log: benchLog,
      feed: { kafka: { brokers, clientId: `jishi-bench-${tag}`, categories: [BENCH_CATEGORY], partitions: PARTITIONS, forward: false } },
    });
    let forwarder: KafkaForwarder | null = null;
    const forward = () => startKafkaForwarder({ db, store, kafka, topics, log: benchLog, name: `bench-${tag}`, partitions: PARTITIONS });
    try {
      await handle.ready();
      forwarder = await forward();
      progress('kafka: warm-up event through the pipeline');
      const warm = await store.appendToStream(benchStream(900_000_000), [benchEvent(`kw${tag}`, 9_000_000_000)]);
      await waitApplied(handle, warm.events, 120_000);
      await forwarder.stop();
      forwarder = null;

      progress(`kafka: filling ${fmtCount(count)} events, then forwarding`);
      await fillEvents(db, 'events', `k${tag}`, 0, count);
      const log = await store.readAll({ after: warm.position, limit: count + 1 });
      const last = await lastLogEvent(db, store);
      const t0 = now();
      forwarder = await forward();
      const running = forwarder;
      await untilTrue(() => running.status().forwarded >= count, WAIT_MS, 'the forwarder');
      const forwardMs = now() - t0;
      await waitApplied(handle, [last], WAIT_MS);
      const endMs = now() - t0;
      const check = await checkTotals(db, `public.${ordersTable(name)}`);
      if (!check.ok) throw new Error(`read model wrong: ${check.line}`);
      notes.push(`Check: ${check.line}.`);
      progress('kafka: raw kafkajs baseline');
      const raw = await rawKafka(kafka, log);
      return { ours: { forwardRate: perSecond(count, forwardMs), endToEndRate: perSecond(count, endMs) }, raw };
    } finally {
      await forwarder?.stop();
      await handle.stop();
    }
  });

  notes.push(
    `${fmtCount(count)} events, ${PARTITIONS} partitions per topic, producer idempotent with acks = all; messages are the feed's wire form `
    + '(JSON of the recorded event, key = stream id). Ours: forwarder reads the store log in batches of 1000 and saves its checkpoint per '
    + 'batch; the consumer group decodes (zod), applies set-based with the revision guard and stores the partition offset in the batch transaction.',
    'Forward = until the forwarder has published everything; end to end = until waitFor() sees the last event in the read model (both from t0).',
  );
  const rows = [
    ['forward (store log → Kafka, acks = all)', fmtRate(result.ours.forwardRate), 'produce only', fmtRate(result.raw.forwardRate),
      fmtRatio(result.ours.forwardRate, result.raw.forwardRate)],
    ['forward + consume into the read model', fmtRate(result.ours.endToEndRate), 'produce + consume', fmtRate(result.raw.endToEndRate),
      fmtRatio(result.ours.endToEndRate, result.raw.endToEndRate)],
  ];
  return {
    title: '4. Kafka: forward + consume (PostgreSQL store and read model)',
    tables: [{ headers: ['path', 'ours', 'bare kafkajs baseline', 'baseline rate', 'ratio'], rows }],
    notes,
  };
}
