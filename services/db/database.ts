/**
 * One `pg` code path for both engines (DESIGN.md §3 principle 3): a pg.Pool on native PostgreSQL, or a
 * pg.Pool whose single connection is an embedded PGlite (through @electric-sql/pglite/node-postgres).
 */
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { DatabaseUnreachableError } from './connection-errors';
import { pinnedTypeParsers } from './type-parsers';

// bigint columns (positions, revisions) come back as strings; int8 parsing is left to the callers that need bigint.
// Every pool parses with pg's default parsers whatever else in the process rewrote pg.types (type-parsers.ts).
// A QueryConfig with a `name` is prepared once per connection and then only bound and executed (the hot append).
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string | pg.QueryConfig<unknown[]>, params?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  readonly pool: pg.Pool;
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: pg.PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number }
  | { kind: 'pglite'; dataDir?: string /* undefined = in memory */ }
  | { kind: 'pglite'; instance: PGlite };

/** How long a query waits for a connection before it fails (and the API answers 503) while the server is away. */
const CONNECT_TIMEOUT_MS = 5000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url, max: options.max ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, types: pinnedTypeParsers,
    });
    survivesConnectionErrors(pool);
    // Fail fast and plainly at start (a bad DATABASE_URL, a server that is not up) instead of at the first request.
    await pool.query('select 1').catch(async (error: unknown) => {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnreachableError(options.url, error);
    });
    return wrap('postgres', pool, async () => pool.end());
  }
  const owned = !('instance' in options);
  const pglite = 'instance' in options ? options.instance : await openPGlite(options.dataDir);
  const pool = new pg.Pool(sessionConfig(pglite));
  survivesConnectionErrors(pool);
  return wrap('pglite', pool, async () => {
    await pool.end();
    if (owned) await pglite.close();
  });
}

/**
 * A pg client emits 'error' when its connection dies (57P01 admin shutdown, pg_terminate_backend, a server restart).
 * pg-pool listens only while the client is idle in the pool; a checked-out client (a transaction between statements,
 * the LISTEN client, an append waiting on its batch) has no listener then, and an unhandled 'error' ends the process.
 * Every client therefore gets a permanent listener: the broken client is dropped by the pool when it is released
 * (it is no longer queryable), its pending statement fails with the connection error (→ 503), and the next
 * statement opens a new connection once the server is back.
 */
function survivesConnectionErrors(pool: pg.Pool): void {
  pool.on('error', () => { /* an idle client died: the pool has removed it already */ });
  pool.on('connect', (client) => {
    client.on('error', () => { /* surfaces on this client's next statement, which fails and is retried elsewhere */ });
  });
}

/**
 * PGlite is ONE backend session, shared by every pg client a process ever opens on it (a pool's replaced client, a
 * second Database on the same instance). pg remembers which named statements a connection has prepared on the
 * connection object; each pool makes its own, so that memory is shared per PGlite instance: a named statement is
 * parsed and planned once per session (the append's parse and plan cost more than its execution on WASM), and a
 * second pool does not prepare the same name again (which the session would refuse).
 */
interface NamedStatements { parsedStatements: Record<string, string>; submittedNamedStatements: Record<string, string> }
const sessionStatements = new WeakMap<PGlite, NamedStatements>();

function sessionConfig(pglite: PGlite): ReturnType<typeof createPgConfig> & { types: pg.CustomTypesConfig } {
  const config = createPgConfig(pglite);
  let statements = sessionStatements.get(pglite);
  if (!statements) {
    statements = { parsedStatements: {}, submittedNamedStatements: {} };
    sessionStatements.set(pglite, statements);
  }
  Object.assign(config.connection, statements);
  return { ...config, types: pinnedTypeParsers };
}

/**
 * An embedded PostgreSQL: in `dataDir`, or in memory. `loadDataDir` starts it from a dumped data directory instead of
 * running initdb (tests start hundreds of empty databases from one dump: tests/support/pglite-snapshot.ts).
 */
export async function openPGlite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  return pglite;
}

function wrap(kind: Database['kind'], pool: pg.Pool, close: () => Promise<void>): Database {
  return {
    kind,
    pool,
    // pool.query destroys its client when a statement fails; on PGlite every client shares the one embedded
    // connection, so that would end the database for the whole process. Release it as healthy instead.
    query: kind === 'postgres' ? (text, params) => pool.query(text, params as unknown[]) : async (text, params) => {
      const client = await pool.connect();
      try {
        return await client.query(text, params as unknown[]);
      } finally {
        client.release();
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close,
  };
}
