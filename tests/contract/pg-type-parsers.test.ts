/**
 * Our pools parse what PostgreSQL sends with pg's default parsers even when another library in the process has
 * rewritten pg's process-wide registry (services/db/type-parsers.ts). The rewrite below is the one Emmett's dumbo
 * makes when it opens a pool (int8 → BigInt; json and jsonb through a reviver that turns numeric strings longer than
 * 15 characters into BigInt): with it in place, the event store must still hand a WeChat transaction id back as the
 * string it stored, and int8 columns as strings. PGlite always; PostgreSQL with DATABASE_URL.
 */
import pg from 'pg';
import type { Database } from '../../services/db/database';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { onEachDatabase } from '../support/backends';
import { anEvent, uniqueStream } from './event-store.fixtures';

const TRANSACTION_ID = '4200002826202611281234567890';
const REWRITTEN = [20, 114, 3802] as const;

/** dumbo's reviver: numeric strings and unsafe integers become BigInt. */
const bigIntReviver = (_key: string, value: unknown): unknown =>
  typeof value === 'string' && value.length > 15 && /^-?\d+$/.test(value) ? BigInt(value) : value;

let previous: Map<number, (value: string) => unknown>;

beforeAll(() => {
  previous = new Map(REWRITTEN.map((oid) => [oid, pg.types.getTypeParser(oid, 'text')]));
  pg.types.setTypeParser(20, (value) => BigInt(value));
  pg.types.setTypeParser(114, (value) => JSON.parse(value, bigIntReviver));
  pg.types.setTypeParser(3802, (value) => JSON.parse(value, bigIntReviver));
});

afterAll(() => {
  for (const [oid, parse] of previous) pg.types.setTypeParser(oid, parse);
});

function suite(backend: string, open: () => Promise<Database>) {
  describe(`pg type parsers with pg.types rewritten by another library (${backend})`, () => {
    it('the rewrite is in force in this process (what the pools are tested against)', () => {
      expect(pg.types.getTypeParser(20, 'text')('42')).toBe(42n);
    });

    it('reads int8 as a string and json numeric strings as strings', async () => {
      const db = await open();
      const { rows } = await db.query<{ n: unknown; doc: { id: unknown }; plain: { id: unknown } }>(
        `select 9007199254740993::int8 as n, jsonb_build_object('id', $1::text) as doc, json_build_object('id', $1::text) as plain`,
        [TRANSACTION_ID]);
      expect(rows[0]).toEqual({ n: '9007199254740993', doc: { id: TRANSACTION_ID }, plain: { id: TRANSACTION_ID } });
    });

    it('hands a stored event back as it was appended', async () => {
      const db = await open();
      const store = await createPostgresEventStore(db);
      const streamId = uniqueStream('payment');
      await store.appendToStream(streamId, [anEvent('PaymentSucceeded', { transactionId: TRANSACTION_ID, total: 1999 })]);
      const [event] = await store.readStream(streamId);
      expect(event.data).toEqual({ transactionId: TRANSACTION_ID, total: 1999 });
      expect(event.revision).toBe(0);
    });
  });
}

onEachDatabase('pg_type_parsers', suite);
