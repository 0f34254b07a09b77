/**
 * Opens the engines the configuration names (DESIGN.md §2 table): the read-model database (PostgreSQL or PGlite),
 * the event store (EventStoreDB, or the PostgreSQL adapter on that same database), and — unless projections run in
 * their own workers — the projections with their feed (store catch-up, or Kafka with the forwarder).
 * `main.ts`, the projections worker, the ops CLI and the test server all start from here.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { kafkaBrokers, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import type { EventStore } from './event-store/event-store.port';
import { createEventStoreDbEventStore } from './event-store/eventstoredb/eventstoredb-event-store';
import { createPostgresEventStore } from './event-store/postgres/postgres-event-store';
import { notifyingEventStore } from './event-store/notifying-event-store';
import { openPayments, type Payments } from './payments/payments';
import { createScheduler, type Scheduler } from './scheduler/scheduler';
import { createSessionStore, type SessionStore } from './identity/session-store';
import { RealtimeHub } from './realtime/hub';
import type { BlobStore } from './uploads/blob-store.port';
import { openBlobStore } from './uploads/open-blob-store';
import { allProjections } from '../projections';
import { startProjections, type ProjectionsHandle } from '../projections/runner/start-projections';

export interface Runtime {
  config: Config;
  db: Database;
  store: EventStore;
  storeKind: 'eventstoredb' | 'postgres' | 'pglite';
  /** The projections; with runProjections false only waitFor and status work (the runners live elsewhere). */
  projections: ProjectionsHandle;
  sessions: SessionStore;
  hub: RealtimeHub;
  clock: () => Date;
  /** The WeChat Pay port (sandbox unless WECHATPAY_* is set); the order slice registers its callback handler. */
  payments: Payments;
  /** Durable deadlines; slices register a handler per kind. Polling unless SCHEDULER_POLL_MS=0 or runScheduler false. */
  scheduler: Scheduler;
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
}

export async function openDatabaseFor(config: Config, pglite?: PGlite): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
  if (pglite) return openDatabase({ kind: 'pglite', instance: pglite });
  const dataDir = config.DATA_DIR === ':memory:' ? undefined : path.resolve(config.DATA_DIR, 'pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return openDatabase({ kind: 'pglite', dataDir });
}

export async function openRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const db = await openDatabaseFor(config, options.pglite);
  const rawStore = config.EVENTSTORE_URL
    ? await createEventStoreDbEventStore(config.EVENTSTORE_URL)
    : await createPostgresEventStore(db);
  let projections: ProjectionsHandle | null = null;
  const store = notifyingEventStore(rawStore, () => projections?.notifyAppended());
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
    run: options.runProjections !== false,
  });
  projections = handle;
  const blobs = await openBlobStore(config, db);
  const scheduler = await createScheduler({ db, clock, log, pollMs: config.SCHEDULER_POLL_MS });
  if (options.runScheduler !== false && config.SCHEDULER_POLL_MS > 0) scheduler.start();
  return {
    config,
    db,
    store,
    storeKind,
    projections: handle,
    sessions,
    hub: new RealtimeHub(),
    clock,
    payments,
    scheduler,
    blobs,
    async close() {
      await scheduler.stop();
      await handle.stop();
      await rawStore.close();
      await db.close();
    },
  };
}
