/**
 * What the Kafka feed asks the cluster about, through one admin client kept connected (health polls it): the
 * cluster id and each partition's earliest and end offsets. And the rule that decides whether stored offsets still
 * describe this cluster's topics (DESIGN.md §6 "Positions are the store's"): a different cluster id (a broker
 * whose storage was wiped formats a new one), a stored offset past the partition's end (offsets went backwards:
 * the topic was recreated) or below its earliest (the messages in between were deleted) means the offsets are
 * meaningless, and the projection must resume from its checkpointed global position instead.
 */
import type { Admin, Kafka } from 'kafkajs';
import { ensureTopics } from './kafka-client';
import type { PartitionOffset } from './feed.port';

export interface PartitionRange { topic: string; partition: number; low: bigint; high: bigint }
/**
 * `brokers`: the live brokers the cluster lists now (`host:port`); `missingBrokers`: those of the configured list
 * (KAFKA_BROKERS) it does not list — a broker that died or was fenced while the others serve (issue 30).
 */
export interface ClusterState { clusterId: string; partitions: PartitionRange[]; brokers: string[]; missingBrokers: string[] }

/** `localhost:9092` and `127.0.0.1:9092` are one broker. */
const sameAddress = (address: string): string => address.trim().toLowerCase().replace(/^(localhost|\[::1\]|::1):/, '127.0.0.1:');

/** The configured brokers the cluster does not list among its live ones. */
export function missingBrokers(configured: readonly string[], live: readonly string[]): string[] {
  const listed = new Set(live.map(sameAddress));
  return configured.filter((address) => !listed.has(sameAddress(address)));
}

export const partitionKey = (topic: string, partition: number): string => `${topic}:${partition}`;

export class KafkaFeedAdmin {
  private admin: Promise<Admin> | null = null;
  private topicsReady: Promise<void> | null = null;

  constructor(
    private readonly kafka: Kafka, private readonly topics: readonly string[], private readonly partitions?: number,
    /** the brokers this process was configured with (KAFKA_BROKERS) */
    private readonly configured: readonly string[] = [],
  ) {}

  /** Creates missing topics (again after a broker lost them; cheap when they exist). */
  ensureTopics(): Promise<void> {
    this.topicsReady ??= ensureTopics(this.kafka, this.topics, this.partitions).catch((error: unknown) => {
      this.topicsReady = null;
      throw error;
    });
    return this.topicsReady;
  }

  /** The topics may be gone (a wiped broker): the next ensureTopics asks the broker again. */
  forgetTopics(): void {
    this.topicsReady = null;
  }

  async clusterId(): Promise<string> {
    return this.use(async (admin) => (await admin.describeCluster()).clusterId);
  }

  async state(): Promise<ClusterState> {
    return this.use(async (admin) => {
      const { clusterId, brokers } = await admin.describeCluster();
      const live = brokers.map((b) => `${b.host}:${b.port}`);
      const perTopic = await Promise.all(this.topics.map(async (topic) =>
        (await admin.fetchTopicOffsets(topic)).map((p): PartitionRange =>
          ({ topic, partition: p.partition, low: BigInt(p.low), high: BigInt(p.high) }))));
      const partitions = perTopic.flat();
      return { clusterId, partitions, brokers: live, missingBrokers: missingBrokers(this.configured, live) };
    });
  }

  async close(): Promise<void> {
    const admin = this.admin;
    this.admin = null;
    if (admin) await admin.then((a) => a.disconnect()).catch(() => undefined);
  }

  private async use<T>(work: (admin: Admin) => Promise<T>): Promise<T> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })();
    const pending = this.admin;
    try {
      return await work(await pending);
    } catch (error) {
      this.topicsReady = null; // a broker that fails may come back without our topics
      if (this.admin === pending) {
        this.admin = null;
        void pending.then((a) => a.disconnect()).catch(() => undefined);
      }
      throw error;
    }
  }
}

/** Why `stored` cannot be trusted on `cluster` (null: it can). */
export function resetReason(stored: readonly PartitionOffset[], cluster: ClusterState): string | null {
  const ranges = new Map(cluster.partitions.map((p) => [partitionKey(p.topic, p.partition), p]));
  for (const offset of stored) {
    if (offset.clusterId && offset.clusterId !== cluster.clusterId) {
      return `the Kafka cluster changed (offsets stored on ${offset.clusterId}, now ${cluster.clusterId})`;
    }
    const range = ranges.get(partitionKey(offset.topic, offset.partition));
    const next = BigInt(offset.nextOffset);
    if (!range) return `partition ${partitionKey(offset.topic, offset.partition)} is gone`;
    if (next > range.high) return `offsets went backwards on ${partitionKey(offset.topic, offset.partition)} (stored ${next}, end ${range.high})`;
    if (next < range.low) return `messages were deleted on ${partitionKey(offset.topic, offset.partition)} (stored ${next}, earliest ${range.low})`;
  }
  return null;
}
