/**
 * The postgres adapter of the EventStore port (DESIGN.md §5): one `events` table, the same code on native
 * PostgreSQL and on PGlite. Appends are one statement (one round trip; concurrent ones share it); the global log is
 * read in commit-safe order (transaction id, position) below the oldest running transaction, so a late commit is never
 * skipped.
 */
import type { Database, Queryable } from '../../db/database';
import { migrate } from '../../db/migrate';
import {
  WrongExpectedRevisionError, assertDistinctStreams,
  type AppendResult, type EventStore, type ExpectedRevision, type NewEvent, type RecordedEvent,
} from '../event-store.port';
import { assertAppendable } from '../append-guards';
import { appendBatcher, batchLimitsFor, type AppendOne, type AppendRequest, type BatchLimits } from './append-batcher';
import {
  APPEND_MANY_SQL, APPEND_SQL, HEAD_POSITION_SQL, MIGRATION_MODULE, MIGRATION_STEPS, READ_ALL_SQL, READ_STREAM_SQL,
  STREAM_HEAD_SQL,
} from './postgres-event-store.sql';
import { toIsoTime, toPosition, toRecordedEvent, type EventRow, type PositionRow } from './row-mapping';
import { verifyPostgresChain } from './verify-chain';

/** A unique violation means a concurrent append won a race; the statement is run again to see what it did. */
const APPEND_ATTEMPTS = 8;
const UNIQUE_VIOLATION = '23505';

interface AppendRow extends EventRow { source: 'inserted' | 'existing' | 'head' }

/** Applies the store's migrations, then answers the port on `db`. The caller owns `db` (close() leaves it open). */
export async function createPostgresEventStore(db: Database, options?: PostgresStoreOptions): Promise<EventStore> {
  await migrate(db, MIGRATION_MODULE, MIGRATION_STEPS);
  return postgresEventStore(db, options);
}

/** Tuning for measurements and tests; the defaults suit the engine (append-batcher.ts, batchLimitsFor). */
export interface PostgresStoreOptions { batch?: Partial<BatchLimits> }

/** The appends are named prepared statements: parsed and planned once per connection, bound and run after that. */
const APPEND_STATEMENT = 'jishi_append_v2';
const APPEND_MANY_STATEMENT = 'jishi_append_many_v2';

const payloadOf = (events: NewEvent[]) => events.map((event) => ({
  eventId: event.metadata.eventId, type: event.type, data: event.data ?? null, metadata: event.metadata,
}));

const expectationOf = (expected: ExpectedRevision): [string, number | null] =>
  [typeof expected === 'number' ? 'revision' : expected, typeof expected === 'number' ? expected : null];

/** One stream, one statement; a lost race (unique violation) runs it again to see what the winner did. */
async function appendAlone(q: Queryable, { streamId, events, expected }: AppendRequest): Promise<AppendResult> {
  const params = [streamId, JSON.stringify(payloadOf(events)), ...expectationOf(expected)];
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { rows } = await q.query<AppendRow>({ name: APPEND_STATEMENT, text: APPEND_SQL, values: params });
      return interpretAppend(streamId, events, expected, rows);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= APPEND_ATTEMPTS) throw await stillRacing(q, streamId, expected);
    }
  }
}

/** Several distinct streams in one statement, each answered as appendAlone would answer it. */
async function appendTogether(q: Queryable, requests: readonly AppendRequest[]): Promise<PromiseSettledResult<AppendResult>[]> {
  const payload = JSON.stringify(requests.map((r, i) => {
    const [kind, rev] = expectationOf(r.expected);
    return { i, streamId: r.streamId, kind, rev, events: payloadOf(r.events) };
  }));
  const { rows } = await q.query<AppendRow & { i: number }>({ name: APPEND_MANY_STATEMENT, text: APPEND_MANY_SQL, values: [payload] });
  const rowsOf = requests.map((): AppendRow[] => []);
  for (const row of rows) rowsOf[row.i].push(row);
  return requests.map((r, i): PromiseSettledResult<AppendResult> => {
    try {
      return { status: 'fulfilled', value: interpretAppend(r.streamId, r.events, r.expected, rowsOf[i]) };
    } catch (reason) {
      return { status: 'rejected', reason };
    }
  });
}

/**
 * Each stream as APPEND_SQL answers it, one after another on one connection; the first that cannot append (a failed
 * expectation) throws, which rolls the transaction back. A unique violation is left to the caller's retry.
 */
async function appendAllOrNothing(q: Queryable, requests: readonly AppendRequest[]): Promise<AppendResult[]> {
  const results: AppendResult[] = [];
  for (const request of requests) {
    const params = [request.streamId, JSON.stringify(payloadOf(request.events)), ...expectationOf(request.expected)];
    const { rows } = await q.query<AppendRow>({ name: APPEND_STATEMENT, text: APPEND_SQL, values: params });
    results.push(interpretAppend(request.streamId, request.events, request.expected, rows));
  }
  return results;
}

const isPool = (q: Queryable): q is Database => 'pool' in q && 'transaction' in q;

/**
 * The port on any pg handle whose schema is migrated: a pool, or one client inside an open transaction. On a pool,
 * concurrent appends to different streams are batched into one statement (append-batcher.ts); inside a transaction
 * each append is its own statement.
 */
export function postgresEventStore(q: Queryable, options?: PostgresStoreOptions): EventStore {
  const alone: AppendOne = (request) => appendAlone(q, request);
  const append = isPool(q)
    ? appendBatcher(alone, (requests) => appendTogether(q, requests), { ...batchLimitsFor(q.kind), ...options?.batch })
    : alone;
  return {
    async appendToStream(streamId, events, options) {
      const expected = options?.expectedRevision ?? 'any';
      assertAppendable(streamId, events);
      return append({ streamId, events, expected });
    },

    async appendToStreams(appends) {
      assertDistinctStreams(appends);
      const requests = appends.map(({ streamId, events, expectedRevision }): AppendRequest => {
        assertAppendable(streamId, events);
        return { streamId, events, expected: expectedRevision ?? 'any' };
      });
      // inside the caller's transaction, its commit makes them one; on a pool, a transaction of our own
      if (!isPool(q)) return appendAllOrNothing(q, requests);
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await q.transaction((tx) => appendAllOrNothing(tx, requests));
        } catch (error) {
          // a writer elsewhere won a race on one of the streams: the whole transaction is tried again
          if (!isUniqueViolation(error) || attempt >= APPEND_ATTEMPTS) throw error;
        }
      }
    },

    async readStream(streamId, options) {
      const { rows } = await q.query<EventRow>(READ_STREAM_SQL, [streamId, options?.fromRevision ?? 0]);
      return rows.map(toRecordedEvent);
    },

    async readAll({ after, limit }) {
      const from = after ?? { commit: 0n, prepare: 0n };
      const { rows } = await q.query<EventRow>(READ_ALL_SQL, [from.commit.toString(), from.prepare.toString(), limit]);
      return rows.map(toRecordedEvent);
    },

    async headPosition() {
      const { rows } = await q.query<PositionRow>(HEAD_POSITION_SQL);
      return rows.length === 0 ? null : toPosition(rows[0]);
    },

    verifyChain: (options) => verifyPostgresChain(q, options?.streams),

    async close() {
      // The Database belongs to whoever opened it: other stores and projections share it.
    },
  };
}

function interpretAppend(
  streamId: string, events: NewEvent[], expected: ExpectedRevision, rows: AppendRow[],
): AppendResult {
  const head = Number(rows.find((row) => row.source === 'head')?.stream_revision ?? -1);
  const existing = rows.filter((row) => row.source === 'existing').map(toRecordedEvent);
  if (existing.length > 0) return repeatedAppend(streamId, events, expected, head, existing);
  const inserted = rows.filter((row) => row.source === 'inserted');
  if (inserted.length !== events.length) {
    throw new WrongExpectedRevisionError(streamId, expected, head < 0 ? 'no_stream' : head);
  }
  const recorded = inserted
    .map((row): RecordedEvent => {
      const revision = Number(row.stream_revision);
      const event = events[revision - head - 1];
      return {
        streamId, revision, position: toPosition(row), recordedAt: toIsoTime(row.recorded_at),
        type: event.type, data: event.data ?? null, metadata: event.metadata,
        ...(row.chain_hash ? { chainHash: row.chain_hash } : {}),
      };
    })
    .sort((a, b) => a.revision - b.revision);
  return summarise(recorded);
}

/** Every event id already stored in this stream: answer like the first append did, whatever `expected` says. */
function repeatedAppend(
  streamId: string, events: NewEvent[], expected: ExpectedRevision, head: number, existing: RecordedEvent[],
): AppendResult {
  const elsewhere = existing.find((event) => event.streamId !== streamId);
  if (elsewhere) {
    throw new Error(`event id ${elsewhere.metadata.eventId} is already stored in stream ${elsewhere.streamId}`);
  }
  if (existing.length !== events.length) {
    throw new WrongExpectedRevisionError(streamId, expected, head < 0 ? 'no_stream' : head);
  }
  return summarise(existing.sort((a, b) => a.revision - b.revision));
}

const summarise = (recorded: RecordedEvent[]): AppendResult => {
  const last = recorded[recorded.length - 1];
  return { nextRevision: last.revision, position: last.position, events: recorded };
};

interface PgError { code?: string; constraint?: string }
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as PgError).code === UNIQUE_VIOLATION;

/** Still losing races after every attempt: report the conflict it is, not a driver error. */
async function stillRacing(q: Queryable, streamId: string, expected: ExpectedRevision): Promise<Error> {
  const { rows } = await q.query<{ revision: string }>(STREAM_HEAD_SQL, [streamId]);
  const head = Number(rows[0]?.revision ?? -1);
  return new WrongExpectedRevisionError(streamId, expected, head < 0 ? 'no_stream' : head);
}
