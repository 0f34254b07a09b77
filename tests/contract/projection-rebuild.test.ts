/**
 * Side-by-side rebuild: a new generation is filled from the store's global log while the storefront keeps
 * reading the public views and commands keep appending; the views then switch atomically and the old generation
 * is dropped. PGlite always; PostgreSQL with DATABASE_URL (plus the rebuild rate there).
 */
import type { Database } from '../../services/db/database';
import { formatPosition, type EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { silentLog } from '../../services/feed/log';
import { RebuildRefusedError, type RebuildProgress } from '../../projections/runner/rebuild';
import { startProjections } from '../../projections/runner/start-projections';
import { announceSkip, freshPostgres, sharedPGlite, type FreshPostgres } from '../support/backends';
import {
  appendCounters, countsTable, counterEvent, counterProjection, expectedCounts, readCounts, uniqueName,
} from './projection.fixtures';

interface Backend { db: Database; store: EventStore }

function rebuildSuite(backend: string, open: () => Promise<Backend>) {
  describe(`rebuilding a live projection (${backend})`, () => {
    let db: Database;
    let store: EventStore;
    beforeAll(async () => ({ db, store } = await open()));

    describe('while readers query the views and commands append', () => {
      it('switches to the new generation without a failed or regressing read, then drops the old one', async () => {
        const name = uniqueName('gb');
        const streams = [1, 2, 3].map((i) => `${name}-${i}`);
        const last = await appendCounters(store, streams, 40);
        const handle = await startProjections({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog, batchSize: 10 });
        try {
          expect(await handle.waitFor(last)).toBe(true);

          let reading = true;
          let reads = 0;
          const readErrors: unknown[] = [];
          const totals: number[] = [];
          const reader = (async () => {
            while (reading) {
              try {
                const { rows } = await db.query<{ n: number }>(`select coalesce(sum(events), 0)::int as n from public.${countsTable(name)}`);
                totals.push(Number(rows[0].n));
                reads += 1;
              } catch (error) {
                readErrors.push(error);
              }
              await new Promise((resolve) => setImmediate(resolve));
            }
          })();
          let appending = true;
          const appender = (async () => {
            let n = 0;
            while (appending) {
              await store.appendToStream(streams[n % 3], [counterEvent()]);
              n += 1;
              await new Promise((resolve) => setTimeout(resolve, 5));
            }
          })();

          const progress: RebuildProgress[] = [];
          const [result] = await handle.rebuild(name, (p) => progress.push(p));
          appending = false;
          await appender;
          const tail = await store.appendToStream(streams[0], [counterEvent()]);
          expect(await handle.waitFor(tail)).toBe(true);
          reading = false;
          await reader;

          expect(readErrors).toEqual([]);
          expect(reads).toBeGreaterThan(0);
          for (let i = 1; i < totals.length; i += 1) expect(totals[i]).toBeGreaterThanOrEqual(totals[i - 1]);
          expect(result).toMatchObject({ name, generation: 2, previousGeneration: 1 });
          expect(result.tables).toEqual([{ table: countsTable(name), live: 3, rebuilt: 3 }]);
          expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['building', 'switching', 'done']));
          expect(progress[progress.length - 1]).toMatchObject({ phase: 'done', fraction: 1, etaSeconds: 0 });
          expect(result.diff.identical).toBe(true);
          expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
          const [status] = await handle.status();
          expect(status).toMatchObject({ generation: 2, state: 'live' });
          const old = await db.query('select 1 from information_schema.schemata where schema_name = $1', [`rm_${name}_g1`]);
          expect(old.rows).toHaveLength(0);
        } finally {
          await handle.stop();
        }
      });
    });

    describe('given an event deleted from the log after it was projected', () => {
      it('refuses by default, naming the event the chain reports and the difference it explains, even when differences are accepted', async () => {
        const name = uniqueName('gd');
        const streams = [1, 2].map((i) => `${name}-${i}`);
        const last = await appendCounters(store, streams, 5);
        const handle = await startProjections({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog });
        try {
          await handle.ready();
          expect(await handle.waitFor(last)).toBe(true);
          const [clean] = await handle.rebuild(name);
          expect(clean).toMatchObject({ generation: 2, diff: { identical: true } });

          const after = (await store.readStream(streams[0]))[2];
          // kept aside, so the log is whole again for this file's later rebuilds
          await db.query(`create table ${name}_kept as select * from events where stream_id = $1 and stream_revision = 1`, [streams[0]]);
          await db.query('delete from events where stream_id = $1 and stream_revision = 1', [streams[0]]);
          try {
            for (const options of [undefined, { acceptDifferences: true }]) {
              const refused = handle.rebuild(name, undefined, options);
              await expect(refused).rejects.toBeInstanceOf(RebuildRefusedError);
              const message = await refused.catch((error: Error) => error.message);
              expect(message).toContain(`refused: the event log's hash chain reports 1 problem(s); nothing switched`);
              expect(message).toContain(`✗ missing event ${streams[0]}#2 at ${formatPosition(after.position)}`);
              expect(message).toContain(`- live    (${streams[0]},4,4)`);
              expect(message).toContain(`+ rebuilt (${streams[0]},3,4)`);
              expect(message).toContain(`${name}: the differences come from missing event ${streams[0]}#2 at ${formatPosition(after.position)}`);
            }
            expect((await readCounts(db, name))[streams[0]]).toBe(4);
            const [kept] = await handle.status();
            expect(kept.generation).toBe(2);
            const dropped = await db.query(`select 1 from information_schema.schemata where schema_name like 'rm_${name}_g%' and schema_name <> $1`, [`rm_${name}_g2`]);
            expect(dropped.rows).toHaveLength(0);
          } finally {
            await db.query(`insert into events overriding system value select * from ${name}_kept`);
            await db.query(`drop table ${name}_kept`);
          }
          const [whole] = await handle.rebuild(name);
          expect(whole).toMatchObject({ generation: 3, diff: { identical: true } });
          expect((await readCounts(db, name))[streams[0]]).toBe(4);
        } finally {
          await handle.stop();
        }
      });
    });

    describe("given an event's data edited in the events table", () => {
      it('refuses by default and names the edited event, though the read model comes out the same', async () => {
        const name = uniqueName('ge');
        const streams = [`${name}-1`];
        const last = await appendCounters(store, streams, 3);
        const handle = await startProjections({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog });
        try {
          await handle.ready();
          expect(await handle.waitFor(last)).toBe(true);
          const [edited] = await store.readStream(streams[0]);
          const { rows: [{ original }] } = await db.query<{ original: string }>(
            `update events e set data = jsonb_set(e.data, '{at}', '1') from events o
             where e.stream_id = $1 and e.stream_revision = 0 and o.stream_id = e.stream_id and o.stream_revision = 0
             returning o.data::text as original`, [streams[0]]);
          try {
            const refused = handle.rebuild(name);
            await expect(refused).rejects.toThrow(`✗ edited event ${streams[0]}#0 at ${formatPosition(edited.position)}`);
            await expect(refused).rejects.toThrow(`${name}: identical to the live read model`);
            expect((await handle.status())[0].generation).toBe(1);
          } finally {
            await db.query(`update events set data = $2::jsonb where stream_id = $1 and stream_revision = 0`, [streams[0], original]);
          }
          const [switched] = await handle.rebuild(name);
          expect(switched.generation).toBe(2);
        } finally {
          await handle.stop();
        }
      });
    });

    describe('given a live read model that no longer matches the log (no event tampered)', () => {
      it('refuses by default and prints the differences; switches when differences are accepted', async () => {
        const name = uniqueName('gm');
        const streams = [`${name}-1`, `${name}-2`];
        const last = await appendCounters(store, streams, 4);
        const handle = await startProjections({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog });
        try {
          await handle.ready();
          expect(await handle.waitFor(last)).toBe(true);
          const expected = await expectedCounts(store, streams);
          // what a projection's changed handling, or a bug fixed since, leaves in the live generation
          await db.query(`update rm_${name}_g1.${countsTable(name)} set events = 99 where stream_id = $1`, [streams[1]]);

          const refused = handle.rebuild(name);
          await expect(refused).rejects.toBeInstanceOf(RebuildRefusedError);
          const message = await refused.catch((error: Error) => error.message);
          expect(message).toContain('refused: the rebuilt read model differs from the live one; nothing switched (--accept-differences');
          expect(message).toContain(`- live    (${streams[1]},99,3)`);
          expect(message).not.toContain('hash chain');
          expect((await readCounts(db, name))[streams[1]]).toBe(99);

          const [switched] = await handle.rebuild(name, undefined, { acceptDifferences: true });
          expect(switched).toMatchObject({ generation: 2, previousGeneration: 1, diff: { identical: false } });
          expect(await readCounts(db, name)).toEqual(expected);
        } finally {
          await handle.stop();
        }
      });
    });

    describe('a projection with bulk indexes', () => {
      it('builds them in the first generation once its start caught up with the log, and in a rebuilt one after its fill', async () => {
        const name = uniqueName('gx');
        const table = countsTable(name);
        const index = `${name}_by_events`;
        const counter = counterProjection({ name });
        const hasIndex = async (q: { query: Database['query'] }, schema: string) => (await q.query<{ n: number }>(
          'select count(*)::int as n from pg_indexes where schemaname = $1 and indexname = $2', [schema, index])).rows[0].n === 1;
        // what each apply found in its generation: the index there already, or not yet
        const seen: Array<{ schema: string; indexed: boolean }> = [];
        const projection = {
          ...counter,
          bulkIndexes: (schema: string) => [`create index if not exists ${index} on ${schema}.${table} (events)`],
          async apply(tx: Parameters<typeof counter.apply>[0], event: Parameters<typeof counter.apply>[1], schema: string) {
            // the store is shared with the other tests: only this counter's own streams count here
            if (event.streamId.startsWith(`${name}-`)) seen.push({ schema, indexed: await hasIndex(tx, schema) });
            await counter.apply(tx, event, schema);
          },
        };
        await appendCounters(store, [`${name}-1`, `${name}-2`], 6);
        const handle = await startProjections({ db, store, projections: [projection], feed: 'catch-up', log: silentLog });
        try {
          await handle.ready();
          const first = `rm_${name}_g1`;
          expect(await hasIndex(db, first)).toBe(true);
          // the log before the start went in before the index; what the live runner applies finds it there
          const later = await appendCounters(store, [`${name}-3`], 3);
          expect(await handle.waitFor(later)).toBe(true);
          const inFirst = seen.filter((s) => s.schema === first);
          expect(inFirst.map((s) => s.indexed)).toEqual([...Array(8).fill(false), true, true]); // 4 counted of 6 per stream, then 2 of 3
          const [result] = await handle.rebuild(name);
          const rebuilt = `rm_${name}_g${result.generation}`;
          const filling = seen.filter((s) => s.schema === rebuilt);
          expect(filling.length).toBe(10);
          expect(filling.every((s) => !s.indexed)).toBe(true);
          expect(await hasIndex(db, rebuilt)).toBe(true);
          expect(await readCounts(db, name)).toEqual(await expectedCounts(store, [`${name}-1`, `${name}-2`, `${name}-3`]));
        } finally {
          await handle.stop();
        }
      });
    });

    describe("given 'all'", () => {
      it('rebuilds every projection and answers one result each', async () => {
        const names = [uniqueName('ga'), uniqueName('ga')];
        const projections = names.map((name) => counterProjection({ name }));
        const last = await appendCounters(store, names.map((name) => `${name}-1`), 5);
        const handle = await startProjections({ db, store, projections, feed: 'catch-up', log: silentLog });
        try {
          await handle.ready();
          expect(await handle.waitFor(last)).toBe(true);
          const results = await handle.rebuild('all');
          expect(results.map((r) => [r.name, r.generation])).toEqual(names.map((name) => [name, 2]));
          await expect(handle.rebuild('nope')).rejects.toThrow('unknown projection');
        } finally {
          await handle.stop();
        }
      });
    });
  });
}

rebuildSuite('pglite', async () => {
  const db = await sharedPGlite();
  return { db, store: await createPostgresEventStore(db) };
});

if (process.env.DATABASE_URL) {
  let fresh: FreshPostgres | null = null;
  rebuildSuite('postgres', async () => {
    fresh = await freshPostgres('rebuild');
    if (!fresh) throw new Error('DATABASE_URL vanished');
    return { db: fresh.db, store: await createPostgresEventStore(fresh.db) };
  });

  describe('rebuild rate on PostgreSQL', () => {
    it('rebuilds 20,000 events with a set-based projection and prints the rate (npm run bench measures it)', async () => {
      const bench = await freshPostgres('rebuild_rate');
      if (!bench) throw new Error('DATABASE_URL vanished');
      try {
        const store = await createPostgresEventStore(bench.db);
        const name = uniqueName('gr');
        for (let i = 0; i < 200; i += 1) {
          await store.appendToStream(`${name}-${i}`, Array.from({ length: 100 }, () => counterEvent()));
        }
        const handle = await startProjections({ db: bench.db, store, projections: [counterProjection({ name, batched: true })], feed: 'catch-up', log: silentLog, run: false });
        try {
          const [result] = await handle.rebuild(name);
          console.info(`[rebuild rate] ${result.events} events in ${result.ms} ms = ${result.eventsPerSecond} events/s`);
          expect(result.events).toBe(20_000);
          const { rows } = await bench.db.query<{ n: number }>(`select sum(events)::int as n from public.${countsTable(name)}`);
          expect(Number(rows[0].n)).toBe(20_000);
        } finally {
          await handle.stop();
        }
      } finally {
        await bench.drop();
      }
    });
  });
  afterAll(async () => fresh?.drop());
} else {
  announceSkip('contract', 'PostgreSQL', 'DATABASE_URL not set');
}
