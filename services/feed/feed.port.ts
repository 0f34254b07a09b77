/**
 * A feed yields positioned events in log order to one subscriber (a projection) at a time (DESIGN.md §6).
 * Two adapters: the store catch-up feed (the store's global log, pulled in batches from a checkpoint) and the
 * Kafka feed (one consumer shared by the process's subscribers, pushed per partition batch). The subscriber owns its
 * checkpoint: it writes the batch's cursor in the same transaction as the batch's effects.
 */
import type { LogPosition, RecordedEvent } from '../event-store/event-store.port';

/** Where a batch ends, in the feed's own terms; the subscriber stores it with the batch. */
export type FeedCursor =
  | { kind: 'log'; position: LogPosition }
  | {
    kind: 'partition'; topic: string; partition: number; /** the next offset to consume */ nextOffset: string;
    /** The store's global position of the batch's last event: the projection's real place (DESIGN.md §6). */
    position: LogPosition;
    /** The cluster the offset belongs to: offsets of another cluster mean nothing. */
    clusterId: string;
  };

export interface FeedBatch {
  /** Events of the batch in feed order; may hold events the subscriber does not handle. Never empty. */
  events: readonly RecordedEvent[];
  cursor: FeedCursor;
}

export interface PartitionOffset {
  topic: string; partition: number; nextOffset: string;
  /** The Kafka cluster id the offset was read on or stored for (null: not recorded). */
  clusterId?: string | null;
}

/**
 * 'applied': the batch and its cursor are committed (or, when the batch held nothing for the subscriber, the cursor
 * is kept to be stored with a later batch: a restart re-reads such a batch and applies nothing again).
 * 'reposition': nothing was applied because the stored checkpoint moved under the feed (a generation switch, or
 * another runner); the feed asks for it again.
 */
export type BatchOutcome = 'applied' | 'reposition';

export interface FeedSubscriber {
  /** Names the subscriber (its projection) in logs. */
  readonly name: string;
  /** The catch-up feed's starting point: the last applied log position (null = from the start). */
  loadPosition(): Promise<LogPosition | null>;
  /** The Kafka feed's starting points: the stored next offsets (partitions absent start from the beginning). */
  loadOffsets(): Promise<PartitionOffset[]>;
  /** Applies one batch and stores its cursor in one transaction. A throw rolls both back; the feed retries. */
  handle(batch: FeedBatch): Promise<BatchOutcome>;
  /** Told when a batch failed and will be retried after `delayMs` (the feed keeps going). */
  failed?(error: unknown, delayMs: number): void;
  /**
   * Catch-up feed: told when a read after the subscriber's place found nothing, so everything up to the log's head
   * is applied. After a failure that is the news that it is over even when no event comes: a database that was away
   * failed the reads of an idle subscriber, and nothing else would tell it that it answers again.
   */
  caughtUp?(): void;
}

export interface FeedSubscription {
  /** Stops after the batch in hand (if any) is committed or rolled back. */
  stop(): Promise<void>;
  /**
   * Resolves when the feed delivers nothing more to this subscriber: the Kafka feed found the broker reset (another
   * cluster, offsets gone backwards, messages deleted: `reset`), or its consumer crashed for good. The owner stops
   * the subscription, after a reset resumes the projection from its global position, and subscribes again.
   * Never resolves on the catch-up feed.
   */
  readonly ended: Promise<FeedEnded>;
}

/** `reset`: the stored cursor is meaningless (resume from the global position); else subscribe again as stored. */
export interface FeedEnded { reason: string; reset: boolean }

/** Thrown by subscribe() when the stored cursor does not fit the feed (same meaning as `ended`). */
export class FeedResetError extends Error {
  constructor(readonly reason: string) {
    super(`feed reset: ${reason}`);
    this.name = 'FeedResetError';
  }
}

export interface Feed {
  readonly kind: 'catch-up' | 'kafka';
  subscribe(subscriber: FeedSubscriber): Promise<FeedSubscription>;
  /**
   * Kafka: each partition's end offset now (where a consumer starting now would begin), with the cluster id. A
   * subscriber built from the store's log after taking these continues from them without a gap; they also measure
   * lag. Catch-up: none.
   */
  headOffsets(): Promise<PartitionOffset[]>;
  /** Wakes idle pullers now (a command appended): the in-process half of "no sleep while events remain". */
  poke(): void;
  close(): Promise<void>;
}
