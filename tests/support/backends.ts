/**
 * Backends for the project's tests (DESIGN.md §13): PGlite always, PostgreSQL when DATABASE_URL is set (or a
 * container runtime runs), EventStoreDB when EVENTSTORE_URL is set (or a container runtime runs). A backend that
 * is not there is announced once with its reason and its tests are simply not registered (never skipped ones).
 */
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { createEventStoreDbEventStore } from '../../services/event-store/eventstoredb/eventstoredb-event-store';
import { openFreshPGlite } from './pglite-snapshot';
import { containerRuntimeAvailable, startEventStoreDbContainer, startPostgresContainer } from './containers';

let pglite: Promise<{ db: Database; instance: PGlite }> | null = null;

/** One in-memory PGlite per test file (jest gives each file its own module registry), closed after the file. */
export async function sharedPGlite(): Promise<Database> {
  pglite ??= openFreshPGlite().then(async (instance) => ({ instance, db: await openDatabase({ kind: 'pglite', instance }) }));
  return (await pglite).db;
}

if (typeof afterAll === 'function') {
  afterAll(async () => {
    const opened = pglite;
    pglite = null;
    if (!opened) return;
    const { db, instance } = await opened;
    await db.close();
    await instance.close();
  });
}

export interface FreshPostgres { db: Database; url: string; name: string; drop(): Promise<void> }

/** A new, empty database on the DATABASE_URL server (null without DATABASE_URL). drop() closes and removes it. */
export async function freshPostgres(label: string): Promise<FreshPostgres | null> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? createFreshDatabase(serverUrl, label) : null;
}

export async function createFreshDatabase(serverUrl: string, label: string): Promise<FreshPostgres> {
  const name = `jishi_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    db, url: url.toString(), name,
    async drop() {
      await db.close();
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const announced = new Set<string>();
/** Says once per test file why a backend's tests are not registered. */
export function announceSkip(suite: string, backend: string, reason: string): void {
  const line = `[${suite}] ${backend} skipped: ${reason}`;
  if (announced.has(line)) return;
  announced.add(line);
  console.warn(line);
}

/** describe() only when DATABASE_URL is set; otherwise announces the skip and registers nothing. */
export function describeIfPostgres(name: string, fn: () => void, suite = 'contract'): void {
  if (process.env.DATABASE_URL) describe(name, fn);
  else announceSkip(suite, 'PostgreSQL', 'DATABASE_URL not set');
}

/**
 * Registers `suite` on the shared PGlite and, with DATABASE_URL, on a fresh PostgreSQL database of its own (created
 * when the suite first opens it, dropped after the file); without DATABASE_URL announces the skip. `open` is called
 * from the suite's hooks or tests.
 */
export function onEachDatabase(
  label: string, suite: (backend: 'PGlite' | 'PostgreSQL', open: () => Promise<Database>) => void, suiteName = 'contract',
): void {
  suite('PGlite', sharedPGlite);
  if (!process.env.DATABASE_URL) {
    announceSkip(suiteName, 'PostgreSQL', 'DATABASE_URL not set');
    return;
  }
  let fresh: Promise<FreshPostgres | null> | null = null;
  suite('PostgreSQL', async () => {
    fresh ??= freshPostgres(label);
    const opened = await fresh;
    if (!opened) throw new Error('DATABASE_URL vanished');
    return opened.db;
  });
  afterAll(async () => { await (await fresh)?.drop(); });
}

export interface OpenedStore { store: EventStore; db: Database | null; close(): Promise<void> }
export interface StoreBackend { name: 'pglite' | 'postgres' | 'eventstoredb'; open(): Promise<OpenedStore> }

/** Event store backends present here; call at the top level of a test file (top-level await) and describe each. */
export async function backendsForContract(suite = 'contract'): Promise<StoreBackend[]> {
  const backends: StoreBackend[] = [{
    name: 'pglite',
    async open() {
      const db = await sharedPGlite();
      return { db, store: await createPostgresEventStore(db), close: async () => undefined };
    },
  }];
  const databaseUrl = process.env.DATABASE_URL;
  const eventStoreUrl = process.env.EVENTSTORE_URL;
  const containers = databaseUrl && eventStoreUrl ? false : await containerRuntimeAvailable();
  if (databaseUrl || containers) {
    backends.push({ name: 'postgres', open: () => openPostgresStore(databaseUrl ?? null) });
  } else {
    announceSkip(suite, 'PostgreSQL', 'DATABASE_URL not set and no container runtime');
  }
  if (eventStoreUrl || containers) {
    backends.push({ name: 'eventstoredb', open: () => openEventStoreDb(eventStoreUrl ?? null) });
  } else {
    announceSkip(suite, 'EventStoreDB', 'EVENTSTORE_URL not set and no container runtime');
  }
  return backends;
}

async function openPostgresStore(serverUrl: string | null): Promise<OpenedStore> {
  const container = serverUrl ? null : await startPostgresContainer();
  const fresh = await createFreshDatabase(serverUrl ?? container!.url, 'contract');
  return {
    db: fresh.db,
    store: await createPostgresEventStore(fresh.db),
    async close() {
      await fresh.drop();
      await container?.stop();
    },
  };
}

async function openEventStoreDb(url: string | null): Promise<OpenedStore> {
  const container = url ? null : await startEventStoreDbContainer();
  const store = await createEventStoreDbEventStore(url ?? container!.url);
  return {
    db: null, store,
    async close() {
      await store.close();
      await container?.stop();
    },
  };
}
