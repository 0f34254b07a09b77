/**
 * Tamper evidence (DESIGN.md §5): each event's chain link is made at append time and stored with it; the check reads
 * the stored links, so an event edited, deleted or moved afterwards is reported with its position — and signed anchors
 * kept outside the events table catch what a stream's own chain cannot (its last event deleted, an edit relinked over,
 * a forged stream), each named by its event; an anchor refolded without the signing key fails its signature; what
 * follows the last anchor is reported as the unanchored tail.
 * PGlite always; PostgreSQL with DATABASE_URL. Each backend gets its own fresh database: these tests tamper with it.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { openDatabase, type Database } from '../../services/db/database';
import { formatPosition, type EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { anchorChain, migrateChainAnchors, type AnchorSigner } from '../../services/event-store/postgres/chain-anchors';
import { verifyAnchors } from '../../services/event-store/postgres/verify-anchors';
import { chainContent } from '../../services/event-store/postgres/postgres-event-store.sql';
import { resolveAnchorKey } from '../../services/audit/anchor-signing-key';
import { startChainAnchorer } from '../../services/audit/chain-anchorer';
import { AppendWitness, witnessingEventStore } from '../../services/audit/append-witness';
import { verifyLog } from '../../services/audit/verify-log';
import { announceSkip, freshPostgres } from '../support/backends';
import { anEvent, events, uniqueStream, untilVisible } from './event-store.fixtures';

/**
 * Anchors cover the visible log, and on PostgreSQL the horizon is cluster-wide: a shared test server's long transactions
 * (other suites) hold it back for a while.
 */
const VISIBLE_MS = 45_000;
const SLOW_HORIZON_MS = 150_000;

/** The key holder's key (the serving process); the database never sees its private half. */
const key = resolveAnchorKey({ DATA_DIR: ':memory:' })!;

/** Someone who writes the database but lacks the key: signs with a key of their own under the real key's id. */
const forger: AnchorSigner = (() => {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { keyId: key.keyId, sign: (text: string) => sign(null, Buffer.from(text), privateKey) };
})();

const rowContent = chainContent('e.stream_id', 'e.stream_revision', 'e.event_id', 'e.type', 'e.data', 'e.metadata');

/** A stream's whole chain recomputed over its rows as they are now, as a forger with database access could. */
const RELINK_SQL = `
  with recursive chained as (
    select e.stream_id, e.stream_revision, sha256(''::bytea || ${rowContent}) as hash
    from events e where e.stream_id = $1 and e.stream_revision = 0
    union all
    select e.stream_id, e.stream_revision, sha256(c.hash || ${rowContent})
    from chained c join events e on e.stream_id = c.stream_id and e.stream_revision = c.stream_revision + 1
  )
  update events set chain_hash = chained.hash from chained
  where events.stream_id = chained.stream_id and events.stream_revision = chained.stream_revision`;

/** A correctly linked event appended by hand after the stream's last one. */
const FORGE_SQL = `
  insert into events (stream_id, stream_revision, event_id, type, data, metadata, chain_hash)
  select $1, last.stream_revision + 1, x.id, $2, x.data, x.metadata,
    sha256(last.chain_hash || ${chainContent('$1::text', 'last.stream_revision + 1', 'x.id', '$2::text', 'x.data', 'x.metadata')})
  from (select stream_revision, chain_hash from events where stream_id = $1 order by stream_revision desc limit 1) last,
    (select gen_random_uuid() as id, $3::jsonb as data, $4::jsonb as metadata) x
  returning transaction_id::text || '/' || global_position::text as position, stream_revision::text as revision`;

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
      await anchorChain(db, key);
      expect((await verifyAnchors(db, key)).problems).toEqual([]);
    });

    it('keeps its anchors in sequence past nine (numeric, not text, order) and verifies them all', async () => {
      const db = opened!.db;
      for (let i = 0; i < 11; i += 1) {
        const appended = await store.appendToStream(uniqueStream('order'), events(1));
        await untilVisible(store, appended.position, VISIBLE_MS);
        expect(await anchorChain(db, key)).not.toBeNull();
      }
      const { anchors, problems } = await verifyAnchors(db, key);
      expect(anchors).toBeGreaterThanOrEqual(11);
      expect(problems).toEqual([]);
    }, SLOW_HORIZON_MS);

    /** Anchors everything appended so far (the key holder's periodic anchor). */
    const anchorAll = async (last: Awaited<ReturnType<EventStore['appendToStream']>>) => {
      await untilVisible(store, last.position, VISIBLE_MS);
      const anchor = await anchorChain(opened!.db, key);
      expect(anchor).not.toBeNull();
      return anchor!;
    };

    it('names the stream and the revision of a stream\'s last event deleted, which its own chain cannot see', async () => {
      const db = opened!.db;
      const tail = uniqueStream('payment');
      await anchorAll(await store.appendToStream(tail, events(2)));
      const [, last] = await store.readStream(tail);
      expect((await verifyAnchors(db, key)).problems).toEqual([]);
      await sql('delete from events where stream_id = $1 and stream_revision = 1', [tail]);
      expect(await store.verifyChain({ streams: [tail] })).toEqual([]); // the stream's own chain cannot see it
      const broken = await verifyAnchors(db, key);
      expect(broken.problems).toEqual([
        expect.objectContaining({ kind: 'missing', streamId: tail, revision: 1, position: formatPosition(last.position) }),
      ]);
      const whole = await verifyLog({ store, eventsDb: db, anchorVerifier: key });
      expect(whole.ok).toBe(false);
      expect(whole.problems.filter((p) => p.streamId === tail).map((p) => [p.kind, p.revision])).toEqual([['missing', 1]]);
    }, SLOW_HORIZON_MS);

    it('names the edited event when its stream\'s chain was relinked over the edit, inside an anchored range', async () => {
      const db = opened!.db;
      const stream = uniqueStream('order');
      await anchorAll(await store.appendToStream(stream, [anEvent('OrderPlaced', { price: 399900 }), anEvent('OrderPaid', { money: 399900 }), anEvent('OrderShipped')]));
      const [, paid] = await store.readStream(stream);
      await sql(`update events set data = jsonb_set(data, '{money}', '1') where stream_id = $1 and stream_revision = 1`, [stream]);
      await sql(RELINK_SQL, [stream]);
      expect(await store.verifyChain({ streams: [stream] })).toEqual([]); // relinked: the chain alone verifies
      const problems = (await verifyAnchors(db, key)).problems.filter((p) => p.streamId === stream);
      expect(problems).toEqual([expect.objectContaining({ kind: 'edited', streamId: stream, revision: 1, position: formatPosition(paid.position) })]);
    }, SLOW_HORIZON_MS);

    it('names a whole stream inserted inside an anchored range', async () => {
      const db = opened!.db;
      const real = uniqueStream('order');
      const anchor = await anchorAll(await store.appendToStream(real, events(2)));
      const forged = uniqueStream('payment');
      const [tx, pos] = anchor.position.split('/');
      // the same transaction id as the anchored events and a position between theirs: inside the range
      const { rows: [inserted] } = await sql(
        `insert into events (global_position, transaction_id, stream_id, stream_revision, event_id, type, data, metadata, chain_hash)
         overriding system value
         select -$1::bigint, $2::xid8, $3, 0, gen_random_uuid(), 'PaymentSucceeded', '{}', '{}', sha256(''::bytea)
         returning transaction_id::text || '/' || global_position::text as position`, [pos, tx, forged]);
      const problems = (await verifyAnchors(db, key)).problems.filter((p) => p.streamId === forged);
      expect(problems).toEqual([expect.objectContaining({ kind: 'inserted', streamId: forged, revision: 0, position: (inserted as { position: string }).position })]);
      await sql('delete from events where stream_id = $1', [forged]);
    }, SLOW_HORIZON_MS);

    it('reports a forged, correctly linked OrderPaid after the last anchor as unanchored, then as not appended by the anchoring server', async () => {
      const db = opened!.db;
      const witness = new AppendWitness();
      const served = witnessingEventStore(store, witness); // the serving process's appends
      const stream = uniqueStream('order');
      const anchor = await anchorAll(await served.appendToStream(stream, [anEvent('OrderPlaced', { price: 399900 })]));
      const { rows: [forged] } = await sql(FORGE_SQL, [stream, 'OrderPaid', '{"money": 399900}', '{"actor": {"kind": "system"}}']);
      const { position } = forged as { position: string };
      expect(await store.verifyChain({ streams: [stream] })).toEqual([]); // correctly linked: the chain cannot tell
      const result = await verifyLog({ store, eventsDb: db, anchorVerifier: key });
      expect(result.tail).toMatchObject({
        events: 1, first: position, last: position, afterAnchor: { seq: anchor.seq, position: anchor.position },
        listed: [{ streamId: stream, revision: 1, position, type: 'OrderPaid' }],
      });

      // the key holder's next anchor signs the log as it is, forgery included, and names what its server did not append
      const genuine = await served.appendToStream(uniqueStream('order'), events(1));
      await untilVisible(store, genuine.position, VISIBLE_MS);
      expect(await anchorChain(db, key, { witness })).toMatchObject({ count: 2, unwitnessed: 1 });
      const after = await verifyLog({ store, eventsDb: db, anchorVerifier: key });
      expect(after.tail?.events).toBe(0);
      expect(after.unwitnessed).toEqual({ events: 1, listed: [{ streamId: stream, revision: 1, position, type: 'OrderPaid', anchor: anchor.seq + 1 }] });
    }, SLOW_HORIZON_MS);

    it('keeps the unanchored tail short while the log grows (every N events), and anchors it when the server stops', async () => {
      const db = opened!.db;
      await anchorAll(await store.appendToStream(uniqueStream('order'), events(1)));
      const anchorer = await startChainAnchorer(db, key, null, () => undefined, { everyMs: 60_000, everyEvents: 3, checkMs: 20 });
      try {
        const grown = await store.appendToStream(uniqueStream('order'), events(3));
        await untilVisible(store, grown.position, VISIBLE_MS);
        const deadline = Date.now() + VISIBLE_MS;
        while ((await verifyAnchors(db, key)).tail.events > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect((await verifyAnchors(db, key)).tail.events).toBe(0);
        const one = await store.appendToStream(uniqueStream('order'), events(1));
        await untilVisible(store, one.position, VISIBLE_MS);
        expect((await verifyAnchors(db, key)).tail.events).toBe(1); // under N and T: waits for the next anchor
      } finally {
        await anchorer.stop();
      }
      expect((await verifyAnchors(db, key)).tail.events).toBe(0);
    }, SLOW_HORIZON_MS);

    // last: it refolds every anchor with a key that is not the key holder's
    it('names every anchor refolded without the signing key after an edit relinked over, by its signature', async () => {
      const db = opened!.db;
      const stream = uniqueStream('order');
      await anchorAll(await store.appendToStream(stream, [anEvent('OrderPlaced', { price: 399900 }), anEvent('OrderPaid', { money: 399900 })]));
      const anchors = Number((await sql('select count(*)::int as n from event_chain_anchors')).rows[0].n);
      await sql(`update events set data = jsonb_set(data, '{price}', '1') where stream_id = $1 and stream_revision = 0`, [stream]);
      await sql(RELINK_SQL, [stream]);
      await sql('delete from event_chain_anchors');
      const refolded = await anchorChain(db, forger, { maxEvents: 1_000_000 });
      expect(refolded).not.toBeNull();
      expect(await store.verifyChain({ streams: [stream] })).toEqual([]);
      const { problems } = await verifyAnchors(db, key);
      expect(anchors).toBeGreaterThan(0);
      expect(problems).toEqual([expect.objectContaining({ kind: 'signature', position: refolded!.position, detail: expect.stringMatching(/^anchor #1 .* does not verify with key/) })]);
    }, SLOW_HORIZON_MS);
  });
}
