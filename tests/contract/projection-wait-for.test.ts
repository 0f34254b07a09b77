/**
 * Read-your-writes. In process (PGlite, always): the runner's notices wake the waiter, a poke wakes the idle
 * feed. Across processes (PostgreSQL): one Database pool runs the runners (the worker), another one only
 * appends and waits (the API), woken through LISTEN/NOTIFY.
 */
import { openDatabase, type Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { silentLog } from '../../services/feed/log';
import { startProjections, type ProjectionsHandle } from '../../projections/runner/start-projections';
import { describeIfPostgres, freshPostgres, sharedPGlite, type FreshPostgres } from '../support/backends';
import { counterEvent, counterProjection, IGNORED, readCounts, uniqueName } from './projection.fixtures';

/** Counts the statements `db.query` is given that `matches` (pool-level queries, not a transaction's client) until restored. */
function countQueries(db: Database, matches: (text: string) => boolean) {
  const own = Object.getOwnPropertyDescriptor(db, 'query');
  const query = db.query.bind(db);
  let count = 0;
  Object.defineProperty(db, 'query', {
    configurable: true,
    writable: true,
    value: ((text: unknown, values?: unknown[]) => {
      if (typeof text === 'string' && matches(text)) count += 1;
      return query(text as never, values as never);
    }) as typeof db.query,
  });
  return {
    count: () => count,
    reset: () => { count = 0; },
    restore: () => (own ? Object.defineProperty(db, 'query', own) : delete (db as { query?: unknown }).query),
  };
}

describe('read-your-writes in process (pglite)', () => {
  let db: Database;
  let store: EventStore;
  const handles: ProjectionsHandle[] = [];
  beforeAll(async () => {
    db = await sharedPGlite();
    store = await createPostgresEventStore(db);
  });
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.stop();
  });
  const start = async (projection: ReturnType<typeof counterProjection>) => {
    const handle = await startProjections({ db, store, projections: [projection], feed: 'catch-up', log: silentLog, pollMs: 60_000 });
    handles.push(handle);
    await handle.ready();
    return handle;
  };

  describe('when a command appends while the runner is idle', () => {
    it('resolves true once applied, without waiting for the slow poll', async () => {
      const name = uniqueName('iw');
      const handle = await start(counterProjection({ name }));
      await new Promise((resolve) => setTimeout(resolve, 600)); // drained and asleep
      const appended = await store.appendToStream(`${name}-1`, [counterEvent(), counterEvent()]);
      const t0 = Date.now();
      expect(await handle.waitFor(appended)).toBe(true);
      expect(Date.now() - t0).toBeLessThan(1500);
      expect(await readCounts(db, name)).toEqual({ [`${name}-1`]: 2 });
    });
  });

  describe('with its runner here on the catch-up feed', () => {
    /** The waiter's own look at the database: the live generation, then the guard. */
    const countLiveReads = () => countQueries(db, (text) => text.startsWith('select generation, version from projection_registry'));

    it('answers events applied before the wait began at once, from the position the runner reached', async () => {
      const name = uniqueName('ir');
      const handle = await start(counterProjection({ name }));
      const appended = await store.appendToStream(`${name}-1`, [counterEvent()]);
      expect(await handle.waitFor(appended)).toBe(true);
      const live = countLiveReads();
      try {
        expect(await handle.waitFor(appended, { timeoutMs: 1 })).toBe(true);
        expect(live.count()).toBe(0);
      } finally {
        live.restore();
      }
    });

    it('waits for the runner without asking the database when the events lie past where it is', async () => {
      const name = uniqueName('ip');
      const handle = await start(counterProjection({ name }));
      expect(await handle.waitFor(await store.appendToStream(`${name}-0`, [counterEvent()]))).toBe(true); // caught up
      const live = countLiveReads();
      try {
        const appended = await store.appendToStream(`${name}-1`, [counterEvent(), counterEvent()]);
        expect(await handle.waitFor(appended)).toBe(true);
        expect(live.count()).toBe(0);
      } finally {
        live.restore();
      }
      expect(await readCounts(db, name)).toEqual({ [`${name}-0`]: 1, [`${name}-1`]: 2 });
    });
  });

  describe('when no projection handles the appended types', () => {
    it('resolves true at once', async () => {
      const name = uniqueName('in');
      const handle = await start(counterProjection({ name }));
      const appended = await store.appendToStream(`${name}-1`, [counterEvent(IGNORED)]);
      expect(await handle.waitFor(appended, { timeoutMs: 1 })).toBe(true);
    });
  });

  describe('when the projection cannot apply the events', () => {
    it('resolves false after the timeout instead of throwing', async () => {
      const stuck = counterProjection({ name: uniqueName('ix'), failOn: () => true });
      const handle = await startProjections({ db, store, projections: [stuck], feed: 'catch-up', log: silentLog });
      handles.push(handle);
      const appended = await store.appendToStream(`${stuck.name}-1`, [counterEvent()]);
      const t0 = Date.now();
      expect(await handle.waitFor(appended, { timeoutMs: 300 })).toBe(false);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    });
  });
});

describeIfPostgres('read-your-writes with the runner in another process (postgres)', () => {
  let fresh: FreshPostgres;
  let apiDb: Database;
  let apiStore: EventStore;
  const name = uniqueName('wf');
  const projections = [counterProjection({ name })];
  let worker: ProjectionsHandle | null = null;
  let api: ProjectionsHandle;

  beforeAll(async () => {
    const opened = await freshPostgres('wait_for');
    if (!opened) throw new Error('DATABASE_URL vanished');
    fresh = opened;
    const workerStore = await createPostgresEventStore(fresh.db);
    // a slow poll of one minute: only a notification can wake the worker in time
    worker = await startProjections({ db: fresh.db, store: workerStore, projections, feed: 'catch-up', log: silentLog, pollMs: 60_000 });
    await worker.ready();
    apiDb = await openDatabase({ kind: 'postgres', url: fresh.url });
    apiStore = await createPostgresEventStore(apiDb);
    api = await startProjections({ db: apiDb, store: apiStore, projections, feed: 'catch-up', log: silentLog, run: false });
  });

  afterAll(async () => {
    await api?.stop();
    await worker?.stop();
    await apiDb?.close();
    await fresh?.drop();
  });

  describe('when the API appends and waits', () => {
    it('resolves true once the worker applied the events, well before the slow poll, and the API reads them', async () => {
      for (let i = 0; i < 3; i += 1) {
        const appended = await apiStore.appendToStream(`${name}-1`, [counterEvent(), counterEvent()]);
        const t0 = Date.now();
        expect(await api.waitFor(appended)).toBe(true);
        expect(Date.now() - t0).toBeLessThan(1500);
        expect(await readCounts(apiDb, name)).toEqual({ [`${name}-1`]: 2 * (i + 1) });
      }
      const [status] = await api.status();
      expect(status).toMatchObject({ name, state: 'elsewhere', generation: 1, lag: 0 });
    });
  });

  describe('when no runner is running anywhere', () => {
    it('answers false after the timeout instead of throwing', async () => {
      await worker?.stop();
      worker = null;
      const appended = await apiStore.appendToStream(`${name}-2`, [counterEvent()]);
      const t0 = Date.now();
      expect(await api.waitFor(appended, { timeoutMs: 400 })).toBe(false);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(390);
    });
  });
});

describeIfPostgres('read-your-writes with the runner here (postgres)', () => {
  let fresh: FreshPostgres;
  let handle: ProjectionsHandle;
  let store: EventStore;
  const name = uniqueName('wh');

  beforeAll(async () => {
    const opened = await freshPostgres('wait_here');
    if (!opened) throw new Error('DATABASE_URL vanished');
    fresh = opened;
    store = await createPostgresEventStore(fresh.db);
    handle = await startProjections({ db: fresh.db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog, pollMs: 60_000 });
    await handle.ready();
  });

  afterAll(async () => {
    await handle?.stop();
    await fresh?.drop();
  });

  it('wakes no other process: every awaited projection runs here, so no NOTIFY is sent', async () => {
    const notifies = countQueries(fresh.db, (text) => text.includes('pg_notify'));
    try {
      // caught up: from here on the runner has published the position it reached
      expect(await handle.waitFor(await store.appendToStream(`${name}-0`, [counterEvent()]))).toBe(true);
      notifies.reset();
      const appended = await store.appendToStream(`${name}-1`, [counterEvent(), counterEvent()]);
      expect(await handle.waitFor(appended)).toBe(true);
      expect(notifies.count()).toBe(0);
    } finally {
      notifies.restore();
    }
    expect(await readCounts(fresh.db, name)).toEqual({ [`${name}-0`]: 1, [`${name}-1`]: 2 });
  });
});
