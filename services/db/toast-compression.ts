/**
 * TOAST compression of wide columns: lz4 where the server has it (PostgreSQL built with lz4, as Debian's and the
 * official images are; PGlite is built without). A value over ~2 kB — a listing's HTML, a product event — is
 * compressed as its row is written and decompressed as it is read; lz4 does both several times faster than the
 * default pglz at a similar ratio. On the 100k-product catalogue: appending the log 9.9 -> 8.1 s (one run each),
 * the listings' statement 9.3-9.6 -> 8.4-8.6 s (two runs each), at the same table size.
 *
 * The statement is the same text on both engines (a migration step runs it as is): it changes the columns only where
 * lz4 is available, and only for values written from then on.
 */
export function lz4WhereAvailable(table: string, columns: readonly string[]): string {
  const alter = `alter table ${table} ${columns.map((column) => `alter column ${column} set compression lz4`).join(', ')}`;
  return `do $$ begin
    if exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
      ${alter};
    end if;
  end $$`;
}
