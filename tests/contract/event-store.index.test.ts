/**
 * The global log's read cost must not grow with the store (DESIGN.md §5, Emmett's unindexed read): the batch query
 * is an index range scan on (transaction_id, global_position), with no sort and no sequential scan. Nor must an
 * append's: the event ids it checks (idempotency) and the stream heads it reads are index lookups, also in the
 * statement that appends many streams at once (whose input the planner guesses at 100 × 100 rows).
 */
import type { Database } from '../../services/db/database';
import {
  APPEND_MANY_SQL, APPEND_SQL, HEAD_POSITION_SQL, READ_ALL_SQL,
} from '../../services/event-store/postgres/postgres-event-store.sql';
import { events, uniqueStream } from './event-store.fixtures';
import { backendsForContract, type OpenedStore } from '../support/backends';

const postgresFamily = (await backendsForContract('contract')).filter((backend) => backend.name !== 'eventstoredb');

const plan = async (db: Database, sql: string, params: unknown[] = []): Promise<string> =>
  (await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).rows.map((row) => row['QUERY PLAN']).join('\n');

for (const backend of postgresFamily) {
  describe(`global log reads on ${backend.name} with 30 000 events`, () => {
    let opened: OpenedStore;
    let db: Database;
    beforeAll(async () => {
      opened = await backend.open();
      db = opened.db!;
      await db.query(`
        insert into events (stream_id, stream_revision, event_id, type, data, metadata)
        select 'bulk-' || (g % 3000), g / 3000, gen_random_uuid(), 'Bulked', '{"n":1}', '{}'
        from generate_series(0, 29999) g`);
      await db.query('analyze events');
    }, 120_000);
    afterAll(async () => opened?.close());

    it('reads a batch in the middle of the log by an index range scan, without sorting', async () => {
      const [middle] = await opened.store.readAll({ after: null, limit: 1 });
      const text = await plan(db, READ_ALL_SQL, [middle.position.commit.toString(), '15000', 500]);
      expect(text).toMatch(/Index (Only )?Scan using events_commit_order_pkey on events/);
      expect(text).not.toMatch(/Sort|Seq Scan/);
    });

    it('finds the head by one backward index scan', async () => {
      const text = await plan(db, HEAD_POSITION_SQL);
      expect(text).toMatch(/Index (Only )?Scan Backward using events_commit_order_pkey/);
      expect(text).not.toMatch(/Sort|Seq Scan/);
    });

    it('appends several streams at once by index lookups, never a sequential scan of the events', async () => {
      const streams = [0, 1, 2].map((i) => ({ i, streamId: uniqueStream('plan'), kind: 'no_stream', rev: null, count: 2 }));
      const appended = streams.flatMap(({ i }) => events(2).map((e, j) => ({
        i, n: j + 1, eventId: e.metadata.eventId, type: e.type, data: e.data, metadata: e.metadata,
      })));
      const text = await plan(db, APPEND_MANY_SQL, [JSON.stringify(streams), JSON.stringify(appended), true]);
      expect(text).toMatch(/Index Scan using events_event_id_key/);
      expect(text).not.toMatch(/Seq Scan on events/);
      // priced far below jit_above_cost (100,000): PostgreSQL would JIT-compile it on every run, for longer than it runs
      expect(Number(/cost=[\d.]+\.\.([\d.]+)/.exec(text)?.[1])).toBeLessThan(10_000);
    });

    it('appends one stream by index lookups, never a sequential scan of the events', async () => {
      const [event] = events(1);
      const payload = [{ eventId: event.metadata.eventId, type: event.type, data: event.data, metadata: event.metadata }];
      const text = await plan(db, APPEND_SQL, [uniqueStream('plan'), JSON.stringify(payload), 'revision', 4]);
      expect(text).toMatch(/Index Scan using events_event_id_key/);
      expect(text).not.toMatch(/Seq Scan on events/);
    });

    it('returns the batch in the index order it promises', async () => {
      const batch = await opened.store.readAll({ after: null, limit: 2000 });
      expect(batch).toHaveLength(2000);
      expect(batch.map((event) => event.position.prepare)).toEqual(
        [...batch.map((event) => event.position.prepare)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });
  });
}
