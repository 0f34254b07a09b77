/**
 * lz4 for wide columns where the server has it (services/db/toast-compression.ts): one statement text for both
 * engines. PostgreSQL built with lz4 (as here) sets the columns' compression; PGlite (without lz4) runs it and keeps
 * pglz. Either way values round-trip. PGlite always; PostgreSQL with DATABASE_URL.
 */
import type { Database } from '../../services/db/database';
import { lz4WhereAvailable } from '../../services/db/toast-compression';
import { onEachDatabase } from '../support/backends';

async function compressionOf(db: Database, table: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ attname: string; attcompression: string }>(
    `select attname, attcompression::text from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped`, [table]);
  return Object.fromEntries(rows.map((row) => [row.attname, row.attcompression]));
}

async function lz4Available(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ available: boolean }>(
    `select 'lz4' = any(enumvals) as available from pg_settings where name = 'default_toast_compression'`);
  return rows[0]?.available === true;
}

function suite(backend: string, open: () => Promise<Database>, expectLz4: boolean | 'as-server') {
  describe(`lz4 where available (${backend})`, () => {
    let db: Database;
    const table = `toast_${backend.toLowerCase()}_${process.pid}`;
    beforeAll(async () => {
      db = await open();
      await db.query(`create table ${table} (id int primary key, body text not null, doc jsonb not null)`);
    });
    afterAll(async () => { await db.query(`drop table if exists ${table}`); });

    it('sets lz4 on the named columns only where the server has it, and wide values round-trip', async () => {
      const available = await lz4Available(db);
      if (expectLz4 !== 'as-server') expect(available).toBe(expectLz4);
      await db.query(lz4WhereAvailable(table, ['body', 'doc']));
      const compression = await compressionOf(db, table);
      // attcompression: 'l' lz4, 'p' pglz, '' the default (pglz)
      expect(compression.body).toBe(available ? 'l' : '');
      expect(compression.doc).toBe(available ? 'l' : '');
      expect(compression.id).toBe('');
      const body = '<p>商品详情</p>'.repeat(800);
      const doc = { names: Array.from({ length: 300 }, (_, i) => ({ name: `规格${i}`, values: ['蓝色', 'XL'] })) };
      await db.query(`insert into ${table} (id, body, doc) values (1, $1, $2)`, [body, JSON.stringify(doc)]);
      const { rows } = await db.query<{ body: string; doc: unknown; stored: number }>(
        `select body, doc, pg_column_size(body) as stored from ${table} where id = 1`);
      expect(rows[0].body).toBe(body);
      expect(rows[0].doc).toEqual(doc);
      expect(rows[0].stored).toBeLessThan(Buffer.byteLength(body) / 4); // compressed, whichever method
    });
  });
}

onEachDatabase('toast', (backend, open) => suite(backend, open, backend === 'PGlite' ? false : 'as-server'));
