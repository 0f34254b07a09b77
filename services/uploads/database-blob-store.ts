/**
 * Blobs in a `bytea` table of the shared database: with DATABASE_URL every API instance reads what any other stored
 * (DESIGN.md §2). Not an event-sourced fact: the bytes are content-addressed and immutable, like a file. Works on
 * PGlite too (the contract suite runs it on both).
 */
import type { Queryable } from '../db/database';
import type { BlobStore } from './blob-store.port';

export async function createDatabaseBlobStore(db: Queryable): Promise<BlobStore> {
  await db.query(`
    create table if not exists uploaded_blobs (
      name text primary key,
      content_type text not null,
      bytes bytea not null,
      stored_at timestamptz not null default now()
    )`);
  return {
    kind: 'database',
    async put(name, blob) {
      await db.query(
        'insert into uploaded_blobs (name, content_type, bytes) values ($1, $2, $3) on conflict (name) do nothing',
        [name, blob.contentType, blob.bytes]);
    },
    async get(name) {
      const { rows } = await db.query<{ content_type: string; bytes: Buffer }>(
        'select content_type, bytes from uploaded_blobs where name = $1', [name]);
      const row = rows[0];
      return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : null;
    },
    async existing(names) {
      if (names.length === 0) return new Set();
      const { rows } = await db.query<{ name: string }>('select name from uploaded_blobs where name = any($1::text[])', [names]);
      return new Set(rows.map((r) => r.name));
    },
  };
}
