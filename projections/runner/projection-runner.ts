/**
 * The live runner of one projection: a FeedSubscriber that applies each batch and stores the batch's cursor in
 * one transaction through one client. The transaction first takes the projection's registry row, so a batch
 * never interleaves with a generation switch; when the live generation changed under it, the runner moves to
 * the new one (catch-up: re-reads from that generation's checkpoint; Kafka: applies there, the guard absorbing
 * what the rebuild already did). A committed batch is announced in process and by NOTIFY (on commit). A batch
 * with no event this projection handles opens no transaction: the runner moves on in memory and stores the
 * checkpoint (catch-up) or the partition's offset (Kafka) with its next real batch, or a second later (a timer), so
 * a quiet log still ends with every checkpoint at its head. On Kafka that matters most: the process's one consumer
 * hands every batch of every topic to every runner (kafka-shared-consumer.ts), and a transaction per runner per batch
 * queued the batches of the few read models that handle it behind those of all the others (a worker's append →
 * applied latency).
 */
import { eventSpans } from '../../services/tracing/tracing';
import type { Database } from '../../services/db/database';
import { formatPosition, type LogPosition, type RecordedEvent } from '../../services/event-store/event-store.port';
import type { BatchOutcome, FeedBatch, FeedCursor, FeedSubscriber, PartitionOffset } from '../../services/feed/feed.port';
import type { Log } from '../../services/feed/log';
import { applyGuarded } from './apply-batch';
import type { AppliedEvents } from './applied-events';
import { lockRegistry, readCheckpoint, readLive } from './generations';
import { generationSchema, type Projection } from './projection';
import { PROJECTION_APPLIED_CHANNEL } from './runner-tables';

/** A runner whose batches hold nothing for it still stores its checkpoint this often (health lag, restart work). */
const CHECKPOINT_AT_LEAST_EVERY_MS = 1000;

type PartitionCursor = Extract<FeedCursor, { kind: 'partition' }>;
const partitionKey = (cursor: PartitionCursor) => `${cursor.topic}:${cursor.partition}`;

export type RunnerState = 'starting' | 'rebuilding' | 'live' | 'failed' | 'stopped';

export interface RunnerStatus {
  name: string;
  version: number;
  generation: number | null;
  state: RunnerState;
  /** Catch-up feed: the last applied log position. */
  position: LogPosition | null;
  lastError: string | null;
  eventsProcessed: number;
}

export class ProjectionRunner implements FeedSubscriber {
  readonly name: string;
  private generation: number | null = null;
  private position: LogPosition | null = null;
  /** The checkpoint as stored: `position` runs ahead of it over batches with nothing for this read model. */
  private persisted: LogPosition | null = null;
  private persistedAt = 0;
  private readonly handles: ReadonlySet<string>;
  private state: RunnerState = 'starting';
  private lastError: string | null = null;
  private eventsProcessed = 0;
  private gate: Promise<void> | null = null;
  private inFlight: Promise<unknown> = Promise.resolve();
  /** Kafka: per topic partition, the cursor of batches with nothing for this read model, not stored yet. */
  private readonly unstoredOffsets = new Map<string, PartitionCursor>();
  /** Stores `position` and `unstoredOffsets` when batches with nothing for this read model were the last ones (see applyBatch). */
  private checkpointTimer: ReturnType<typeof setTimeout> | null = null;
  /** Kafka partition batches waiting for the transaction in flight: they share the next one (joinPartitionGroup). */
  private readonly partitionGroup: { batch: FeedBatch; resolve: (outcome: BatchOutcome) => void; reject: (error: unknown) => void }[] = [];

  constructor(
    private readonly db: Database,
    private readonly projection: Projection,
    private readonly applied: AppliedEvents,
    private readonly log: Log,
  ) {
    this.name = projection.name;
    this.handles = new Set(projection.handles);
  }

  status(): RunnerStatus {
    return {
      name: this.name, version: this.projection.version, generation: this.generation, state: this.state,
      position: this.position, lastError: this.lastError, eventsProcessed: this.eventsProcessed,
    };
  }

  setState(state: RunnerState): void {
    this.state = state;
  }

  /** Takes no more batches; the batch or checkpoint write in hand finishes first. */
  async stop(): Promise<void> {
    this.state = 'stopped';
    this.applied.forget(this.name);
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    await this.inFlight;
  }

  async loadPosition(): Promise<LogPosition | null> {
    const live = await readLive(this.db, this.name);
    if (!live) throw new Error(`projection ${this.name} has no live generation`);
    this.generation = live.generation;
    this.position = await readCheckpoint(this.db, this.name, live.generation);
    this.persisted = this.position;
    this.persistedAt = Date.now();
    this.applied.reach(this.name, this.position);
    return this.position;
  }

  async loadOffsets(): Promise<PartitionOffset[]> {
    // the feed re-reads from the stored offsets: what was skipped and not stored is skipped again
    this.unstoredOffsets.clear();
    const live = await readLive(this.db, this.name);
    this.generation = live?.generation ?? null;
    const { rows } = await this.db.query<{ topic: string; partition: number; next_offset: string; cluster_id: string | null }>(
      'select topic, partition, next_offset::text, cluster_id from projection_kafka_offsets where projection = $1', [this.name]);
    return rows.map((row) => ({
      topic: row.topic, partition: Number(row.partition), nextOffset: row.next_offset, clusterId: row.cluster_id,
    }));
  }

  async handle(batch: FeedBatch): Promise<BatchOutcome> {
    while (this.gate) await this.gate;
    if (batch.cursor.kind === 'partition') return this.joinPartitionGroup(batch);
    return this.serially(() => this.applyBatch(batch.events, [batch.cursor]));
  }

  /**
   * Kafka hands the batches of several partitions at once (kafka.feed.ts consumes partitions concurrently): those that
   * arrive while a transaction is in flight wait together and go into the next one, their offsets stored together.
   * Without this a payment's OrderPaid waited behind one transaction per partition batch fetched before it. When the
   * group's transaction fails, its batches are applied one by one, so a batch that cannot be applied holds up only its
   * own partition (the feed retries it), as when each batch had its own transaction.
   */
  private joinPartitionGroup(batch: FeedBatch): Promise<BatchOutcome> {
    return new Promise<BatchOutcome>((resolve, reject) => {
      const opensGroup = this.partitionGroup.length === 0;
      this.partitionGroup.push({ batch, resolve, reject });
      if (!opensGroup) return;
      void this.serially(async () => {
        const group = this.partitionGroup.splice(0);
        try {
          const outcome = await this.applyBatch(group.flatMap((g) => g.batch.events), group.map((g) => g.batch.cursor));
          for (const member of group) member.resolve(outcome);
        } catch (error) {
          if (group.length === 1) {
            group[0].reject(error);
            return;
          }
          // one batch broke the transaction: each alone, so that the others' partitions go on and only its own retries
          for (const member of group) {
            await this.applyBatch(member.batch.events, [member.batch.cursor]).then(member.resolve, member.reject);
          }
        }
      });
    });
  }

  /** The feed's batches and the checkpoint timer's writes never overlap: each starts when the one before ended. */
  private serially<T>(step: () => Promise<T>): Promise<T> {
    const work = this.inFlight.then(step);
    this.inFlight = work.catch(() => undefined);
    return work;
  }

  /** After batches with nothing to apply: store the position they reached unless a real batch did so meanwhile. */
  private scheduleCheckpoint(): void {
    if (this.checkpointTimer) return;
    this.checkpointTimer = setTimeout(() => {
      this.checkpointTimer = null;
      void this.serially(async () => {
        if (this.state !== 'live') return;
        for (const cursor of [...this.unstoredOffsets.values()]) {
          await this.applyBatch([], [cursor], { store: true });
        }
        const { position } = this;
        if (!position || samePosition(position, this.persisted)) return;
        await this.applyBatch([], [{ kind: 'log', position }], { store: true });
      }).catch((error: unknown) => this.log.warn({ projection: this.name, err: error }, 'projection checkpoint not stored; the next batch stores it'));
    }, CHECKPOINT_AT_LEAST_EVERY_MS);
    this.checkpointTimer.unref?.();
  }

  failed(error: unknown): void {
    this.state = 'failed';
    this.applied.forget(this.name);
    this.lastError = error instanceof Error ? error.message : String(error);
  }

  /**
   * The feed re-read the checkpoint after a failure and found nothing left to apply: the failure is over. Without
   * this an idle projection whose reads failed while PostgreSQL was away stayed 'failed' (and health 503) until the
   * next event; one whose batch keeps failing never gets here, since its batch is still there to read.
   */
  caughtUp(): void {
    if (this.state !== 'failed') return;
    this.log.info({ projection: this.name, after: this.lastError }, 'projection recovered: caught up with the log');
    this.state = 'live';
    this.lastError = null;
  }

  /** Holds new batches (the one in hand finishes first) until the returned function is called. */
  async pause(): Promise<() => void> {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    this.gate = gate;
    await this.inFlight;
    return () => {
      if (this.gate === gate) this.gate = null;
      open();
    };
  }

  /**
   * `events` and the cursors they were read up to: one log cursor (catch-up), or one per partition (Kafka: the batches
   * of a group, see joinPartitionGroup; the partitions hold distinct streams, so each stream's events stay in order).
   */
  private async applyBatch(events: readonly RecordedEvent[], cursors: readonly FeedCursor[], options: { store?: boolean } = {}): Promise<BatchOutcome> {
    const nothingHere = !options.store && !events.some((e) => this.handles.has(e.type));
    const log = cursors.length === 1 && cursors[0].kind === 'log' ? cursors[0] : null;
    if (nothingHere && (!log || Date.now() - this.persistedAt < CHECKPOINT_AT_LEAST_EVERY_MS)) {
      // nothing here for this read model: no transaction; the cursor (catch-up: the checkpoint; Kafka: the
      // partitions' offsets) is stored with the next batch that has something, or by the timer CHECKPOINT_AT_LEAST_EVERY_MS
      // later (a restart re-reads at most that much, applying nothing)
      if (log) {
        this.position = log.position;
        this.applied.reach(this.name, log.position);
      } else {
        for (const cursor of partitionCursors(cursors)) this.unstoredOffsets.set(partitionKey(cursor), cursor);
      }
      this.eventsProcessed += events.length;
      this.state = 'live';
      this.scheduleCheckpoint();
      return 'applied';
    }
    const spans = eventSpans(`projection ${this.name}`, events.filter((e) => this.handles.has(e.type)), { 'jishi.projection': this.name });
    const result = await this.db.transaction(async (tx) => {
      const live = await lockRegistry(tx, this.name);
      if (!live) throw new Error(`projection ${this.name} has no live generation`);
      if (log) {
        const moved = live.generation !== this.generation || !samePosition(live.position, this.persisted);
        if (moved) return null;
      }
      const generation = live.generation;
      const streams = await applyGuarded(tx, this.projection, generationSchema(this.name, generation), events);
      const notify = streams.size > 0 ? `select pg_notify('${PROJECTION_APPLIED_CHANNEL}', $1) from saved` : 'select 1 from saved';
      if (log) {
        await tx.query(
          `with saved as (update projection_checkpoints set position = $2, updated_at = now()
             where projection = $1 and generation = $3 returning 1) ${notify}`,
          [this.name, formatPosition(log.position), generation]);
      } else {
        const partitions = partitionCursors(cursors);
        await tx.query(
          `with saved as (insert into projection_kafka_offsets (projection, topic, partition, next_offset, position, cluster_id)
             select $1, o.topic, o.partition, o.next_offset::bigint, o.position, o.cluster_id
               from unnest($2::text[], $3::integer[], $4::text[], $5::text[], $6::text[])
                 as o (topic, partition, next_offset, position, cluster_id)
             on conflict (projection, topic, partition) do update set
               next_offset = excluded.next_offset, position = excluded.position, cluster_id = excluded.cluster_id,
               updated_at = now()
             returning 1) ${notify}`,
          [this.name, partitions.map((c) => c.topic), partitions.map((c) => c.partition), partitions.map((c) => c.nextOffset),
            partitions.map((c) => formatPosition(c.position)), partitions.map((c) => c.clusterId)]);
      }
      return { generation, streams };
    }).catch((error: unknown) => {
      spans.end(error);
      throw error;
    });
    spans.end();
    if (!result) {
      this.applied.forget(this.name);
      this.log.info({ projection: this.name }, 'projection checkpoint moved (generation switch or another runner); re-reading');
      return 'reposition';
    }
    if (result.generation !== this.generation) {
      this.log.info({ projection: this.name, generation: result.generation }, 'projection follows its new generation');
      this.generation = result.generation;
    }
    if (log) {
      this.position = log.position;
      this.persisted = log.position;
      this.persistedAt = Date.now();
    } else {
      for (const cursor of partitionCursors(cursors)) {
        // stored now: a skipped batch's cursor (the timer), or superseded by this later batch of the partition
        if (this.unstoredOffsets.get(partitionKey(cursor)) === cursor || !options.store) this.unstoredOffsets.delete(partitionKey(cursor));
      }
    }
    this.eventsProcessed += events.length;
    this.state = 'live';
    this.lastError = null;
    if (log) this.applied.reach(this.name, log.position);
    if (result.streams.size > 0) this.applied.emit({ projection: this.name, generation: result.generation, streams: result.streams });
    return 'applied';
  }
}

const partitionCursors = (cursors: readonly FeedCursor[]): PartitionCursor[] =>
  cursors.filter((cursor): cursor is PartitionCursor => cursor.kind === 'partition');

const samePosition = (a: LogPosition | null, b: LogPosition | null): boolean =>
  a === null || b === null ? a === b : a.commit === b.commit && a.prepare === b.prepare;
