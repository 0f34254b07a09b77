/**
 * The floor under a projection's rebuild rate: what writing its read model's final rows costs by itself. The rows a
 * finished generation holds are read out (not timed), then sent back from the client into unlogged copies of its
 * tables with no index, no key and no check (NOT NULL stays), in INSERTs of at most `FLOOR_BATCH` rows and about
 * STATEMENT_JSON_CHARS of JSON (what the projections' own set-based writes take: a larger parameter costs more per
 * row) through jsonb_populate_recordset: the record-typed form of jsonb_to_recordset, which was the fastest of the
 * client-side forms tried for the catalogue's rows on this machine (against json_to_recordset, unnest of typed arrays
 * and COPY FROM STDIN, in a one-off comparison that is not part of the bench, made with 5,000-row statements before
 * their size was found to matter). Nothing is read from the log, nothing is computed, each row is written
 * once (a projection writes a row again each time a later batch changes it). A projection cannot catch up faster than
 * its log's events divided by this time.
 */
import type { Database } from '../../services/db/database';
import { jsonChunks } from '../../projections/set-based';
import { now } from './stats';

const FLOOR_BATCH = 5000;

/** Rows written and the time taken to write them, over every table of the generation in `schema`. */
export async function writeFloor(db: Database, schema: string, tables: readonly string[]): Promise<{ rows: number; ms: number }> {
  const floor = `${schema}_floor`;
  await db.query(`drop schema if exists ${floor} cascade`);
  await db.query(`create schema ${floor}`);
  let rows = 0;
  let ms = 0;
  try {
    for (const table of tables) {
      // LIKE without INCLUDING: column names and types only (a generated column becomes a plain one, written as stored)
      await db.query(`create unlogged table ${floor}.${table} (like ${schema}.${table})`);
      let after = '(0,0)';
      for (;;) {
        // keyset on the physical row address: every row once, whatever a concurrent scan of the table does
        const { rows: chunk } = await db.query<{ at: string; row: string }>(
          `select t.ctid::text as at, to_jsonb(t)::text as row from ${schema}.${table} t
           where t.ctid > $1::tid order by t.ctid limit ${FLOOR_BATCH}`, [after]);
        if (chunk.length === 0) break;
        const t0 = now();
        for (const { json } of jsonChunks(chunk, (rows) => `[${rows.map((r) => r.row).join(',')}]`)) {
          await db.query(`insert into ${floor}.${table} select * from jsonb_populate_recordset(null::${floor}.${table}, $1::jsonb)`, [json]);
        }
        ms += now() - t0;
        rows += chunk.length;
        after = chunk[chunk.length - 1].at;
        if (chunk.length < FLOOR_BATCH) break;
      }
    }
  } finally {
    await db.query(`drop schema if exists ${floor} cascade`);
  }
  return { rows, ms };
}
