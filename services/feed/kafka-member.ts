/**
 * A subscriber on the shared Kafka consumer (kafka-shared-consumer.ts): its stored offsets, and per partition a lane of
 * the batches handed to it and not applied yet, applied in order, one at a time per partition, at its own pace. So a
 * read model that is slow for a moment (a long transaction, a rebuild's switch holding its registry row) falls behind
 * on its own lanes while the others go on; the consumer fetches a partition again once every member's lane on it is
 * under a bound (MAX_QUEUED_EVENTS). A batch that fails clears the member's lanes: it sits out for its backoff, then
 * the consumer reloads its stored offsets and seeks back to them (resync).
 */
import type { RecordedEvent } from '../event-store/event-store.port';
import { Backoff } from './backoff';
import type { FeedEnded, FeedSubscriber, PartitionOffset } from './feed.port';
import { partitionKey as key } from './kafka-feed-admin';
import { errorFields, type Log } from './log';

/** Events a member may hold unapplied on one partition before the consumer waits for it there. */
export const MAX_QUEUED_EVENTS = 2000;

export interface Decoded { offset: bigint; event: RecordedEvent }

interface Queued { events: RecordedEvent[]; topic: string; partition: number; end: bigint; clusterId: string }

interface Lane {
  queue: Queued[];
  /** The next offset after what was queued (undefined: nothing queued since the lane was last cleared). */
  queuedTo: bigint | undefined;
  events: number;
  pumping: boolean;
  waiters: (() => void)[];
}

export interface MemberHooks {
  log: Log;
  /** The member failed a batch, or its checkpoint moved: reload its offsets after `delayMs` and seek back to them. */
  resync(member: KafkaMember, delayMs: number): void;
}

export class KafkaMember {
  /** The next offset to apply per partition, as stored (absent: from the beginning). */
  private stored: Map<string, bigint>;
  private readonly lanes = new Map<string, Lane>();
  private readonly inHand = new Set<Promise<unknown>>();
  private resolveEnded!: (ended: FeedEnded) => void;
  readonly ended: Promise<FeedEnded>;
  endedWith: FeedEnded | null = null;
  /** Sitting out after a failed batch until its resync. */
  cooling = false;
  detached = false;
  readonly failures = new Backoff();

  constructor(readonly subscriber: FeedSubscriber, offsets: readonly PartitionOffset[], private readonly hooks: MemberHooks) {
    this.stored = storedOf(offsets);
    this.ended = new Promise<FeedEnded>((resolve) => { this.resolveEnded = resolve; });
  }

  /** The stored next offset on partition `k` (undefined: none stored). */
  storedAt(k: string): bigint | undefined {
    return this.stored.get(k);
  }

  /** Where this member needs partition `k` from: past what it queued, else its stored offset, else the beginning. */
  place(k: string): bigint {
    return this.lanes.get(k)?.queuedTo ?? this.stored.get(k) ?? 0n;
  }

  backlog(k: string): number {
    return this.lanes.get(k)?.events ?? 0;
  }

  /** Resolves once the lane of `k` holds fewer than `limit` events (or was cleared). */
  drained(k: string, limit: number): Promise<void> {
    const lane = this.lanes.get(k);
    if (!lane || lane.events < limit) return Promise.resolve();
    return new Promise((resolve) => lane.waiters.push(resolve));
  }

  /** Queues the messages of a batch at or past this member's place, to be applied after those queued before. */
  enqueue(topic: string, partition: number, decoded: readonly Decoded[], end: bigint, clusterId: string): void {
    const k = key(topic, partition);
    const from = this.place(k);
    const lane = this.laneOf(k);
    const events = decoded.filter((d) => d.offset >= from).map((d) => d.event);
    lane.queue.push({ events, topic, partition, end, clusterId });
    lane.queuedTo = end;
    lane.events += events.length;
    void this.pump(k, lane);
  }

  /** Its offsets as stored now (a resync): what was queued is dropped. */
  reload(offsets: readonly PartitionOffset[]): void {
    this.stored = storedOf(offsets);
    this.clear();
  }

  end(ended: FeedEnded): void {
    if (this.endedWith) return;
    this.endedWith = ended;
    this.clear();
    this.resolveEnded(ended);
  }

  /** Takes no more batches; resolves once the ones in hand are applied or failed. */
  async detach(): Promise<void> {
    this.detached = true;
    this.clear();
    await Promise.allSettled([...this.inHand]);
  }

  private laneOf(k: string): Lane {
    let lane = this.lanes.get(k);
    if (!lane) {
      lane = { queue: [], queuedTo: undefined, events: 0, pumping: false, waiters: [] };
      this.lanes.set(k, lane);
    }
    return lane;
  }

  /** Drops every queued batch (not the one in hand): the member is sought back to its stored offsets later. */
  private clear(): void {
    for (const lane of this.lanes.values()) {
      lane.queue = [];
      lane.queuedTo = undefined;
      lane.events = 0;
      for (const wake of lane.waiters.splice(0)) wake();
    }
  }

  private get active(): boolean {
    return !this.cooling && !this.detached && this.endedWith === null;
  }

  private async pump(k: string, lane: Lane): Promise<void> {
    if (lane.pumping) return;
    lane.pumping = true;
    try {
      while (lane.queue.length > 0 && this.active) {
        const item = lane.queue[0];
        const handing = this.apply(k, item);
        this.inHand.add(handing);
        const applied = await handing.finally(() => this.inHand.delete(handing));
        if (!applied) break; // the member sits out: its lanes were cleared
        if (lane.queue[0] !== item) continue; // cleared meanwhile: what was queued since comes next
        lane.queue.shift();
        lane.events -= item.events.length;
        if (lane.events < MAX_QUEUED_EVENTS) for (const wake of lane.waiters.splice(0)) wake();
      }
    } finally {
      lane.pumping = false;
    }
  }

  /** One queued batch applied (true), or failed: the lanes cleared and a resync scheduled (false). */
  private async apply(k: string, item: Queued): Promise<boolean> {
    const { events, topic, partition, end, clusterId } = item;
    try {
      const outcome = events.length === 0 ? 'applied' : await this.subscriber.handle({
        events,
        cursor: { kind: 'partition', topic, partition, nextOffset: end.toString(), position: events[events.length - 1].position, clusterId },
      });
      if (outcome === 'reposition') {
        this.sitOut(0);
        return false;
      }
      this.stored.set(k, end);
      this.failures.reset();
      return true;
    } catch (error) {
      const delay = this.failures.next();
      this.hooks.log.error({ subscriber: this.subscriber.name, topic, partition, retryInMs: delay, ...errorFields(error) },
        'kafka batch failed; retrying');
      this.subscriber.failed?.(error, delay);
      this.sitOut(delay);
      return false;
    }
  }

  /** Its lanes dropped, and one resync asked for (a second lane failing meanwhile asks for none). */
  private sitOut(delayMs: number): void {
    const first = !this.cooling;
    this.cooling = true;
    this.clear();
    if (first) this.hooks.resync(this, delayMs);
  }
}

const storedOf = (offsets: readonly PartitionOffset[]): Map<string, bigint> =>
  new Map(offsets.map((o) => [key(o.topic, o.partition), BigInt(o.nextOffset)]));
