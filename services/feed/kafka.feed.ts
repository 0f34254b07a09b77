/**
 * The Kafka feed (DESIGN.md §6): the process's subscribers (its projections) share one consumer, in consumer group
 * `groupId` (kafka-shared-consumer.ts); processes running the same projections (a deployment's workers) share the
 * group and so split the partitions. Each subscriber stores a partition's next offset — with the store's global
 * position of the batch's last event and the cluster id — in its own transaction; Kafka's committed offsets are not
 * used. Messages below a subscriber's stored offset are dropped before it sees them.
 *
 * Dropping is only right while the stored offsets describe the topics the broker has. A broker that lost its
 * storage, a recreated topic or deleted messages make them meaningless, and dropping would then silently skip
 * events. So the offsets are checked (kafka-feed-admin.ts resetReason) before subscribing, and while running: a
 * batch whose partition ends below a subscriber's stored offset, or starts above it, or a cluster id that changed
 * (checked after each group join and every few seconds) ends the subscription (`ended`) without applying anything;
 * the owner resumes the projection from its global position (projections/runner/boot.ts).
 */
import { createHash } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import type { Feed } from './feed.port';
import { KafkaFeedAdmin } from './kafka-feed-admin';
import type { TopicMap } from './kafka-codec';
import type { Log } from './log';
import { SharedConsumer } from './kafka-shared-consumer';

export interface KafkaFeedOptions {
  kafka: Kafka;
  topics: TopicMap;
  log: Log;
  partitions?: number;
  /** The consumer group of this process's subscribers (projectionsGroupId: the same for processes running the same projections). */
  groupId: string;
  /** the configured brokers (KAFKA_BROKERS): health names those the cluster no longer lists */
  brokers?: readonly string[];
}

export interface KafkaFeed extends Feed {
  readonly kind: 'kafka';
  /** The cluster's id and partition ranges now (throws while the broker is unreachable). */
  readonly admin: KafkaFeedAdmin;
}

/**
 * The group of processes that run `names` (in any order): a deployment's workers share it and split the partitions.
 * A process running other projections (another version, a test) is in a group of its own, so no partition of its
 * projections is handed to a process that does not run them.
 */
export function projectionsGroupId(names: readonly string[]): string {
  const digest = createHash('sha256').update([...names].sort().join('\n')).digest('hex').slice(0, 12);
  return `jishi.projections.${digest}`;
}

export function createKafkaFeed(options: KafkaFeedOptions): KafkaFeed {
  const { kafka, topics, log } = options;
  const admin = new KafkaFeedAdmin(kafka, topics.topics, options.partitions, options.brokers ?? []);
  const consumer = new SharedConsumer({ kafka, topics, log, admin, groupId: options.groupId });

  return {
    kind: 'kafka',
    admin,
    async subscribe(subscriber) {
      await admin.ensureTopics();
      const member = await consumer.attach(subscriber);
      return {
        stop: () => consumer.detach(member),
        ended: member.ended,
      };
    },
    async headOffsets() {
      await admin.ensureTopics();
      const { clusterId, partitions } = await admin.state();
      return partitions.map((p) => ({ topic: p.topic, partition: p.partition, nextOffset: p.high.toString(), clusterId }));
    },
    poke: () => undefined, // the broker pushes; the forwarder has its own wake-up
    async close() {
      await consumer.close();
      await admin.close();
    },
  };
}
