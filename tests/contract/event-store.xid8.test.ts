/**
 * The commit-safe global log (DESIGN.md §5) with two real connections on PostgreSQL: a transaction that appended
 * earlier but commits later is never skipped by a reader, because readers only see transactions older than the
 * oldest one still running and order by (transaction id, position). PGlite has one connection: nothing to race,
 * but the rule still holds inside a transaction (its own events stay out of the log until it commits).
 */
import type pg from 'pg';
import type { EventStore, LogPosition } from '../../services/event-store/event-store.port';
import { createPostgresEventStore, postgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { describeIfPostgres, freshPostgres, sharedPGlite, type FreshPostgres } from '../support/backends';
import { anEvent, uniqueStream, untilVisible } from './event-store.fixtures';

describe('global log on PGlite inside a writing transaction', () => {
  it('keeps the transaction\'s own events out of the log until it commits', async () => {
    const db = await sharedPGlite();
    const store = await createPostgresEventStore(db);
    const earlier = await store.appendToStream(uniqueStream('order'), [anEvent('Earlier')]);
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      const inside = postgresEventStore(client);
      const own = await inside.appendToStream(uniqueStream('order'), [anEvent('Own')]);
      expect(await inside.readAll({ after: earlier.position, limit: 10 })).toEqual([]);
      expect(await inside.headPosition()).toEqual(earlier.position);
      await client.query('commit');
      expect((await inside.readAll({ after: earlier.position, limit: 10 })).map((e) => e.type)).toEqual(['Own']);
      expect(await inside.headPosition()).toEqual(own.position);
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  });
});

describeIfPostgres('global log on PostgreSQL while another writer\'s transaction is open', () => {
  let fresh: FreshPostgres;
  let store: EventStore;
  let other: pg.PoolClient;
  let checkpoint: LogPosition | null;
  beforeAll(async () => {
    fresh = (await freshPostgres('xid8'))!;
    store = await createPostgresEventStore(fresh.db);
  });
  beforeEach(async () => {
    const warmup = await store.appendToStream(uniqueStream('warmup'), [anEvent('Earlier')]);
    await untilVisible(store, warmup.position);
    checkpoint = await store.headPosition();
    other = await fresh.db.pool.connect();
    await other.query('begin');
  });
  afterEach(async () => {
    await other.query('rollback').catch(() => undefined);
    other.release();
  });
  afterAll(async () => fresh?.drop());

  const typesAfter = async (after: LogPosition | null) =>
    (await store.readAll({ after, limit: 100 })).map((event) => event.type);

  describe('given transaction A appended first and is still open, and B appended later and committed', () => {
    it('holds B back until A commits, then yields A before B, so a checkpoint at B never skips A', async () => {
      const a = await postgresEventStore(other).appendToStream(uniqueStream('order'), [anEvent('A')]);
      const b = await store.appendToStream(uniqueStream('order'), [anEvent('B')]);
      expect(b.position.prepare).toBeGreaterThan(a.position.prepare);
      const naive = await fresh.db.query<{ type: string }>(
        'select type from events where global_position > $1 order by global_position', [checkpoint!.prepare.toString()]);
      expect(naive.rows.map((row) => row.type)).toEqual(['B']); // what a position-ordered reader would take and pass

      expect(await typesAfter(checkpoint)).toEqual([]);
      expect(await store.headPosition()).toEqual(checkpoint);

      await other.query('commit');
      await untilVisible(store, b.position);
      const [first] = await store.readAll({ after: checkpoint, limit: 1 });
      expect(first.type).toBe('A');
      expect(await typesAfter(first.position)).toEqual(['B']);
      expect(await typesAfter(b.position)).toEqual([]);
      expect(await store.headPosition()).toEqual(b.position);
    });
  });

  describe('given B took its transaction id first but appends after A, which committed in between', () => {
    it('orders by transaction id: B comes first once it commits, then A, though A holds the earlier position', async () => {
      await other.query('select pg_current_xact_id()');
      const a = await store.appendToStream(uniqueStream('order'), [anEvent('A')]);
      const b = await postgresEventStore(other).appendToStream(uniqueStream('order'), [anEvent('B')]);
      expect(a.position.prepare).toBeLessThan(b.position.prepare);
      expect(b.position.commit).toBeLessThan(a.position.commit);

      expect(await typesAfter(checkpoint)).toEqual([]);

      await other.query('commit');
      await untilVisible(store, a.position);
      expect(await typesAfter(checkpoint)).toEqual(['B', 'A']);
      expect(await typesAfter(b.position)).toEqual(['A']);
    });
  });
});
