/**
 * The Kafka forwarder (DESIGN.md §6): reads the store's global log through the catch-up feed and publishes each
 * event to its category topic with an idempotent producer (acks = all), then records its own checkpoint after
 * the broker acknowledged the batch. A crash between the two republishes that batch: consumers absorb the
 * duplicates with their revision guard. A failed batch throws the producer away (ProducerSlot) and is republished
 * from the checkpoint by a new one, with backoff; while that goes on the status says since when it is stuck.
 * Nothing at start waits for the broker: the process serves from PostgreSQL while Kafka is away.
 */
import type { Kafka, Message, Producer } from 'kafkajs';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { formatPosition, parsePosition, type EventStore, type LogPosition, type RecordedEvent } from '../event-store/event-store.port';
import { createCatchUpFeed } from './catch-up.feed';
import type { FeedSubscription } from './feed.port';
import { encodeEvent, type TopicMap } from './kafka-codec';
import type { Log } from './log';
import { ProducerSlot } from './kafka-producer-slot';
import type { Wakeup } from './wakeup';

export interface KafkaForwarderOptions {
  db: Database;
  store: EventStore;
  kafka: Kafka;
  topics: TopicMap;
  log: Log;
  /** Pinged on appends (shared with the projections' feed). */
  wakeup?: Wakeup;
  /** Checkpoint row name (default `default`): one forwarder per deployment. */
  name?: string;
  /** Longest pause between retries of a failed batch (default 5000 ms). */
  retryMaxMs?: number;
  batchSize?: number;
  pollMs?: number;
  partitions?: number;
}

export interface ForwarderStatus {
  name: string;
  /** The last log position the broker acknowledged (the checkpoint). */
  position: string | null;
  forwarded: number;
  /** The error of the last failed batch, while failing (null after a batch went through). */
  lastError: string | null;
  /** When the current run of failures began (ISO time), null while batches go through. */
  stuckSince: string | null;
  /** Producers made so far: above 1 after recoveries. */
  producers: number;
}

export interface KafkaForwarder {
  status(): ForwarderStatus;
  stop(): Promise<void>;
}

const MIGRATION = [
  `create table kafka_forwarder_checkpoints (
     name text primary key,
     position text,
     updated_at timestamptz not null default now()
   )`,
];

/** Below the broker's default message.max.bytes (1 MiB) per request, with room for headers and framing. */
const MAX_REQUEST_BYTES = 512 * 1024;

export async function startKafkaForwarder(options: KafkaForwarderOptions): Promise<KafkaForwarder> {
  const { db, kafka, topics, log } = options;
  const name = options.name ?? 'default';
  await migrate(db, 'kafka-forwarder', MIGRATION);
  await db.query('insert into kafka_forwarder_checkpoints (name) values ($1) on conflict (name) do nothing', [name]);
  const producers = new ProducerSlot(kafka, topics.topics, log, options.partitions);

  const state: Omit<ForwarderStatus, 'producers'> = { name, position: null, forwarded: 0, lastError: null, stuckSince: null };
  const feed = createCatchUpFeed({
    store: options.store, log, batchSize: options.batchSize, pollMs: options.pollMs, wakeup: options.wakeup,
    retry: { initialMs: 200, maxMs: options.retryMaxMs ?? 5000 },
  });
  const subscription: FeedSubscription = await feed.subscribe({
    name: `kafka-forwarder:${name}`,
    async loadPosition() {
      const { rows } = await db.query<{ position: string | null }>('select position from kafka_forwarder_checkpoints where name = $1', [name]);
      const position = rows[0]?.position ?? null;
      state.position = position;
      return position ? parsePosition(position) : null;
    },
    loadOffsets: async () => [],
    async handle(batch) {
      await publish(await producers.get(), topics, batch.events);
      const position = batch.events[batch.events.length - 1].position;
      await saveForwarded(db, name, position);
      state.position = formatPosition(position);
      state.forwarded += batch.events.length;
      state.lastError = null;
      state.stuckSince = null;
      return 'applied';
    },
    failed(error) {
      // whatever the producer's state now (a jammed sequence, a broker that lost the topics), a new one starts clean
      producers.discard();
      state.lastError = error instanceof Error ? error.message : String(error);
      state.stuckSince ??= new Date().toISOString();
    },
  });

  return {
    status: () => ({ ...state, producers: producers.generations }),
    async stop() {
      await subscription.stop();
      await feed.close();
      await producers.close();
    },
  };
}

async function saveForwarded(db: Database, name: string, position: LogPosition): Promise<void> {
  await db.query('update kafka_forwarder_checkpoints set position = $2, updated_at = now() where name = $1',
    [name, formatPosition(position)]);
}

/** Sends in log order, in requests under MAX_REQUEST_BYTES; each request waits for all in-sync replicas. */
async function publish(producer: Producer, topics: TopicMap, events: readonly RecordedEvent[]): Promise<void> {
  let chunk = new Map<string, Message[]>();
  let bytes = 0;
  const flush = async () => {
    if (chunk.size === 0) return;
    await producer.sendBatch({ acks: -1, topicMessages: [...chunk].map(([topic, messages]) => ({ topic, messages })) });
    chunk = new Map();
    bytes = 0;
  };
  for (const event of events) {
    const value = encodeEvent(event);
    const size = Buffer.byteLength(value) + event.streamId.length + 64;
    if (bytes + size > MAX_REQUEST_BYTES) await flush();
    const topic = topics.topicFor(event.streamId);
    const messages = chunk.get(topic) ?? [];
    messages.push({ key: event.streamId, value, headers: { type: event.type } });
    chunk.set(topic, messages);
    bytes += size;
  }
  await flush();
}
