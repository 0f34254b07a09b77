/**
 * The truth about the feed for health and `projections status` (DESIGN.md §2: degrade, never die; say which part is
 * missing). Each projection's place against the store's head (the global position — on Kafka, the offsets and
 * the last applied global positions), the broker, the forwarder's checkpoint against the head, the heartbeats of
 * workers running projections elsewhere and a transaction holding back the commit horizon. `problems` names what
 * is wrong in short machine-readable words: 'kafka', 'kafka-broker:<host:port>' (one of several brokers gone), 'forwarder',
 * 'projection:<name>', 'worker', 'commit-horizon'.
 * A few reads per call; the caller caches it (health is polled).
 */
import type { Database } from '../../services/db/database';
import { comparePositions, formatPosition, parsePosition, type EventStore, type LogPosition } from '../../services/event-store/event-store.port';
import type { Feed } from '../../services/feed/feed.port';
import type { KafkaFeed } from '../../services/feed/kafka.feed';
import type { ClusterState } from '../../services/feed/kafka-feed-admin';
import { readEventTopics, topicsHandled } from '../../services/feed/kafka-event-topics';
import type { ForwarderStatus } from '../../services/feed/kafka.forwarder';
import { oldestOpenTransaction, HORIZON_WARN_MS, type OpenTransaction } from './commit-horizon';
import type { Projection } from './projection';
import type { ProjectionRunner } from './projection-runner';
import { isStalled, PendingWatch } from './stall';
import { catchUpBacklogs, handledTypes, storedCheckpoints, type StoredCheckpoint } from './status';
import { HEARTBEAT_STALE_MS, readHeartbeats, type WorkerHeartbeat } from './worker-heartbeat';

export interface FeedHealthOptions {
  /** Behind the head, and not moved for this long since the work became pending: stalled (default 30 s; stall.ts). */
  stallMs?: number;
  workerStaleMs?: number;
  horizonWarnMs?: number;
  /** How long the broker may take to answer (default 1500 ms; the runtime passes HEALTH_KAFKA_TIMEOUT_MS). */
  brokerTimeoutMs?: number;
}

export interface ProjectionHealth {
  name: string;
  version: number;
  generation: number | null;
  /** The runner's state here, a worker's report ('elsewhere' when no worker reports it). */
  state: string;
  /** The global position known applied (Kafka: the smallest over partitions of the last applied event's). */
  position: string | null;
  /** Events behind (catch-up: of its types, capped at 10,000; Kafka: messages behind the ends of the topics carrying its types); null: unknown. */
  lag: number | null;
  lastError: string | null;
  /** When its checkpoint last moved. */
  updatedAt: string | null;
  /** Since when it has had work left (null: none): the first pending event's append time, on Kafka when first seen behind. */
  pendingSince: string | null;
  stalled: boolean;
}

export interface ForwarderHealth {
  where: 'here' | 'elsewhere';
  position: string | null;
  lag: number | null;
  lastError: string | null;
  stuckSince: string | null;
  updatedAt: string | null;
}

export interface FeedHealth {
  problems: string[];
  feed: { kind: Feed['kind']; broker: { up: boolean; clusterId: string | null; error: string | null } | null };
  forwarder: ForwarderHealth | null;
  projections: ProjectionHealth[];
  workers: { runnersHere: boolean; heartbeats: WorkerHeartbeat[] };
  commitHorizon: (OpenTransaction & { heldBack: boolean }) | null;
}

export interface FeedHealthSources {
  db: Database;
  store: EventStore;
  feed: Feed;
  projections: readonly Projection[];
  /** The runners, when they run in this process. */
  runners: ReadonlyMap<string, ProjectionRunner> | null;
  /** The forwarder's own status when it runs here; 'elsewhere' when a worker runs it; null: no forwarder (catch-up). */
  forwarder: (() => ForwarderStatus) | 'elsewhere' | null;
  /** Kafka: when this process first saw each projection behind, kept across calls (without one, every call is a first sight). */
  pending?: PendingWatch;
}

interface KafkaOffsetRow { projection: string; topic: string; partition: number; next_offset: string; position: string | null; cluster_id: string | null; updated_at: Date }

export async function assessFeed(sources: FeedHealthSources, options: FeedHealthOptions = {}): Promise<FeedHealth> {
  const { db, store, feed, projections, runners } = sources;
  const stallMs = options.stallMs ?? 30_000;
  const names = projections.map((p) => p.name);
  const problems: string[] = [];
  const [checkpoints, heartbeats, horizon, cluster, forwarded] = await Promise.all([
    storedCheckpoints(db, names),
    readHeartbeats(db, options.workerStaleMs ?? HEARTBEAT_STALE_MS),
    oldestOpenTransaction(db),
    feed.kind === 'kafka' ? probeBroker(feed as KafkaFeed, options.brokerTimeoutMs ?? 1500) : Promise.resolve(null),
    sources.forwarder ? storedForwarder(db) : Promise.resolve(null),
  ]);
  if (cluster && 'error' in cluster) problems.push('kafka');
  // one broker of several gone: the shop keeps selling on the others (replication 3, min.insync 2), ops are told which
  if (cluster && 'missingBrokers' in cluster) problems.push(...cluster.missingBrokers.map((address) => `kafka-broker:${address}`));
  const state = cluster && !('error' in cluster) && !('slow' in cluster) ? cluster : null;

  const [offsets, eventTopics] = feed.kind === 'kafka'
    ? await Promise.all([
      db.query<KafkaOffsetRow>(
        `select projection, topic, partition, next_offset::text, position, cluster_id, updated_at from projection_kafka_offsets
         where projection = any($1::text[])`, [names]).then((r) => r.rows),
      readEventTopics(db)])
    : [[], null];
  const places = new Map(projections.map(({ name, handles }) => [name, feed.kind === 'kafka'
    ? kafkaPlace(offsets.filter((o) => o.projection === name), checkpoints.get(name) ?? null, state, topicsHandled(eventTopics, handles))
    : { position: checkpoints.get(name)?.position ?? null, updatedAt: checkpoints.get(name)?.updatedAt ?? null, lag: null, reset: false }]));
  const lagged = [...places].map(([name, p]) => ({ name, generation: 0, position: p.position }));
  if (forwarded) lagged.push({ name: FORWARDER, generation: 0, position: forwarded.position });
  const counted = await catchUpBacklogs(store, feed.kind === 'kafka' ? lagged.filter((c) => c.name === FORWARDER) : lagged, handledTypes(projections));

  const fresh = heartbeats.filter((h) => !h.stale);
  if (!runners && fresh.length === 0) problems.push('worker');
  const reported = new Map<string, { state: string; lastError: string | null }>();
  for (const beat of [...fresh].reverse()) for (const r of beat.status.runners ?? []) reported.set(r.name, r);

  const now = Date.now();
  const watch = sources.pending ?? new PendingWatch();
  const health = projections.map((projection): ProjectionHealth => {
    const place = places.get(projection.name)!;
    const runner = runners?.get(projection.name)?.status();
    const elsewhere = reported.get(projection.name);
    const lag = place.lag ?? counted.get(projection.name)?.lag ?? null;
    const pendingSince = feed.kind === 'kafka' ? watch.observe(projection.name, lag, now) : counted.get(projection.name)?.pendingSince ?? null;
    const stalled = isStalled({ lag, advancedAt: place.updatedAt, pendingSince }, now, stallMs);
    const projectionState = runner?.state ?? elsewhere?.state ?? 'elsewhere';
    if (projectionState === 'failed' || stalled || place.reset) problems.push(`projection:${projection.name}`);
    return {
      name: projection.name, version: projection.version, generation: checkpoints.get(projection.name)?.generation ?? null,
      state: place.reset ? 'reset-pending' : projectionState, position: place.position ? formatPosition(place.position) : null,
      lag, lastError: runner?.lastError ?? elsewhere?.lastError ?? null,
      updatedAt: place.updatedAt ? place.updatedAt.toISOString() : null, pendingSince: pendingSince?.toISOString() ?? null, stalled,
    };
  });

  let forwarder: ForwarderHealth | null = null;
  if (sources.forwarder) {
    const mine = typeof sources.forwarder === 'function' ? sources.forwarder() : null;
    const here = mine?.active === false ? null : mine; // standing by: the lease holder elsewhere forwards
    const report = here ?? [...fresh].map((h) => h.status.forwarder).find((f) => f) ?? null;
    const backlog = counted.get(FORWARDER);
    const lag = backlog?.lag ?? null;
    forwarder = {
      where: here ? 'here' : 'elsewhere', position: forwarded?.position ? formatPosition(forwarded.position) : null, lag,
      lastError: report?.lastError ?? null, stuckSince: report?.stuckSince ?? null,
      updatedAt: forwarded?.updatedAt?.toISOString() ?? null,
    };
    const stalled = isStalled({ lag, advancedAt: forwarded?.updatedAt ?? null, pendingSince: backlog?.pendingSince ?? null }, now, stallMs);
    if (forwarder.lastError || stalled) problems.push('forwarder');
  }

  const horizonWarnMs = options.horizonWarnMs ?? HORIZON_WARN_MS;
  const commitHorizon = horizon ? { ...horizon, heldBack: horizon.ageMs > horizonWarnMs } : null;
  if (commitHorizon?.heldBack) problems.push('commit-horizon');

  return {
    problems,
    feed: {
      kind: feed.kind,
      broker: cluster === null ? null
        : 'error' in cluster ? { up: false, clusterId: null, error: cluster.error }
          : 'slow' in cluster ? { up: true, clusterId: null, error: cluster.slow }
          : { up: true, clusterId: cluster.clusterId, error: null },
    },
    forwarder,
    projections: health,
    workers: { runnersHere: runners !== null, heartbeats },
    commitHorizon,
  };
}

const FORWARDER = '\u0000forwarder';

/** When each feed's broker last answered the probe (also an answer that came after the probe had given up). */
const brokerAnsweredAt = new WeakMap<KafkaFeed, number>();
/**
 * A broker that answered within this long is slow, not down, when a probe times out: on a loaded machine the cluster
 * state (a describe and the topics' offsets) can take longer than the probe waits, and health flapped between up and
 * 'kafka' while every batch and publish went through. A broker that refuses, or never answered, is down at once.
 */
const SLOW_NOT_DOWN_MS = 5000;

type BrokerProbe = ClusterState | { error: string } | { slow: string };

async function probeBroker(feed: KafkaFeed, timeoutMs: number): Promise<BrokerProbe> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<{ timedOut: string }>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  const answer = feed.admin.state().then(
    (state) => { brokerAnsweredAt.set(feed, Date.now()); return state; },
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
  try {
    const outcome = await Promise.race([answer, timeout]);
    if (!('timedOut' in outcome)) return outcome;
    const answeredAt = brokerAnsweredAt.get(feed);
    return answeredAt !== undefined && Date.now() - answeredAt < SLOW_NOT_DOWN_MS
      ? { slow: `${outcome.timedOut}; answered ${Date.now() - answeredAt} ms ago` } : { error: outcome.timedOut };
  } finally {
    clearTimeout(timer);
  }
}

async function storedForwarder(db: Database): Promise<{ position: LogPosition | null; updatedAt: Date | null } | null> {
  const { rows } = await db.query<{ position: string | null; updated_at: Date }>(
    `select position, updated_at from kafka_forwarder_checkpoints order by updated_at desc limit 1`).catch(() => ({ rows: [] }));
  if (rows.length === 0) return null;
  return { position: rows[0].position ? parsePosition(rows[0].position) : null, updatedAt: new Date(rows[0].updated_at) };
}

/**
 * A Kafka-fed projection's place: messages behind the ends of the topics it handles (`topics`; null: every topic),
 * whether its offsets no longer fit the broker, its global position.
 */
function kafkaPlace(rows: readonly KafkaOffsetRow[], stored: StoredCheckpoint | null, cluster: ClusterState | null, topics: ReadonlySet<string> | null) {
  const checkpoint = stored?.position ?? null;
  let position: LogPosition | null = null;
  for (const row of rows) {
    if (!row.position) continue;
    const p = parsePosition(row.position);
    if (!position || comparePositions(p, position) < 0) position = p;
  }
  if (checkpoint && (!position || comparePositions(checkpoint, position) > 0)) position = checkpoint;
  // before the first offsets are stored (the bootstrap catch-up), the generation's checkpoint shows the progress; after,
  // only the topics it handles: the offsets of the others move on every message anywhere and would hide a stuck lane
  const updatedAt = rows.filter((r) => !topics || topics.has(r.topic))
    .reduce<Date | null>((latest, r) => (!latest || r.updated_at > latest ? new Date(r.updated_at) : latest),
      rows.length === 0 ? stored?.updatedAt ?? null : null);
  if (!cluster) return { position, updatedAt, lag: null, reset: false };
  const ranges = new Map(cluster.partitions.map((p) => [`${p.topic}:${p.partition}`, p]));
  let lag = 0n;
  let reset = false;
  for (const row of rows) {
    const range = ranges.get(`${row.topic}:${row.partition}`);
    const next = BigInt(row.next_offset);
    if (!range || next > range.high || next < range.low || (row.cluster_id && row.cluster_id !== cluster.clusterId)) reset = true;
    else if (!topics || topics.has(row.topic)) lag += range.high - next;
  }
  for (const range of cluster.partitions) {
    if (topics && !topics.has(range.topic)) continue;
    if (!rows.some((r) => r.topic === range.topic && r.partition === range.partition)) lag += range.high - range.low;
  }
  return { position, updatedAt, lag: Number(lag), reset };
}
