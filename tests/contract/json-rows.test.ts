/**
 * Set-based rows as JSON arrays in column order (projections/set-based.ts): what an insert reads back with
 * jsonRowValues is what jsonRows was given, for every column type the read models send this way — ids past 2^31,
 * text with quotes, backslashes, newlines and Chinese, nulls, instants, booleans, small ints and jsonb — and each
 * value lands in its own column; cut into several statements (jsonRowChunks), the same rows land. PGlite always;
 * PostgreSQL with DATABASE_URL.
 */
import type { Database } from '../../services/db/database';
import { columnNames, jsonRowChunks, jsonRows, jsonRowValues, type Columns } from '../../projections/set-based';
import { onEachDatabase } from '../support/backends';

const COLUMNS: Columns = [
  ['id', 'bigint'], ['name', 'text'], ['note', 'text'], ['at', 'timestamptz'], ['open', 'boolean'], ['state', 'smallint'],
  ['count', 'integer'], ['doc', 'jsonb'],
];

const rows = [
  { id: 2 ** 40 + 7, name: '蓝色,XL "大码" \\ 1', note: null, at: '2026-11-27T08:00:00.000Z', open: true, state: 3, count: 0, doc: { lines: [{ skuId: 1, values: ['蓝色'] }] } },
  // keys in another order than the columns, and one the statement does not take: only `columns` decide
  { extra: 'ignored', doc: [], count: -5, state: 0, open: false, at: '2026-01-01T00:00:00.000Z', note: 'a\nb', name: '', id: 1 },
];

function suite(backend: string, open: () => Promise<Database>) {
  describe(`jsonRows round trip (${backend})`, () => {
    let db: Database;
    const table = `json_rows_${backend.toLowerCase()}_${process.pid}`;
    beforeAll(async () => {
      db = await open();
      await db.query(`create table ${table} (id bigint primary key, name text not null, note text, at timestamptz not null,
        open boolean not null, state smallint not null, count integer not null, doc jsonb not null)`);
    });
    afterAll(async () => { await db.query(`drop table if exists ${table}`); });

    const insert = `insert into ${table} (${columnNames(COLUMNS)}) select ${jsonRowValues(COLUMNS)} from jsonb_array_elements($1::jsonb) as r`;
    const stored = async () => (await db.query(`select * from ${table} order by id`)).rows;

    it('stores the same rows when they are cut into several statements', async () => {
      const many = Array.from({ length: 40 }, (_, i) => ({ ...rows[i % 2], id: 1000 + i, name: `${rows[i % 2].name}${i}` }));
      await db.query(insert, [jsonRows(many, COLUMNS)]);
      const whole = await stored();
      await db.query(`delete from ${table}`);
      const chunks = jsonRowChunks(many, COLUMNS, 600);
      expect(chunks.length).toBeGreaterThan(4);
      for (const chunk of chunks) await db.query(insert, [chunk]);
      expect(await stored()).toEqual(whole);
      expect(whole).toHaveLength(40);
      await db.query(`delete from ${table}`);
    });

    it('stores every value in its column with its type', async () => {
      await db.query(`insert into ${table} (${columnNames(COLUMNS)}) select ${jsonRowValues(COLUMNS)} from jsonb_array_elements($1::jsonb) as r`,
        [jsonRows(rows, COLUMNS)]);
      const { rows: stored } = await db.query<Record<string, unknown>>(
        `select id::text, name, note, extract(epoch from at)::bigint::text as at, open, state, count, doc from ${table} order by id desc`);
      expect(stored).toEqual([
        { id: String(2 ** 40 + 7), name: '蓝色,XL "大码" \\ 1', note: null, at: String(Date.parse('2026-11-27T08:00:00.000Z') / 1000), open: true, state: 3, count: 0, doc: rows[0].doc },
        { id: '1', name: '', note: 'a\nb', at: String(Date.parse('2026-01-01T00:00:00.000Z') / 1000), open: false, state: 0, count: -5, doc: [] },
      ]);
    });
  });
}

onEachDatabase('json_rows', suite);
