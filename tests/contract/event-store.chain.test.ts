/**
 * Tamper evidence (DESIGN.md §5): each event's chain link is made at append time and stored with it; the check reads
 * the stored links, so an event edited, deleted or moved afterwards is reported with its position — and anchors kept
 * outside the events table catch what a stream's own chain cannot (its last event deleted, a forged event).
 * PGlite always; PostgreSQL with DATABASE_URL. Each backend gets its own fresh database: these tests tamper with it.
 */
import { openDatabase, type Database } from '../../services/db/database';
import { formatPosition, type EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { anchorChain, migrateChainAnchors, verifyAnchors } from '../../services/event-store/postgres/chain-anchors';
import { verifyLog } from '../../services/audit/verify-log';
import { announceSkip, freshPostgres } from '../support/backends';
import { anEvent, events, uniqueStream, untilVisible } from './event-store.fixtures';

interface Opened { db: Database; close(): Promise<void> }
const backends: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'pglite',
    open: async () => {
      const db = await openDatabase({ kind: 'pglite' });
      return { db, close: () => db.close() };
    },
  },
];
if (process.env.DATABASE_URL) {
  backends.push({
    name: 'postgres',
    open: async () => {
      const fresh = (await freshPostgres('event_chain'))!;
      return { db: fresh.db, close: () => fresh.drop() };
    },
  });
} else {
  announceSkip('event-chain', 'PostgreSQL', 'DATABASE_URL not set');
}

for (const backend of backends) {
  describe(`the hash chain on ${backend.name}`, () => {
    let opened: Opened | null = null;
    let store: EventStore;
    beforeAll(async () => {
      opened = await backend.open();
      store = await createPostgresEventStore(opened.db);
      await migrateChainAnchors(opened.db);
    });
    afterAll(async () => opened?.close());
    const sql = (text: string, params: unknown[] = []) => opened!.db.query(text, params);

    it('links every appended event, alone or batched across streams, and the untouched log verifies', async () => {
      const one = uniqueStream('chain');
      const first = await store.appendToStream(one, events(3), { expectedRevision: 'no_stream' });
      await store.appendToStream(one, events(2), { expectedRevision: 2 });
      const many = Array.from({ length: 12 }, () => uniqueStream('chain'));
      await Promise.all(many.map((s) => store.appendToStream(s, events(2), { expectedRevision: 'no_stream' })));
      expect(first.events.every((e) => /^[0-9a-f]{64}$/.test(e.chainHash ?? ''))).toBe(true);
      const read = await store.readStream(one);
      expect(read.map((e) => e.chainHash)).toEqual(expect.arrayContaining(first.events.map((e) => e.chainHash)));
      expect(new Set(read.map((e) => e.chainHash)).size).toBe(5);
      expect(await store.verifyChain({ streams: [one, ...many] })).toEqual([]);
      expect(await store.verifyChain()).toEqual([]);
    });

    it('reports an event whose price was edited, at its position', async () => {
      const stream = uniqueStream('order');
      await store.appendToStream(stream, [anEvent('OrderPlaced', { price: 399900 }), anEvent('OrderPaid', { money: 399900 })]);
      const [placed] = await store.readStream(stream);
      await sql(`update events set data = jsonb_set(data, '{price}', '1') where stream_id = $1 and stream_revision = 0`, [stream]);
      expect(await store.verifyChain({ streams: [stream] })).toEqual([
        expect.objectContaining({ kind: 'edited', streamId: stream, revision: 0, position: formatPosition(placed.position) }),
      ]);
    });

    it('reports a deleted event at the event after the gap, and an event moved before an earlier one', async () => {
      const deleted = uniqueStream('payment');
      await store.appendToStream(deleted, events(3));
      const [, , third] = await store.readStream(deleted);
      await sql('delete from events where stream_id = $1 and stream_revision = 1', [deleted]);
      expect(await store.verifyChain({ streams: [deleted] })).toEqual([
        expect.objectContaining({ kind: 'missing', revision: 2, position: formatPosition(third.position) }),
      ]);

      const moved = uniqueStream('order');
      await store.appendToStream(moved, events(2));
      for (const [from, to] of [[0, 9], [1, 0], [9, 1]]) {
        await sql('update events set stream_revision = $3 where stream_id = $1 and stream_revision = $2', [moved, from, to]);
      }
      const swapped = await store.verifyChain({ streams: [moved] });
      expect(swapped.map((p) => p.kind)).toEqual(expect.arrayContaining(['out-of-place']));
      expect(swapped.every((p) => p.streamId === moved)).toBe(true);
    });

    it('reports a link removed, and a link recomputed over edited content at the next event', async () => {
      const stream = uniqueStream('order');
      await store.appendToStream(stream, events(3));
      await sql(`update events set data = '{"n": 99}', chain_hash = sha256(chain_hash) where stream_id = $1 and stream_revision = 1`, [stream]);
      await sql('update events set chain_hash = null where stream_id = $1 and stream_revision = 0', [stream]);
      const problems = await store.verifyChain({ streams: [stream] });
      expect(problems.map((p) => [p.kind, p.revision])).toEqual([['unchained', 0], ['edited', 1], ['edited', 2]]);
    });

    // on PGlite transaction ids start low, so they gain a digit within a test; a server's may need millions
    if (backend.name === 'pglite') it('anchors the log in commit order when transaction ids gain a digit (numeric, not text, order)', async () => {
      const db = opened!.db;
      const before = await store.appendToStream(uniqueStream('order'), events(1));
      const digits = String(before.position.commit).length;
      // burn transaction ids until they are one digit longer
      for (let i = 0; i < 20_000 && String((await db.query<{ x: string }>('select pg_current_xact_id()::text as x')).rows[0].x).length === digits; i += 1);
      const after = await store.appendToStream(uniqueStream('order'), events(1));
      expect(String(after.position.commit).length).toBe(digits + 1);
      await untilVisible(store, after.position);
      await anchorChain(db);
      expect((await verifyAnchors(db)).problems).toEqual([]);
    });

    it('anchors catch a stream whose last event was deleted, which its own chain cannot see', async () => {
      const db = opened!.db;
      const tail = uniqueStream('payment');
      const appended = await store.appendToStream(tail, events(2));
      await untilVisible(store, appended.position);
      const anchor = await anchorChain(db);
      expect(anchor).not.toBeNull();
      expect((await verifyAnchors(db)).problems).toEqual([]);
      await sql('delete from events where stream_id = $1 and stream_revision = 1', [tail]);
      expect(await store.verifyChain({ streams: [tail] })).toEqual([]); // the stream's own chain cannot see it
      const broken = await verifyAnchors(db);
      expect(broken.problems).toEqual([expect.objectContaining({ kind: 'anchor', position: anchor!.position })]);
      const whole = await verifyLog({ store, eventsDb: db });
      expect(whole.ok).toBe(false);
      expect(whole.problems.map((p) => p.kind)).toContain('anchor');
    });
  });
}
