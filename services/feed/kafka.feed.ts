/**
 * The Kafka feed (DESIGN.md §6): one consumer group per subscriber (`jishi.projection.<name>`), one `eachBatch`
 * per topic-partition batch. The subscriber stores the partition's next offset in its own transaction; Kafka's
 * committed offsets are not used. On every assignment the consumer seeks to the stored offsets, and messages
 * below them are dropped before the subscriber sees them (a batch fetched before the seek took effect).
 * A failed batch is retried in place with backoff, heartbeating, until it commits or the partition moves away.
 */
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import type { RecordedEvent } from '../event-store/event-store.port';
import { Backoff, pause } from './backoff';
import type { Feed, FeedSubscriber, FeedSubscription, PartitionOffset } from './feed.port';
import { ensureTopics } from './kafka-client';
import { decodeEvent, type TopicMap } from './kafka-codec';
import { errorFields, type Log } from './log';

export interface KafkaFeedOptions {
  kafka: Kafka;
  topics: TopicMap;
  log: Log;
  partitions?: number;
  /** Group id prefix (default `jishi.projection.`). */
  groupPrefix?: string;
}

const key = (topic: string, partition: number) => `${topic}:${partition}`;

export function createKafkaFeed(options: KafkaFeedOptions): Feed {
  const { kafka, topics, log } = options;
  const subscriptions = new Set<FeedSubscription>();
  let topicsReady: Promise<void> | null = null;
  const ready = () => (topicsReady ??= ensureTopics(kafka, topics.topics, options.partitions).catch((error) => {
    topicsReady = null;
    throw error;
  }));

  return {
    kind: 'kafka',
    async subscribe(subscriber) {
      await ready();
      const subscription = await runConsumer(options, subscriber);
      subscriptions.add(subscription);
      return {
        async stop() {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
      };
    },
    async headOffsets() {
      await ready();
      const admin = kafka.admin();
      await admin.connect();
      try {
        const all: PartitionOffset[] = [];
        for (const topic of topics.topics) {
          for (const p of await admin.fetchTopicOffsets(topic)) all.push({ topic, partition: p.partition, nextOffset: p.high });
        }
        return all;
      } finally {
        await admin.disconnect();
      }
    },
    poke: () => undefined, // the broker pushes; the forwarder has its own wake-up
    async close() {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      subscriptions.clear();
    },
  };
}

async function runConsumer(options: KafkaFeedOptions, subscriber: FeedSubscriber): Promise<FeedSubscription> {
  const { kafka, topics, log } = options;
  const consumer: Consumer = kafka.consumer({
    groupId: `${options.groupPrefix ?? 'jishi.projection.'}${subscriber.name}`,
    maxWaitTimeInMs: 250,
    sessionTimeout: 30_000,
    heartbeatInterval: 3_000,
  });
  const stored = new Map<string, bigint>();
  const loadStored = async () => {
    stored.clear();
    for (const o of await subscriber.loadOffsets()) stored.set(key(o.topic, o.partition), BigInt(o.nextOffset));
  };
  await loadStored();

  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    // synchronous, before the first fetch of this assignment: kafkajs applies pending seeks at fetch time
    for (const [topic, partitions] of Object.entries(payload.memberAssignment)) {
      for (const partition of partitions) {
        const next = stored.get(key(topic, partition));
        if (next !== undefined) consumer.seek({ topic, partition, offset: next.toString() });
      }
    }
  });

  await consumer.connect();
  await consumer.subscribe({ topics: [...topics.topics], fromBeginning: true });
  const stopping = new AbortController();
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    eachBatch: (payload) => consumeBatch(payload, subscriber, stored, loadStored, log, stopping),
  });
  return {
    async stop() {
      stopping.abort();
      await consumer.disconnect();
    },
  };
}

async function consumeBatch(
  payload: EachBatchPayload, subscriber: FeedSubscriber, stored: Map<string, bigint>,
  reload: () => Promise<void>, log: Log, stopping: AbortController,
): Promise<void> {
  const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
  const from = stored.get(key(batch.topic, batch.partition)) ?? 0n;
  const fresh = batch.messages.filter((m) => BigInt(m.offset) >= from);
  if (fresh.length === 0) return;
  const last = fresh[fresh.length - 1];
  const nextOffset = (BigInt(last.offset) + 1n).toString();
  const events = decodeAll(fresh, batch.topic, batch.partition, log);
  const backoff = new Backoff();

  while (isRunning() && !isStale() && !stopping.signal.aborted) {
    try {
      const outcome = events.length === 0 ? 'applied' : await subscriber.handle({
        events, cursor: { kind: 'partition', topic: batch.topic, partition: batch.partition, nextOffset },
      });
      if (outcome === 'reposition') {
        await reload();
        return; // not resolved: the next fetch starts from kafkajs' position; the filter above drops the applied
      }
      stored.set(key(batch.topic, batch.partition), BigInt(nextOffset));
      resolveOffset(last.offset);
      await heartbeat();
      return;
    } catch (error) {
      const delay = backoff.next();
      log.error({ subscriber: subscriber.name, topic: batch.topic, partition: batch.partition, retryInMs: delay, ...errorFields(error) },
        'kafka batch failed; retrying');
      subscriber.failed?.(error, delay);
      await pause(delay, stopping);
      await heartbeat().catch(() => undefined);
    }
  }
}

/** A message that is not one of our events can never apply: it is logged and passed over, not retried forever. */
function decodeAll(messages: KafkaMessage[], topic: string, partition: number, log: Log): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  for (const message of messages) {
    if (!message.value) continue;
    try {
      events.push(decodeEvent(message.value));
    } catch (error) {
      log.error({ topic, partition, offset: message.offset, ...errorFields(error) }, 'kafka message is not a recorded event; skipped');
    }
  }
  return events;
}
