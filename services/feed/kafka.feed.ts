/**
 * The Kafka feed (DESIGN.md §6): one consumer group per subscriber (`jishi.projection.<name>`), one `eachBatch`
 * per topic-partition batch. The subscriber stores the partition's next offset — with the store's global position
 * of the batch's last event and the cluster id — in its own transaction; Kafka's committed offsets are not used.
 * On every assignment the consumer seeks to the stored offsets, and messages below them are dropped before the
 * subscriber sees them (a batch fetched before the seek took effect).
 *
 * Dropping is only right while the stored offsets describe the topics the broker has. A broker that lost its
 * storage, a recreated topic or deleted messages make them meaningless, and dropping would then silently skip
 * events. So the offsets are checked (kafka-feed-admin.ts resetReason) before subscribing, and while running: a
 * batch whose partition ends below the stored offset, or starts above it, or a cluster id that changed (checked
 * after each group join and every few seconds) ends the subscription (`ended`) without applying anything; the
 * owner resumes the projection from its global position (projections/runner/boot.ts).
 * A failed batch is retried in place with backoff, heartbeating, until it commits or the partition moves away. A
 * heartbeat the coordinator refuses (a rebalance, or a coordinator that no longer knows this member after a broker
 * restart) ends the batch unresolved: only back in kafkajs' loop does the member rejoin the group, and the join seeks
 * to the stored offsets again. Retrying inside the batch instead kept such a member out of its group for good.
 */
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import type { RecordedEvent } from '../event-store/event-store.port';
import { Backoff, pause } from './backoff';
import { FeedResetError, type Feed, type FeedEnded, type FeedSubscriber, type FeedSubscription } from './feed.port';
import { KafkaFeedAdmin, partitionKey as key, resetReason } from './kafka-feed-admin';
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

/** While batches arrive, the cluster id is asked again at most this often (besides after every group join). */
const CLUSTER_CHECK_MS = 5000;
/** How many partitions' batches of one fetch a consumer hands to its subscriber at once (a busy fetch holds a few topics' partitions). */
const PARTITIONS_AT_ONCE = 4;

/** How often a member heartbeats, also while its batch is being applied. */
const HEARTBEAT_MS = 3000;

export interface KafkaFeed extends Feed {
  readonly kind: 'kafka';
  /** The cluster's id and partition ranges now (throws while the broker is unreachable). */
  readonly admin: KafkaFeedAdmin;
}

export function createKafkaFeed(options: KafkaFeedOptions): KafkaFeed {
  const { kafka, topics } = options;
  const subscriptions = new Set<FeedSubscription>();
  const admin = new KafkaFeedAdmin(kafka, topics.topics, options.partitions);

  return {
    kind: 'kafka',
    admin,
    async subscribe(subscriber) {
      await admin.ensureTopics();
      const subscription = await runConsumer(options, admin, subscriber);
      subscriptions.add(subscription);
      return {
        async stop() {
          subscriptions.delete(subscription);
          await subscription.stop();
        },
        ended: subscription.ended,
      };
    },
    async headOffsets() {
      await admin.ensureTopics();
      const { clusterId, partitions } = await admin.state();
      return partitions.map((p) => ({ topic: p.topic, partition: p.partition, nextOffset: p.high.toString(), clusterId }));
    },
    poke: () => undefined, // the broker pushes; the forwarder has its own wake-up
    async close() {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      subscriptions.clear();
      await admin.close();
    },
  };
}

interface Running {
  subscriber: FeedSubscriber;
  admin: KafkaFeedAdmin;
  log: Log;
  clusterId: string;
  stored: Map<string, bigint>;
  reload(): Promise<void>;
  stopping: AbortController;
  /** Set once the offsets were found meaningless: nothing more is applied. */
  ended: FeedEnded | null;
  end(reason: string, reset?: boolean): void;
  /** When the cluster id was last confirmed (0: check before the next batch). */
  clusterCheckedAt: number;
}

async function runConsumer(options: KafkaFeedOptions, admin: KafkaFeedAdmin, subscriber: FeedSubscriber): Promise<FeedSubscription> {
  const { kafka, topics, log } = options;
  const offsets = await subscriber.loadOffsets();
  const cluster = await admin.state();
  const reason = resetReason(offsets, cluster);
  if (reason) throw new FeedResetError(reason);

  let endFeed!: (ended: FeedEnded) => void;
  const ended = new Promise<FeedEnded>((resolve) => { endFeed = resolve; });
  const running: Running = {
    subscriber, admin, log, clusterId: cluster.clusterId, stored: new Map(), stopping: new AbortController(),
    ended: null, clusterCheckedAt: Date.now(),
    async reload() {
      running.stored.clear();
      for (const o of await subscriber.loadOffsets()) running.stored.set(key(o.topic, o.partition), BigInt(o.nextOffset));
    },
    end(why, reset = true) {
      if (running.ended) return;
      running.ended = { reason: why, reset };
      log.warn({ subscriber: subscriber.name, reason: why },
        reset ? 'kafka offsets no longer fit the broker; resuming from the store' : 'kafka consumer stopped; subscribing again');
      endFeed(running.ended);
    },
  };
  for (const o of offsets) running.stored.set(key(o.topic, o.partition), BigInt(o.nextOffset));

  const consumer: Consumer = kafka.consumer({
    groupId: `${options.groupPrefix ?? 'jishi.projection.'}${subscriber.name}`,
    // An idle fetch waits this long on the broker (one that finds messages answers at once). 1000 ms cut an idle
    // 1 API + 1 worker cluster from ~33% to ~22% of this 2-core machine (17 consumers per worker, 4 fetches a second
    // each), but members then notice a rebalance later (kafkajs heartbeats between fetches): CI's 2-worker cluster
    // test refused two buyers 503 (read-your-writes) right after a worker restart. Kept at 250 until that is solved.
    maxWaitTimeInMs: 250,
    // a killed worker's members leave their groups after 15 s; a batch being applied heartbeats every HEARTBEAT_MS
    // (consumeBatch), so a long catch-up batch on a loaded machine keeps its member (without those heartbeats a
    // 10 s session made such members drop out and rejoin batch after batch)
    sessionTimeout: 15_000,
    heartbeatInterval: HEARTBEAT_MS,
  });
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    running.clusterCheckedAt = 0; // a new coordinator may be a new cluster
    // synchronous, before the first fetch of this assignment: kafkajs applies pending seeks at fetch time
    for (const [topic, partitions] of Object.entries(payload.memberAssignment)) {
      for (const partition of partitions) {
        const next = running.stored.get(key(topic, partition));
        if (next !== undefined) consumer.seek({ topic, partition, offset: next.toString() });
      }
    }
  });

  consumer.on(consumer.events.CRASH, ({ payload }) => {
    // kafkajs restarts after retriable errors by itself; after any other it would sit there, looking alive
    if (!payload.restart) running.end(`consumer crashed: ${payload.error.message}`, false);
  });

  await consumer.connect();
  await consumer.subscribe({ topics: [...topics.topics], fromBeginning: true });
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    // a fetch's batches (one per topic partition) are handed over together, so the subscriber can apply them in one
    // transaction (projection-runner.ts joinPartitionGroup) instead of one after the other; a partition's own batches
    // still come one at a time, in order
    partitionsConsumedConcurrently: PARTITIONS_AT_ONCE,
    eachBatch: (payload) => consumeBatch(payload, running),
  });
  return {
    async stop() {
      running.stopping.abort();
      await consumer.disconnect();
    },
    ended,
  };
}

/** Whether this batch may be applied against the stored offsets; ends the subscription when it may not. */
async function fitsStoredOffsets(payload: EachBatchPayload, running: Running): Promise<boolean> {
  const { batch } = payload;
  const from = running.stored.get(key(batch.topic, batch.partition));
  const at = `${batch.topic}:${batch.partition}`;
  if (from !== undefined && from > BigInt(batch.highWatermark)) {
    running.end(`offsets went backwards on ${at} (stored ${from}, end ${batch.highWatermark})`);
  } else if (from !== undefined && BigInt(batch.messages[0].offset) > from) {
    running.end(`messages were deleted on ${at} (stored ${from}, first ${batch.messages[0].offset})`);
  } else if (Date.now() - running.clusterCheckedAt > CLUSTER_CHECK_MS) {
    const clusterId = await running.admin.clusterId();
    if (clusterId !== running.clusterId) running.end(`the Kafka cluster changed (${running.clusterId} → ${clusterId})`);
    else running.clusterCheckedAt = Date.now();
  }
  return running.ended === null;
}

async function consumeBatch(payload: EachBatchPayload, running: Running): Promise<void> {
  const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
  const { subscriber, stored, log, stopping } = running;
  if (running.ended || batch.messages.length === 0) return;
  const backoff = new Backoff();
  let fits = false;
  while (!fits) {
    try {
      fits = await fitsStoredOffsets(payload, running);
      if (!fits) return; // nothing resolved: this consumer is about to be stopped
    } catch (error) {
      // the broker is not answering the check: wait as for a failed batch, never apply unchecked
      log.warn({ subscriber: subscriber.name, ...errorFields(error) }, 'kafka cluster check failed; retrying');
      if (!isRunning() || isStale() || stopping.signal.aborted) return;
      await pause(backoff.next(), stopping);
      if (!(await stillMember(heartbeat))) return;
    }
  }
  const from = stored.get(key(batch.topic, batch.partition)) ?? 0n;
  const fresh = batch.messages.filter((m) => BigInt(m.offset) >= from);
  if (fresh.length === 0) return;
  const last = fresh[fresh.length - 1];
  const nextOffset = (BigInt(last.offset) + 1n).toString();
  const events = decodeAll(fresh, batch.topic, batch.partition, log);
  backoff.reset();

  while (isRunning() && !isStale() && !stopping.signal.aborted) {
    try {
      const outcome = events.length === 0 ? 'applied' : await heartbeating(heartbeat, () => subscriber.handle({
        events,
        cursor: {
          kind: 'partition', topic: batch.topic, partition: batch.partition, nextOffset,
          position: events[events.length - 1].position, clusterId: running.clusterId,
        },
      }));
      if (outcome === 'reposition') {
        await running.reload();
        return; // not resolved: the next fetch starts from kafkajs' position; the filter above drops the applied
      }
      stored.set(key(batch.topic, batch.partition), BigInt(nextOffset));
      resolveOffset(last.offset);
      await stillMember(heartbeat); // applied and stored either way; a refused heartbeat rejoins after this batch
      return;
    } catch (error) {
      const delay = backoff.next();
      log.error({ subscriber: subscriber.name, topic: batch.topic, partition: batch.partition, retryInMs: delay, ...errorFields(error) },
        'kafka batch failed; retrying');
      subscriber.failed?.(error, delay);
      await pause(delay, stopping);
      if (!(await stillMember(heartbeat))) return; // unresolved: applied again (or dropped as stored) after the rejoin
    }
  }
}

/** Runs `work` (a batch being applied) with a heartbeat every HEARTBEAT_MS, so that the member stays in its group. */
async function heartbeating<T>(heartbeat: () => Promise<void>, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => { void stillMember(heartbeat); }, HEARTBEAT_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** Heartbeats; false when the coordinator refused it, so that the batch returns and kafkajs rejoins the group. */
async function stillMember(heartbeat: () => Promise<void>): Promise<boolean> {
  try {
    await heartbeat();
    return true;
  } catch {
    return false;
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

