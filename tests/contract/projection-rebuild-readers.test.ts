/**
 * Issue 28, finding 1: a rebuild's switch under readers that read several of the projection's views in one
 * transaction or one statement (an order page reads the order, its lines and its tracking). The switch used to drop
 * and recreate the views one by one, each under an ACCESS EXCLUSIVE lock: a reader holding view b and waiting for
 * view a (which the switch held, waiting for b) was a deadlock, and PostgreSQL ended the reader with 40P01 — a
 * shopper's 500. Repeated switches under such readers must leave every reader and every rebuild unharmed.
 * PostgreSQL only (PGlite has one connection: nothing there reads concurrently).
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { silentLog } from '../../services/feed/log';
import type { Projection } from '../../projections/runner/projection';
import { startProjections } from '../../projections/runner/start-projections';
import { describeIfPostgres, freshPostgres, type FreshPostgres } from '../support/backends';
import { appendCounters, COUNTED, uniqueName } from './projection.fixtures';

/** A counter kept in three tables (one row per stream in each), so that a reader joins or reads them together. */
function threeTableProjection(name: string): Projection {
  const tables = ['a', 'b', 'c'].map((t) => `${name}_${t}`);
  const mine = (event: RecordedEvent) => event.streamId.startsWith(`${name}-`);
  return {
    name, version: 1, handles: [COUNTED], tables,
    async migrate(tx: pg.PoolClient, schema: string) {
      for (const table of tables) await tx.query(`create table ${schema}.${table} (stream_id text primary key, events integer not null)`);
    },
    async apply(tx, event, schema) {
      if (!mine(event)) return;
      for (const table of tables) {
        await tx.query(
          `insert into ${schema}.${table} (stream_id, events) values ($1, 1)
           on conflict (stream_id) do update set events = ${table}.events + 1`, [event.streamId]);
      }
    },
  };
}

describeIfPostgres('a rebuild switching under multi-table readers (PostgreSQL)', () => {
  let fresh: FreshPostgres;
  beforeAll(async () => { fresh = (await freshPostgres('rebuild_readers'))!; });
  afterAll(async () => fresh?.drop());

  it('fails no reader and no rebuild over repeated switches', async () => {
    const { db } = fresh;
    const store = await createPostgresEventStore(db);
    const name = uniqueName('rd');
    const projection = threeTableProjection(name);
    const [a, b, c] = projection.tables;
    const last = await appendCounters(store, [1, 2, 3].map((i) => `${name}-${i}`), 6);
    const handle = await startProjections({ db, store, projections: [projection], feed: 'catch-up', log: silentLog });
    try {
      expect(await handle.waitFor(last)).toBe(true);
      let reading = true;
      let reads = 0;
      const failures: Array<{ code?: string; message: string }> = [];
      const pause = (tx: pg.PoolClient) => tx.query('select pg_sleep(0.002)');
      // each reader holds one view while it asks for the others, in an order of its own (the switch's, its reverse, ...)
      const orders = [[c, b, a], [b, a, c], [a, b, c], [c, a, b]];
      const readers = orders.map((order) => (async () => {
        while (reading) {
          try {
            await db.transaction(async (tx) => {
              for (const table of order) {
                await tx.query(`select count(*) from public.${table}`);
                await pause(tx);
              }
              // and one statement over all three, its locks taken in the planner's order
              await tx.query(`select count(*) from public.${c} join public.${a} using (stream_id) join public.${b} using (stream_id)`);
            });
            reads += 1;
          } catch (error) {
            const { code, message } = error as { code?: string; message: string };
            failures.push({ code, message });
          }
          // a shopper's next page comes a moment later (a reader that never lets go of a view starves any switch)
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
        }
      })());

      const switched: number[] = [];
      const rebuildFailures: string[] = [];
      try {
        for (let i = 0; i < 6; i += 1) {
          try {
            const [result] = await handle.rebuild(name);
            switched.push(result.generation);
          } catch (error) {
            rebuildFailures.push(error instanceof Error ? error.message : String(error));
          }
        }
      } finally {
        reading = false;
        await Promise.all(readers);
      }

      expect(failures).toEqual([]);
      expect(rebuildFailures).toEqual([]);
      expect(switched).toEqual([2, 3, 4, 5, 6, 7]);
      expect(reads).toBeGreaterThan(0);
    } finally {
      await handle.stop();
    }
  }, 120_000);
});
