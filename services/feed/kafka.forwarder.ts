/**
 * The Kafka forwarder (DESIGN.md §6): reads the store's global log through the catch-up feed and publishes each
 * event to its category topic with an idempotent producer (acks = all), then records its own checkpoint after
 * the broker acknowledged the batch. A crash between the two republishes that batch: consumers absorb the
 * duplicates with their revision guard. A failed batch throws the producer away (ProducerSlot) and is republished
 * from the checkpoint by a new one, with backoff; while that goes on the status says since when it is stuck.
 * Nothing at start waits for the broker: the process serves from PostgreSQL while Kafka is away.
 *
 * One forwarder per name is active across processes: every process that runs projections starts one, but only the
 * holder of the name's lease (a row in kafka_forwarder_checkpoints: owner + lease_until, on the database's clock, as
 * the scheduler leases deadlines) publishes; the others stand by and try to take the lease every `renewMs`. The holder
 * renews it every `renewMs` and gives it up when it stops, so a standby takes over within one renewal; one that died
 * (kill -9) loses it once `leaseMs` passed, or at once to a process of the same machine that finds its pid gone (a
 * single server restarted after a crash does not wait for its own old lease). A holder that could not renew in time stops publishing before its lease
 * can have run out, and its checkpoint write is fenced by the owner, so two processes never forward at once beyond a
 * batch in flight (whose duplicates the consumers' revision guard absorbs, as after a crash).
 */
import { SpanKind } from '@opentelemetry/api';
import { eventSpans } from '../tracing/tracing';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kafka, Message, Producer } from 'kafkajs';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { formatPosition, parsePosition, type EventStore, type LogPosition, type RecordedEvent } from '../event-store/event-store.port';
import { createCatchUpFeed } from './catch-up.feed';
import type { FeedSubscription } from './feed.port';
import { encodeEvent, type TopicMap } from './kafka-codec';
import { EventTopicsRecorder, migrateEventTopics } from './kafka-event-topics';
import { errorFields, type Log } from './log';
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
  /** How long the lease holds without renewal (default 15 s), and how often it is renewed or tried (default leaseMs / 3). */
  leaseMs?: number;
  renewMs?: number;
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
  /** Whether this process holds the lease and publishes (false: another process forwards; this one stands by). */
  active: boolean;
  /** This process's name in the lease row. */
  owner: string;
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
  // the lease: only its holder forwards (one forwarder per name across processes)
  `alter table kafka_forwarder_checkpoints add column if not exists owner text,
     add column if not exists lease_until timestamptz`,
];

/** Lost the lease (another process took it over): the batch is not recorded here; the holder forwards it. */
class LeaseLost extends Error {
  constructor(name: string) {
    super(`kafka forwarder ${name}: the lease is held by another process`);
    this.name = 'LeaseLost';
  }
}

/** Below the broker's default message.max.bytes (1 MiB) per request, with room for headers and framing. */
const MAX_REQUEST_BYTES = 512 * 1024;

export async function startKafkaForwarder(options: KafkaForwarderOptions): Promise<KafkaForwarder> {
  const { db, kafka, topics, log } = options;
  const name = options.name ?? 'default';
  await migrate(db, 'kafka-forwarder', MIGRATION);
  await db.query('insert into kafka_forwarder_checkpoints (name) values ($1) on conflict (name) do nothing', [name]);
  await migrateEventTopics(db);
  const eventTopics = new EventTopicsRecorder(db, topics);
  const producers = new ProducerSlot(kafka, topics.topics, log, options.partitions);
  const leaseMs = options.leaseMs ?? 15_000;
  const renewMs = options.renewMs ?? Math.max(100, Math.floor(leaseMs / 3));
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}@${hostname()}`;

  const state: Omit<ForwarderStatus, 'producers' | 'active' | 'owner'> = { name, position: null, forwarded: 0, lastError: null, stuckSince: null };
  const feed = createCatchUpFeed({
    store: options.store, log, batchSize: options.batchSize, pollMs: options.pollMs, wakeup: options.wakeup,
    retry: { initialMs: 200, maxMs: options.retryMaxMs ?? 5000 },
  });
  // until when (this process's clock) the lease surely holds: taken or renewed at `asked`, so asked + leaseMs at worst
  let heldUntil = 0;
  let subscription: FeedSubscription | null = null;
  let switching: Promise<void> = Promise.resolve();
  let stopped = false;
  const holds = () => Date.now() < heldUntil - renewMs / 2;

  const subscribe = () => feed.subscribe({
    name: `kafka-forwarder:${name}`,
    async loadPosition() {
      const { rows } = await db.query<{ position: string | null }>('select position from kafka_forwarder_checkpoints where name = $1', [name]);
      const position = rows[0]?.position ?? null;
      state.position = position;
      return position ? parsePosition(position) : null;
    },
    loadOffsets: async () => [],
    async handle(batch) {
      if (!holds()) throw new LeaseLost(name);
      // before publishing: health counts a projection's Kafka lag on the topics known to carry its types
      await eventTopics.record(batch.events);
      await publish(await producers.get(), topics, batch.events);
      const position = batch.events[batch.events.length - 1].position;
      if (!(await saveForwarded(db, name, owner, position))) throw new LeaseLost(name);
      state.position = formatPosition(position);
      state.forwarded += batch.events.length;
      state.lastError = null;
      state.stuckSince = null;
      return 'applied';
    },
    failed(error) {
      if (error instanceof LeaseLost) {
        heldUntil = 0;
        return;
      }
      // whatever the producer's state now (a jammed sequence, a broker that lost the topics), a new one starts clean
      producers.discard();
      state.lastError = error instanceof Error ? error.message : String(error);
      state.stuckSince ??= new Date().toISOString();
    },
    caughtUp() {
      // nothing left to publish: a failure (reads while the database was away) is over without waiting for a batch
      state.lastError = null;
      state.stuckSince = null;
    },
  });

  /** Takes or renews the lease; true while this process holds it. A database that does not answer counts as no. */
  async function lease(): Promise<boolean> {
    const asked = Date.now();
    try {
      // a holder on this machine whose process is gone (kill -9, then a restart) is not waited for
      const { rows: held } = await db.query<{ owner: string | null }>('select owner from kafka_forwarder_checkpoints where name = $1', [name]);
      const dead = deadHereOwner(held[0]?.owner ?? null);
      const { rows } = await db.query<{ owner: string }>(
        `update kafka_forwarder_checkpoints set owner = $2, lease_until = now() + make_interval(secs => $3::double precision / 1000)
          where name = $1 and (owner is null or owner = $2 or owner = $4 or lease_until is null or lease_until < now())
          returning owner`, [name, owner, leaseMs, dead]);
      if (rows.length === 0) return false;
      heldUntil = asked + leaseMs;
      return true;
    } catch (error) {
      log.warn(errorFields(error), 'kafka forwarder: the lease could not be taken or renewed');
      return false;
    }
  }

  async function standBy(): Promise<void> {
    const current = subscription;
    subscription = null;
    heldUntil = 0;
    if (!current) return;
    await current.stop();
    await producers.close();
    log.info({ name, owner }, 'kafka forwarder: lease lost, standing by');
  }

  async function step(): Promise<void> {
    if (stopped) return;
    if (await lease()) {
      if (!subscription && !stopped) {
        subscription = await subscribe();
        log.info({ name, owner }, 'kafka forwarder: lease taken, forwarding');
      }
    } else if (subscription || !holds()) {
      await standBy();
    }
  }

  const tick = () => {
    switching = switching.then(step).catch((error: unknown) => log.warn(errorFields(error), 'kafka forwarder: lease step failed'));
    return switching;
  };
  await tick();
  const timer = setInterval(() => void tick(), renewMs);
  timer.unref();

  return {
    status: () => ({ ...state, producers: producers.generations, active: subscription !== null && holds(), owner }),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await switching;
      await subscription?.stop();
      subscription = null;
      // give the lease up: a standby takes over at its next try rather than once the lease ran out
      await db.query('update kafka_forwarder_checkpoints set owner = null, lease_until = null where name = $1 and owner = $2', [name, owner])
        .catch(() => undefined);
      await feed.close();
      await producers.close();
    },
  };
}

/** `owner` when it names a process of this machine that no longer runs (its lease need not run out); else null. */
function deadHereOwner(owner: string | null): string | null {
  const match = owner ? /^(\d+)-[0-9a-f]+@(.+)$/.exec(owner) : null;
  if (!match || match[2] !== hostname() || Number(match[1]) === process.pid) return null;
  try {
    process.kill(Number(match[1]), 0);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? owner : null;
  }
}

/** Records the checkpoint while `owner` holds the lease; false when it no longer does (nothing recorded). */
async function saveForwarded(db: Database, name: string, owner: string, position: LogPosition): Promise<boolean> {
  const { rowCount } = await db.query('update kafka_forwarder_checkpoints set position = $3, updated_at = now() where name = $1 and owner = $2',
    [name, owner, formatPosition(position)]);
  return (rowCount ?? 0) > 0;
}

/** Sends in log order, in requests under MAX_REQUEST_BYTES; each request waits for all in-sync replicas. */
async function publish(producer: Producer, topics: TopicMap, events: readonly RecordedEvent[]): Promise<void> {
  const spans = eventSpans('kafka publish', events, { 'messaging.system': 'kafka' }, SpanKind.PRODUCER);
  try {
    await publishBatches(producer, topics, events);
    spans.end();
  } catch (error) {
    spans.end(error);
    throw error;
  }
}

async function publishBatches(producer: Producer, topics: TopicMap, events: readonly RecordedEvent[]): Promise<void> {
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
