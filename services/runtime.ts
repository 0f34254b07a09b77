/**
 * Opens the engines the configuration names (DESIGN.md §2 table): the read-model database (PostgreSQL or PGlite),
 * the event store (EventStoreDB, or the PostgreSQL adapter on that same database), and — unless projections run in
 * their own workers — the projections with their feed (store catch-up, or Kafka with the forwarder).
 * `main.ts`, the projections worker, the ops CLI and the test server all start from here.
 */
import { instrumentedEventStore } from './metrics/store-metrics';
import { watchFeed } from './metrics/feed-metrics';
import { startMetricsServer } from './metrics/metrics-server';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { kafkaBrokers, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { acquireDataDirLock, type DataDirLock, type LockHolder } from './db/data-dir-lock';
import type { EventStore } from './event-store/event-store.port';
import { createEventStoreDbEventStore } from './event-store/eventstoredb/eventstoredb-event-store';
import { createPostgresEventStore } from './event-store/postgres/postgres-event-store';
import { notifyingEventStore } from './event-store/notifying-event-store';
import { openPayments, type Payments } from './payments/payments';
import { createScheduler, type Scheduler } from './scheduler/scheduler';
import { createProcessResumer, type ProcessResumer } from './processes/process-resumer';
import { createSessionStore, type SessionStore } from './identity/session-store';
import { RealtimeHub } from './realtime/hub';
import { startChainAnchorer } from './audit/chain-anchorer';
import { startDailyReconciliation } from './payments/reconciliation/daily-reconciliation';
import { AppendWitness, witnessingEventStore } from './audit/append-witness';
import { anchorKeyWarning, resolveAnchorKey, type AnchorKey } from './audit/anchor-signing-key';
import { migrateChainAnchors } from './event-store/postgres/chain-anchors';
import type { BlobStore } from './uploads/blob-store.port';
import { openBlobStore } from './uploads/open-blob-store';
import { allProjections } from '../projections';
import { startProjections, type ProjectionsHandle } from '../projections/runner/start-projections';

export interface Runtime {
  config: Config;
  db: Database;
  store: EventStore;
  storeKind: 'eventstoredb' | 'postgres' | 'pglite';
  /** The database holding the events table (and its chain anchors); null when events live in EventStoreDB. */
  eventsDb: Database | null;
  /** The key signing the chain anchors (services/audit/anchor-signing-key.ts); null without an events table, or for an
   * ops tool whose data directory holds no key. */
  anchorKey: AnchorKey | null;
  /** The projections; with runProjections false only waitFor and status work (the runners live elsewhere). */
  projections: ProjectionsHandle;
  sessions: SessionStore;
  hub: RealtimeHub;
  clock: () => Date;
  /** The WeChat Pay port (PAYMENT_PROVIDER); `payments.providerName` for health. The order slice registers its handler. */
  payments: Payments;
  /** The embedded data directory's exclusive lock (null on PostgreSQL, in memory, or on a PGlite handed in). */
  dataDirLock: DataDirLock | null;
  /** Durable deadlines; slices register a handler per kind. Polling unless SCHEDULER_POLL_MS=0 or runScheduler false. */
  scheduler: Scheduler;
  /** The one resumer of unfinished processes; each slice registers its process kinds (services/processes). */
  processes: ProcessResumer;
  /** Uploaded pictures (services/uploads): a directory, memory, or the shared database's table. */
  blobs: BlobStore;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** false in the API process when `npm run projections` workers do the projecting. */
  runProjections?: boolean;
  /** An already open PGlite (tests share one); otherwise DATA_DIR (or memory when DATA_DIR is ':memory:'). */
  pglite?: PGlite;
  clock?: () => Date;
  log?: (line: string) => void;
  /** false: the scheduler exists (handlers, tick) but does not poll by itself. */
  runScheduler?: boolean;
  /**
   * 'ops-cli': a short-lived tool beside (or instead of) the server: no projection runners, no Kafka forwarder or
   * consumer groups, no scheduler polling, whatever the other options say. Its data-directory lock has no port.
   */
  role?: LockHolder['role'];
}

/** The database and, for an embedded data directory, its lock (taken before PGlite touches the files). */
export async function openDatabaseFor(
  config: Config, pglite?: PGlite, role: LockHolder['role'] = 'server',
): Promise<{ db: Database; lock: DataDirLock | null }> {
  if (config.DATABASE_URL) return { db: await openDatabase({ kind: 'postgres', url: config.DATABASE_URL }), lock: null };
  if (pglite) return { db: await openDatabase({ kind: 'pglite', instance: pglite }), lock: null };
  if (config.DATA_DIR === ':memory:') return { db: await openDatabase({ kind: 'pglite' }), lock: null };
  const lock = acquireDataDirLock(config.DATA_DIR, role, role === 'server' ? config.PORT : null);
  try {
    const dataDir = path.resolve(config.DATA_DIR, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    return { db: await openDatabase({ kind: 'pglite', dataDir }), lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}

export async function openRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const role = options.role ?? 'server';
  const tool = role === 'ops-cli';
  const { db, lock } = await openDatabaseFor(config, options.pglite, role);
  try {
    return await assemble(config, options, db, lock, tool);
  } catch (error) {
    await db.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

async function assemble(config: Config, options: RuntimeOptions, db: Database, lock: DataDirLock | null, tool: boolean): Promise<Runtime> {
  const rawStore = config.EVENTSTORE_URL
    ? await createEventStoreDbEventStore(config.EVENTSTORE_URL)
    : await createPostgresEventStore(db);
  let projections: ProjectionsHandle | null = null;
  // the anchorer of a serving process names, in each anchor, the events this process did not append itself
  const schedules = !tool && options.runScheduler !== false && config.SCHEDULER_POLL_MS > 0;
  const witness = schedules && !config.EVENTSTORE_URL ? new AppendWitness() : null;
  const measured = instrumentedEventStore(rawStore); // issue 32: appends, reads, conflicts and outcomes counted
  const store = notifyingEventStore(witness ? witnessingEventStore(measured, witness) : measured, () => projections?.notifyAppended());
  const storeKind = config.EVENTSTORE_URL ? 'eventstoredb' : db.kind;
  const sessions = await createSessionStore(db);
  const clock = options.clock ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.log(line));
  const payments = await openPayments(config, { db, clock });
  const brokers = kafkaBrokers(config);
  const handle = await startProjections({
    db,
    store: rawStore,
    projections: allProjections,
    feed: brokers ? { kafka: { brokers } } : 'catch-up',
    log: options.log ?? ((line) => console.log(line)),
    run: !tool && options.runProjections !== false,
    health: { brokerTimeoutMs: config.HEALTH_KAFKA_TIMEOUT_MS },
  });
  projections = handle;
  const unwatchFeed = tool ? () => undefined : watchFeed({ health: handle.health, db, clock });
  const metricsServer = !tool && config.METRICS_PORT ? await startMetricsServer(config.METRICS_PORT, config.HOST) : null;
  const blobs = await openBlobStore(config, db);
  const scheduler = await createScheduler({
    db, clock, log, pollMs: config.SCHEDULER_POLL_MS, delays: { 'resume-process': config.PROCESS_RESUME_AFTER_MS },
  });
  const processes = createProcessResumer(scheduler);
  if (schedules) scheduler.start();
  const eventsDb = config.EVENTSTORE_URL ? null : db;
  // chain anchors are written where deadlines fire: the serving process, not the ops CLI or a worker
  const anchorKey = eventsDb ? resolveAnchorKey(config, { create: !tool }) : null;
  const keyWarning = tool ? null : anchorKeyWarning(config);
  if (keyWarning) console.warn(keyWarning);
  if (eventsDb) await migrateChainAnchors(eventsDb);
  const anchorer = eventsDb && anchorKey ? await startChainAnchorer(eventsDb, anchorKey, witness, log, schedules ? {} : { everyMs: 0 }) : null;
  // the provider's daily bill against the store, once a day across the processes (needs the events table in SQL)
  const reconciler = schedules && eventsDb
    ? await startDailyReconciliation({ db: eventsDb, eventsDb, store: rawStore, provider: payments.provider, clock, log })
    : null;
  return {
    config,
    db,
    store,
    storeKind,
    eventsDb,
    anchorKey,
    projections: handle,
    sessions,
    hub: new RealtimeHub(),
    clock,
    payments,
    dataDirLock: lock,
    scheduler,
    processes,
    blobs,
    async close() {
      try {
        unwatchFeed();
        await metricsServer?.close();
        await anchorer?.stop();
        await reconciler?.stop();
        await scheduler.stop();
        await handle.stop();
        await rawStore.close();
        await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}
