/**
 * One Kafka consumer for every subscriber of a process's feed (kafka.feed.ts): each fetch is decoded once and handed
 * to every subscriber (its members), instead of one consumer group per projection, each fetching and decoding every
 * topic (seventeen per worker: a payment's few events cost the worker ~60 ms of CPU, most of it in those consumers).
 *
 * Each member keeps its own place: the next offset it stored per partition (its subscriber writes it with the batch,
 * projection_kafka_offsets); messages below it are dropped before the member sees them. The consumer fetches each
 * partition from the lowest place of its members: on every group join it seeks there, and a member attached later
 * (or back from a failure) whose place lies behind what the consumer fetches has the partition sought back to it — the
 * others drop the messages again. Each member applies what it is handed in its own lanes, at its own pace
 * (kafka-member.ts): a read model that is slow for a moment does not hold the others back, and the consumer fetches a
 * partition again once every member's lane on it is under a bound.
 *
 * Per member, as with a consumer of its own:
 * - stored offsets that do not fit the broker (past a partition's end, below its start) end that member's subscription
 *   with `reset` (its owner resumes it from its global position, projections/runner/boot.ts); a cluster id that changed
 *   ends every member's, and the consumer with them (checked after each group join and every few seconds);
 * - a batch that fails is not retried in place, where it would hold the partition for every member: the member sits
 *   out for its backoff, then reloads its stored offsets and has the consumer seek back to them (resync).
 * A consumer that crashed for good ends every subscription (not `reset`); the owners subscribe again, which starts a
 * new consumer. A heartbeat the coordinator refuses (a rebalance, a coordinator that no longer knows this member after
 * a broker restart) is left to kafkajs' loop, which rejoins the group once the batch returns (a batch returns once
 * queued, or at once while its cluster check is being retried); the join seeks again.
 */
import { consumerRebalances } from '../metrics/feed-metrics';
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import { Backoff, pause } from './backoff';
import { FeedResetError, type FeedEnded, type FeedSubscriber } from './feed.port';
import { partitionKey as key, resetReason, type KafkaFeedAdmin } from './kafka-feed-admin';
import { decodeEvent, type TopicMap } from './kafka-codec';
import { KafkaMember, MAX_QUEUED_EVENTS, type Decoded } from './kafka-member';
import { errorFields, type Log } from './log';

/** While batches arrive, the cluster id is asked again at most this often (besides after every group join). */
const CLUSTER_CHECK_MS = 5000;
/** How many partitions' batches of one fetch are handed over at once (a busy fetch holds a few topics' partitions). */
const PARTITIONS_AT_ONCE = 4;
/** How often the member heartbeats, also while a batch is being applied. */
const HEARTBEAT_MS = 3000;

export interface SharedConsumerOptions {
  kafka: Kafka;
  topics: TopicMap;
  log: Log;
  admin: KafkaFeedAdmin;
  groupId: string;
}

export class SharedConsumer {
  private readonly members = new Set<KafkaMember>();
  private consumer: Consumer | null = null;
  private starting: Promise<void> | null = null;
  /** A consumer being stopped: the next one starts after it. */
  private stopping: Promise<void> = Promise.resolve();
  private clusterId: string | null = null;
  private clusterCheckedAt = 0;
  /** The partitions assigned to this consumer (the latest group join). */
  private assigned: { topic: string; partition: number }[] = [];
  /** Per partition, the offset the consumer fetches from next as far as this knows (a seek, or past a resolved batch). */
  private readonly fetchFrom = new Map<string, bigint>();
  /** Per partition, the end of the batch being handed over. */
  private readonly inFlight = new Map<string, bigint>();
  private readonly stopped = new AbortController();

  constructor(private readonly options: SharedConsumerOptions) {}

  /** Attaches `subscriber` at its stored offsets; throws FeedResetError when they do not fit the broker. */
  async attach(subscriber: FeedSubscriber): Promise<KafkaMember> {
    const offsets = await subscriber.loadOffsets();
    const cluster = await this.options.admin.state();
    const reason = resetReason(offsets, cluster);
    if (reason) throw new FeedResetError(reason);
    if (this.clusterId !== null && this.clusterId !== cluster.clusterId) {
      // the consumer's members hold offsets of the cluster that was: it ends with them, a new one starts below
      this.tearDown(`the Kafka cluster changed (${this.clusterId} → ${cluster.clusterId})`, true);
    }
    const member = new KafkaMember(subscriber, offsets, { log: this.options.log, resync: (m, delayMs) => this.resyncAfter(m, delayMs) });
    this.members.add(member);
    if (this.consumer) {
      this.seekBackTo(member);
    } else {
      this.clusterId = cluster.clusterId;
      this.clusterCheckedAt = Date.now();
      await this.start();
    }
    return member;
  }

  /** Takes no more batches for `member`; the ones in hand finish first. Stops the consumer after its last member. */
  async detach(member: KafkaMember): Promise<void> {
    this.members.delete(member);
    await member.detach();
    if (this.members.size === 0 && this.consumer) await this.stopConsumer();
  }

  /** A member's end: out of the consumer's members, the reason logged. */
  private endMember(member: KafkaMember, ended: FeedEnded): void {
    if (member.endedWith) return;
    this.members.delete(member);
    this.options.log.warn({ subscriber: member.subscriber.name, reason: ended.reason },
      ended.reset ? 'kafka offsets no longer fit the broker; resuming from the store' : 'kafka consumer stopped; subscribing again');
    member.end(ended);
  }

  async close(): Promise<void> {
    this.stopped.abort();
    const members = [...this.members];
    this.members.clear();
    await Promise.all(members.map((member) => member.detach()));
    await this.stopConsumer();
  }

  private start(): Promise<void> {
    this.starting ??= (async () => {
      await this.stopping;
      const consumer = this.createConsumer();
      this.consumer = consumer;
      try {
        await consumer.connect();
        await consumer.subscribe({ topics: [...this.options.topics.topics], fromBeginning: true });
        await consumer.run({
          autoCommit: false,
          eachBatchAutoResolve: false,
          // a fetch's batches (one per topic partition) are handed over together, so a subscriber can apply them in
          // one transaction (projection-runner.ts joinPartitionGroup); a partition's own batches come one at a time
          partitionsConsumedConcurrently: PARTITIONS_AT_ONCE,
          eachBatch: (payload) => this.consumeBatch(payload),
        });
      } catch (error) {
        if (this.consumer === consumer) this.consumer = null;
        await consumer.disconnect().catch(() => undefined);
        // members attached meanwhile were told nothing: they subscribe again
        const reason = `kafka consumer did not start: ${error instanceof Error ? error.message : String(error)}`;
        for (const member of [...this.members]) this.endMember(member, { reason, reset: false });
        throw error;
      }
    })().finally(() => { this.starting = null; });
    return this.starting;
  }

  private createConsumer(): Consumer {
    const consumer = this.options.kafka.consumer({
      groupId: this.options.groupId,
      // An idle fetch waits this long on the broker (one that finds messages answers at once). Members notice a
      // rebalance between fetches: CI's 2-worker cluster test refused buyers 503 (read-your-writes) after a worker
      // restart with 1000 ms.
      maxWaitTimeInMs: 250,
      // a killed worker's member leaves the group after 15 s; a batch being applied heartbeats every HEARTBEAT_MS
      sessionTimeout: 15_000,
      heartbeatInterval: HEARTBEAT_MS,
    });
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      consumerRebalances.inc();
      this.clusterCheckedAt = 0; // a new coordinator may be a new cluster
      this.assigned = Object.entries(payload.memberAssignment).flatMap(([topic, partitions]) => partitions.map((partition) => ({ topic, partition })));
      this.fetchFrom.clear();
      // synchronous, before the first fetch of this assignment: kafkajs applies pending seeks at fetch time
      for (const { topic, partition } of this.assigned) this.seek(consumer, topic, partition, this.lowestPlace(key(topic, partition)));
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      // kafkajs restarts after retriable errors by itself; after any other it would sit there, looking alive
      if (!payload.restart && this.consumer === consumer) this.tearDown(`consumer crashed: ${payload.error.message}`, false);
    });
    return consumer;
  }

  /** The lowest next offset of the members on partition `k` (0: a member with nothing stored reads from the start). */
  private lowestPlace(k: string): bigint {
    let lowest: bigint | null = null;
    for (const member of this.members) {
      const place = member.place(k);
      if (lowest === null || place < lowest) lowest = place;
    }
    return lowest ?? 0n;
  }

  private seek(consumer: Consumer, topic: string, partition: number, offset: bigint): void {
    consumer.seek({ topic, partition, offset: offset.toString() });
    this.fetchFrom.set(key(topic, partition), offset);
  }

  /** A member's places behind what the consumer fetches next (or is handing over now): sought back to them. */
  private seekBackTo(member: KafkaMember): void {
    const consumer = this.consumer;
    if (!consumer) return;
    for (const { topic, partition } of this.assigned) {
      const k = key(topic, partition);
      const ahead = this.inFlight.get(k) ?? this.fetchFrom.get(k);
      const place = member.place(k);
      if (ahead === undefined || place < ahead) this.seek(consumer, topic, partition, place);
    }
  }

  /** Ends every member's subscription and stops the consumer (a crash, another cluster). */
  private tearDown(reason: string, reset: boolean): void {
    for (const member of [...this.members]) this.endMember(member, { reason, reset });
    void this.stopConsumer();
  }

  private stopConsumer(): Promise<void> {
    const consumer = this.consumer;
    if (!consumer) return this.stopping;
    this.consumer = null;
    this.clusterId = null;
    this.assigned = [];
    this.fetchFrom.clear();
    this.inFlight.clear();
    this.stopping = this.stopping.then(() => consumer.disconnect()).catch(() => undefined);
    return this.stopping;
  }

  /** Whether the cluster is still the one the members' offsets belong to; ends every member when it is not. */
  private async sameCluster(): Promise<boolean> {
    if (Date.now() - this.clusterCheckedAt <= CLUSTER_CHECK_MS) return true;
    const clusterId = await this.options.admin.clusterId();
    if (this.clusterId !== null && clusterId !== this.clusterId) {
      this.tearDown(`the Kafka cluster changed (${this.clusterId} → ${clusterId})`, true);
      return false;
    }
    this.clusterCheckedAt = Date.now();
    return true;
  }

  private async consumeBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
    const { log } = this.options;
    // a seek is pending (a member attached or came back behind it): fetched again from there
    if (batch.messages.length === 0 || isStale()) return;
    const backoff = new Backoff();
    for (;;) {
      try {
        if (!await this.sameCluster()) return; // nothing resolved: this consumer is being stopped
        break;
      } catch (error) {
        // the broker is not answering the check: wait as for a failed batch, never apply unchecked
        log.warn({ ...errorFields(error) }, 'kafka cluster check failed; retrying');
        if (!isRunning() || isStale() || this.stopped.signal.aborted) return;
        await pause(backoff.next(), this.stopped);
        if (!(await stillMember(heartbeat))) return;
      }
    }
    const k = key(batch.topic, batch.partition);
    const first = BigInt(batch.messages[0].offset);
    const last = batch.messages[batch.messages.length - 1];
    const end = BigInt(last.offset) + 1n;
    let decoded: Decoded[] | null = null;
    this.inFlight.set(k, end);
    try {
      for (const member of [...this.members]) {
        if (member.cooling || !this.fits(member, payload, first) || member.place(k) >= end) continue;
        decoded ??= decodeAll(batch.messages, batch.topic, batch.partition, log);
        member.enqueue(batch.topic, batch.partition, decoded, end, this.clusterId ?? '');
      }
      // the partition is fetched again once every member's lane on it is under the bound (heartbeating meanwhile)
      for (;;) {
        const behind = [...this.members].find((m) => m.backlog(k) >= MAX_QUEUED_EVENTS);
        if (!behind || !isRunning() || isStale() || this.stopped.signal.aborted) break;
        await heartbeating(heartbeat, () => behind.drained(k, MAX_QUEUED_EVENTS));
      }
    } finally {
      if (this.inFlight.get(k) === end) this.inFlight.delete(k);
    }
    if (!isRunning() || isStale() || this.stopped.signal.aborted) return; // sought meanwhile: fetched again from there
    resolveOffset(last.offset);
    if (this.fetchFrom.get(k) === undefined || (this.fetchFrom.get(k) as bigint) < end) this.fetchFrom.set(k, end);
    await stillMember(heartbeat); // queued either way; a refused heartbeat rejoins after this batch
  }

  /** Whether `member`'s stored offset fits the batch; ends the member's subscription (reset) when it does not. */
  private fits(member: KafkaMember, payload: EachBatchPayload, first: bigint): boolean {
    const { batch } = payload;
    const k = key(batch.topic, batch.partition);
    const stored = member.storedAt(k);
    const from = member.place(k);
    const at = `${batch.topic}:${batch.partition}`;
    if (stored !== undefined && stored > BigInt(batch.highWatermark)) {
      this.endMember(member, { reason: `offsets went backwards on ${at} (stored ${stored}, end ${batch.highWatermark})`, reset: true });
    } else if (stored !== undefined && first > from) {
      // asked from at most the member's place and given later messages: those in between were deleted; asked from
      // past it, the consumer lost this member's place (it is sought back, and this batch is not its own)
      const asked = this.fetchFrom.get(k);
      if (asked === undefined || asked <= from) {
        this.endMember(member, { reason: `messages were deleted on ${at} (stored ${stored}, first ${first})`, reset: true });
      } else if (this.consumer) {
        this.seek(this.consumer, batch.topic, batch.partition, from);
        return false;
      }
    }
    return member.endedWith === null;
  }

  /** After `delayMs`: `member` again at the offsets its subscriber stored, the consumer sought back to them where it is past them. */
  private resyncAfter(member: KafkaMember, delayMs: number): void {
    void pause(delayMs, this.stopped).then(async () => {
      if (member.endedWith || member.detached || !this.members.has(member) || this.stopped.signal.aborted) return;
      try {
        member.reload(await member.subscriber.loadOffsets());
      } catch (error) {
        // the database is away: sit out longer
        const delay = member.failures.next();
        member.subscriber.failed?.(error, delay);
        this.resyncAfter(member, delay);
        return;
      }
      member.cooling = false;
      this.seekBackTo(member);
    });
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
function decodeAll(messages: KafkaMessage[], topic: string, partition: number, log: Log): Decoded[] {
  const decoded: Decoded[] = [];
  for (const message of messages) {
    if (!message.value) continue;
    try {
      decoded.push({ offset: BigInt(message.offset), event: decodeEvent(message.value) });
    } catch (error) {
      log.error({ topic, partition, offset: message.offset, ...errorFields(error) }, 'kafka message is not a recorded event; skipped');
    }
  }
  return decoded;
}
