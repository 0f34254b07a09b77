/**
 * startProjections: the one entry point of the projection runner for the composition root (services/main.ts,
 * the `npm run projections` worker, the ops CLI).
 *
 *   const projections = await startProjections({ db, store, projections: [noticesProjection], feed: 'catch-up', log });
 *   const appended = await store.appendToStream(...);
 *   const reached = await projections.waitFor(appended);       // read-your-writes, ≤ 2000 ms, never throws
 *   await projections.status();                                // per projection: state, generation, position, lag
 *   await projections.rebuild('notices' | 'all', onProgress);   // side by side, chain and diff gate, then an atomic view switch
 *   await projections.stop();                                  // db and store stay open: the caller owns them
 *
 * feed: 'catch-up' (the store's global log, in process) or { kafka: { brokers } } (the store → Kafka forwarder
 * runs here unless `forward: false`; the projections share one consumer, in the group of every process that runs
 * the same projections: services/feed/kafka.feed.ts projectionsGroupId). `run: false` starts no runner and
 * no forwarder: for an API process whose projections run in a worker (waitFor then listens on PostgreSQL).
 * Each projection boots in the background (status 'starting' / 'rebuilding'); `ready()` resolves once all are live.
 */
import { setMaxListeners } from 'node:events';
import type { Database } from '../../services/db/database';
import type { ChainProblem, EventStore } from '../../services/event-store/event-store.port';
import { createCatchUpFeed } from '../../services/feed/catch-up.feed';
import type { Feed } from '../../services/feed/feed.port';
import { createKafka, type KafkaConnection } from '../../services/feed/kafka-client';
import { topicMap } from '../../services/feed/kafka-codec';
import { createKafkaFeed, projectionsGroupId } from '../../services/feed/kafka.feed';
import { startKafkaForwarder, type ForwarderStatus, type KafkaForwarder } from '../../services/feed/kafka.forwarder';
import { toLog, type LogLike } from '../../services/feed/log';
import { Wakeup } from '../../services/feed/wakeup';
import { AppliedEvents } from './applied-events';
import { superviseProjection, type BootDeps, type Supervised } from './boot';
import { HORIZON_WARN_MS, watchCommitHorizon } from './commit-horizon';
import { assessFeed, type FeedHealth, type FeedHealthOptions } from './feed-health';
import { PendingWatch } from './stall';
import { startHeartbeat, type Heartbeat } from './worker-heartbeat';
import { ensureLiveGeneration } from './generations';
import { PgListener } from './pg-listener';
import { assertDistinct, type Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjection, type RebuildOptions, type RebuildProgress, type RebuildResult } from './rebuild';
import { EVENTS_APPENDED_CHANNEL, migrateRunnerTables, PROJECTION_APPLIED_CHANNEL } from './runner-tables';
import { projectionStatuses, type ProjectionStatus } from './projection-status';
import { createWaitFor, type WaitFor } from './wait-for';

export type FeedChoice =
  | 'catch-up'
  | { kafka: KafkaConnection & { categories?: readonly string[]; partitions?: number; forward?: boolean } };

export interface StartProjectionsOptions {
  db: Database;
  store: EventStore;
  projections: readonly Projection[];
  feed: FeedChoice;
  /** A pino-style logger or a line writer. */
  log: LogLike;
  /** Default true; false = waitFor, status and rebuild only (runners elsewhere). */
  run?: boolean;
  /** Events per read and per transaction (default 1000). */
  batchSize?: number;
  /**
   * Events per read and per transaction while a generation fills before it goes live: a start's catch-up, a
   * rebuild's building phase (default batchSize when that is given, else each projection's own fillBatchSize, else
   * FILL_BATCH_SIZE).
   */
  fillBatchSize?: number;
  /** Slow poll of the catch-up feed when nothing pings (default 1000 ms). */
  pollMs?: number;
  /** Thresholds of health(): stall, stale worker, held-back horizon, broker answer time. */
  health?: FeedHealthOptions;
  /** How often a process running projections writes its heartbeat row (default 5000 ms). */
  heartbeatMs?: number;
}

export interface ProjectionsHandle {
  waitFor: WaitFor;
  status(): Promise<ProjectionStatus[]>;
  /**
   * Refuses (RebuildRefusedError, nothing switched) when the log's hash chain reports a problem, or when the rebuilt
   * read model differs from the live one unless `acceptDifferences`.
   */
  rebuild(name: string, onProgress?: (progress: RebuildProgress) => void, options?: RebuildOptions): Promise<RebuildResult[]>;
  names(): string[];
  /** Wakes idle feeds now: call after appends that nobody waits for (waitFor pokes by itself). */
  notifyAppended(): void;
  /** The store → Kafka forwarder's status (null unless it runs here). */
  forwarder(): ForwarderStatus | null;
  /**
   * The feed's health: each projection's place against the head, the broker, the forwarder, workers' heartbeats and
   * the commit horizon, with `problems` naming what is wrong. Cached for a second (health is polled); throws when
   * the database does not answer.
   */
  health(): Promise<FeedHealth>;
  /**
   * Calls `listener` after a batch that changed a read model committed: with the projection's name, or null when a
   * rebuild switched generations. In process from the runners here, and from runners in other processes through
   * LISTEN/NOTIFY on PostgreSQL. For caches of read-model answers (services/read-cache).
   */
  onApplied(listener: (projection: string | null) => void): () => void;
  ready(): Promise<void>;
  /**
   * Holds the runner of `name` in this process (its read model stops following the log) until the returned function
   * is called: fault tests hold a read model back to see what a lagging projection does to the API.
   */
  pause(name: string): Promise<() => void>;
  stop(): Promise<void>;
}

/**
 * Retries of a projection's failed read or batch: at most 5 s apart (the feed's default is 30 s), so a projection that
 * failed while the database was away is live again within seconds of it answering, not up to half a minute later.
 */
const CATCH_UP_RETRY = { initialMs: 100, maxMs: 5000 };

export async function startProjections(options: StartProjectionsOptions): Promise<ProjectionsHandle> {
  const { db, store, projections } = options;
  const log = toLog(options.log);
  const run = options.run ?? true;
  const batchSize = options.batchSize ?? 1000;
  const fillBatchSize = options.fillBatchSize ?? options.batchSize;
  assertDistinct(projections);
  await migrateRunnerTables(db);
  for (const projection of projections) await ensureLiveGeneration(db, projection);

  const wakeup = new Wakeup();
  const applied = new AppliedEvents();
  const stopping = new AbortController();
  setMaxListeners(0, stopping.signal); // every projection's supervisor and backoff pause listens for the stop
  const listener = db.kind === 'postgres'
    ? await PgListener.open(db, [PROJECTION_APPLIED_CHANNEL, EVENTS_APPENDED_CHANNEL], log) : null;
  listener?.on(EVENTS_APPENDED_CHANNEL, () => wakeup.ping());

  let feed: Feed;
  let forwarder: KafkaForwarder | null = null;
  if (options.feed === 'catch-up') {
    feed = createCatchUpFeed({ store, log, batchSize, pollMs: options.pollMs, wakeup, retry: CATCH_UP_RETRY });
  } else {
    const { categories, partitions, forward, ...connection } = options.feed.kafka;
    const kafka = createKafka(connection, log);
    const topics = topicMap(categories);
    feed = createKafkaFeed({
      kafka, topics, log, partitions, groupId: projectionsGroupId(projections.map((p) => p.name)), brokers: connection.brokers,
    });
    if (run && forward !== false) {
      // its own client with few retries of its own: the forwarder's backoff retries, and its status tells at once
      const forwarding = createKafka({ ...connection, retries: 2 }, log);
      forwarder = await startKafkaForwarder({
        db, store, kafka: forwarding, topics, log, wakeup, batchSize, pollMs: options.pollMs, partitions,
      });
    }
  }

  const runners = new Map(projections.map((p) => [p.name, new ProjectionRunner(db, p, applied, log)]));
  const subscribed = new Set<string>();
  const queues = new Map<string, Promise<unknown>>();
  const serialise = <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const next = (queues.get(name) ?? Promise.resolve()).catch(() => undefined).then(work);
    queues.set(name, next);
    return next;
  };
  const deps: BootDeps = {
    db, store, log, batchSize, fillBatchSize, applied, feed, serialise, signal: stopping.signal,
    onProgress: throttled((p) => log.info({ ...p }, 'rebuild progress')),
  };
  const heartbeat: Heartbeat | null = run ? startHeartbeat(db, log, () => ({
    runners: [...runners.values()].map((r) => r.status()).map(({ name, state, lastError }) => ({ name, state, lastError })),
    // a standby forwarder (another process holds the lease) reports nothing: the active one speaks for the deployment
    forwarder: forwarder?.status().active ? (({ lastError, stuckSince, position }) => ({ lastError, stuckSince, position }))(forwarder.status()) : null,
  }), options.heartbeatMs) : null;
  const supervised: Supervised[] = run ? projections.map((projection) => {
    const supervisor = superviseProjection(deps, projection, runners.get(projection.name)!);
    void supervisor.live.then(() => {
      subscribed.add(projection.name);
      heartbeat?.beat();
    });
    return supervisor;
  }) : [];
  const horizonWarnMs = options.health?.horizonWarnMs ?? HORIZON_WARN_MS;
  const horizon = watchCommitHorizon(db, log, horizonWarnMs, Math.min(5000, Math.max(100, horizonWarnMs / 2)));
  const forwarding = options.feed !== 'catch-up' && options.feed.kafka.forward !== false;
  const pending = new PendingWatch();
  const health = cachedFor(1000, () => assessFeed({
    db, store, feed, projections, runners: run ? runners : null, pending,
    forwarder: !forwarding ? null : forwarder ? () => forwarder!.status() : 'elsewhere',
  }, options.health));

  const byName = (name: string) => {
    const found = projections.filter((p) => name === 'all' || p.name === name);
    if (found.length === 0) throw new Error(`unknown projection: ${name}`);
    return found;
  };

  return {
    waitFor: createWaitFor({ db, projections, applied: run ? applied : undefined, listener, poke: () => wakeup.ping() }),
    status: () => projectionStatuses({ db, store, feed, projections, runners: run ? runners : null }),
    async rebuild(name, onProgress, options) {
      const results: RebuildResult[] = [];
      // the whole log's chain once for every projection rebuilt here, when the first of them is about to switch
      let checked: Promise<ChainProblem[]> | null = null;
      const chainProblems = () => (checked ??= store.verifyChain());
      for (const projection of byName(name)) {
        const runner = runners.get(projection.name)!;
        results.push(await serialise(projection.name, () => rebuildProjection({
          ...deps, chainProblems, pauseLive: subscribed.has(projection.name) ? () => runner.pause() : undefined,
        }, projection, onProgress, options)));
      }
      return results;
    },
    names: () => projections.map((p) => p.name),
    notifyAppended: () => wakeup.ping(),
    forwarder: () => forwarder?.status() ?? null,
    health,
    onApplied(callback) {
      const off = [applied.on((notice) => callback(notice.streams === null ? null : notice.projection))];
      if (listener) off.push(listener.on(PROJECTION_APPLIED_CHANNEL, (name) => callback(name || null)));
      return () => off.forEach((stop) => stop());
    },
    ready: async () => { await Promise.all(supervised.map((s) => s.live)); },
    async pause(name) {
      const runner = runners.get(name);
      if (!runner) throw new Error(`unknown projection: ${name}`);
      return runner.pause();
    },
    async stop() {
      stopping.abort();
      horizon.stop();
      await Promise.allSettled(supervised.map((s) => s.done));
      await Promise.allSettled([...queues.values()]);
      for (const runner of runners.values()) await runner.stop();
      await heartbeat?.stop();
      await forwarder?.stop();
      await feed.close();
      await listener?.close();
    },
  };
}

/** One answer shared by every caller for `ms` (and while it is being computed); a failure is not kept. */
function cachedFor<T>(ms: number, compute: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (kept && Date.now() - kept.at < ms) return kept.value;
    const value = compute();
    const entry = { at: Date.now(), value };
    kept = entry;
    value.catch(() => { if (kept === entry) kept = null; });
    return value;
  };
}

/** Logs rebuild progress at most once a second, but every phase change. */
function throttled(write: (progress: RebuildProgress) => void): (progress: RebuildProgress) => void {
  let lastAt = 0;
  let lastPhase = '';
  return (progress) => {
    const now = Date.now();
    if (progress.phase === lastPhase && now - lastAt < 1000) return;
    lastAt = now;
    lastPhase = progress.phase;
    write(progress);
  };
}
