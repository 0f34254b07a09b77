/**
 * Appends to different streams that arrive together share one statement (services/event-store/postgres/
 * append-batcher.ts), and each is still answered on its own: its revisions and positions, its conflict, its repeat.
 * Run on PGlite always and on PostgreSQL with DATABASE_URL.
 */
import type { Database } from '../../services/db/database';
import { WrongExpectedRevisionError, type EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore, postgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { freshPostgres, sharedPGlite, type FreshPostgres } from '../support/backends';
import { events, uniqueStream } from './event-store.fixtures';

/** The database with its append statements counted (a pool still, so the store batches on it). */
function counting(db: Database) {
  const counts = { alone: 0, together: 0, inFlight: 0, mostInFlight: 0 };
  const counted = Object.create(db) as Database;
  Object.defineProperty(counted, 'query', {
    value: (async (config: unknown, values?: unknown[]) => {
      const name = typeof config === 'object' && config !== null ? (config as { name?: string }).name : undefined;
      if (name === 'jishi_append_v2') counts.alone += 1;
      if (name === 'jishi_append_many_v3') counts.together += 1;
      if (name === undefined) return db.query(config as never, values as never);
      counts.inFlight += 1;
      counts.mostInFlight = Math.max(counts.mostInFlight, counts.inFlight);
      try {
        return await db.query(config as never, values as never);
      } finally {
        counts.inFlight -= 1;
      }
    }) as Database['query'],
  });
  return { db: counted, counts };
}

const backends: { name: string; open(): Promise<{ db: Database; close(): Promise<void> } | null> }[] = [
  { name: 'pglite', open: async () => ({ db: await sharedPGlite(), close: async () => undefined }) },
  {
    name: 'postgres',
    open: async () => {
      const fresh: FreshPostgres | null = await freshPostgres('batched_appends');
      return fresh ? { db: fresh.db, close: () => fresh.drop() } : null;
    },
  },
];

for (const backend of backends) {
  describe(`appends batched across streams on ${backend.name}`, () => {
    let opened: { db: Database; close(): Promise<void> } | null;
    let store: EventStore;
    /** One statement at a time, so a handful of appends is enough to make a batch on either engine. */
    let gathering: EventStore;
    let counts: ReturnType<typeof counting>['counts'];
    beforeAll(async () => {
      opened = await backend.open();
      if (!opened) return;
      const c = counting(opened.db);
      counts = c.counts;
      store = await createPostgresEventStore(c.db);
      gathering = postgresEventStore(c.db, { batch: { maxInFlight: 1 } });
    });
    afterAll(async () => opened?.close());
    const skip = () => {
      if (opened) return false;
      console.warn(`[batched-appends] ${backend.name} skipped: DATABASE_URL not set`);
      return true;
    };

    it('appends forty new streams at once in a few statements, each at its own revisions with distinct positions', async () => {
      if (skip()) return;
      counts.alone = 0;
      counts.together = 0;
      const streams = Array.from({ length: 40 }, () => uniqueStream('batch'));
      const results = await Promise.all(streams.map((s) => store.appendToStream(s, events(2), { expectedRevision: 'no_stream' })));
      for (const [i, r] of results.entries()) {
        expect(r.events.map((e) => e.streamId)).toEqual([streams[i], streams[i]]);
        expect(r.events.map((e) => e.revision)).toEqual([0, 1]);
        expect(await store.readStream(streams[i])).toEqual(r.events);
      }
      const positions = new Set(results.flatMap((r) => r.events.map((e) => `${e.position.commit}/${e.position.prepare}`)));
      expect(positions.size).toBe(80);
      expect(counts.together).toBeGreaterThan(0);
      expect(counts.alone + counts.together).toBeLessThan(streams.length / 2);
    });

    it(backend.name === 'pglite'
      ? 'sends one statement at a time on its single connection, the appends arriving meanwhile gathering into the next'
      : 'keeps a few statements in flight on the pool, the appends arriving meanwhile gathering', async () => {
      if (skip()) return;
      counts.alone = 0;
      counts.together = 0;
      counts.mostInFlight = 0;
      const streams = Array.from({ length: 24 }, () => uniqueStream('gather'));
      await Promise.all(streams.map((s) => store.appendToStream(s, events(1), { expectedRevision: 'no_stream' })));
      if (backend.name === 'pglite') {
        expect(counts.mostInFlight).toBe(1);
        expect(counts).toMatchObject({ alone: 1, together: 1 });
      } else {
        expect(counts.mostInFlight).toBeGreaterThan(1);
        expect(counts.alone + counts.together).toBeLessThan(streams.length / 2);
      }
    });

    it('refuses only the append whose expectation fails, and answers a repeated one as the first time', async () => {
      if (skip()) return;
      const taken = uniqueStream('taken');
      await gathering.appendToStream(taken, events(1));
      const repeated = uniqueStream('repeat');
      const once = events(2);
      const first = await gathering.appendToStream(repeated, once);
      const fresh = Array.from({ length: 6 }, () => uniqueStream('fresh'));
      counts.together = 0;
      const answers = await Promise.allSettled([
        gathering.appendToStream(fresh[0], events(1), { expectedRevision: 'no_stream' }), // goes alone, the rest gather
        gathering.appendToStream(taken, events(1), { expectedRevision: 'no_stream' }),
        gathering.appendToStream(repeated, once, { expectedRevision: 'no_stream' }),
        ...fresh.slice(1).map((s) => gathering.appendToStream(s, events(1), { expectedRevision: 'no_stream' })),
      ]);
      expect(counts.together).toBeGreaterThan(0);
      expect(answers[1].status).toBe('rejected');
      expect((answers[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(answers[2]).toEqual({ status: 'fulfilled', value: first });
      for (const a of [answers[0], ...answers.slice(3)]) expect(a.status).toBe('fulfilled');
      expect(await store.readStream(taken)).toHaveLength(1);
      for (const s of fresh) expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0]);
    });

    it('appends several streams all or none in one statement (appendToStreams: one round trip, no transaction of statements)', async () => {
      if (skip()) return;
      counts.alone = 0;
      counts.together = 0;
      const [order, payment, completion] = [uniqueStream('order'), uniqueStream('payment'), uniqueStream('completion')];
      const results = await store.appendToStreams([
        { streamId: order, events: events(2), expectedRevision: 'no_stream' },
        { streamId: payment, events: events(1), expectedRevision: 'no_stream' },
        { streamId: completion, events: events(1), expectedRevision: 'no_stream' },
      ]);
      expect(results.map((r) => r.nextRevision)).toEqual([1, 0, 0]);
      expect(counts).toMatchObject({ alone: 0, together: 1 });
    });

    it('keeps appends to one stream apart: the second decides on what the first did', async () => {
      if (skip()) return;
      const stream = uniqueStream('one');
      const answers = await Promise.allSettled(Array.from({ length: 5 }, () => store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' })));
      expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const a of answers.filter((x) => x.status === 'rejected')) {
        expect((a as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      expect(await store.readStream(stream)).toHaveLength(1);
    });
  });
}
