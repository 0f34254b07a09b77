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
import { recordedEventWith, toIsoTime, toPosition, toRecordedEvent, type EventRow, type PositionRow } from './row-mapping';
import type { Upcaster } from '../upcasting/upcaster';
import { upcaster as currentVersions } from '../upcasting/event-versions';
import { verifyPostgresChain } from './verify-chain';

/** A unique violation means a concurrent append won a race; the statement is run again to see what it did. */
const APPEND_ATTEMPTS = 8;
const UNIQUE_VIOLATION = '23505';

interface AppendRow extends EventRow { source: 'inserted' | 'existing' | 'head' }
/** A row of APPEND_MANY_SQL: tagged with its request, the head row with the stream's verdict. */
interface AppendManyRow extends AppendRow { i: number; verdict: 'append' | 'repeat' | 'refused' | null }

/** Applies the store's migrations, then answers the port on `db`. The caller owns `db` (close() leaves it open). */
export async function createPostgresEventStore(db: Database, options?: PostgresStoreOptions): Promise<EventStore> {
  await migrate(db, MIGRATION_MODULE, MIGRATION_STEPS);
  return postgresEventStore(db, options);
}

/** Tuning for measurements and tests; the defaults suit the engine (append-batcher.ts, batchLimitsFor). */
export interface PostgresStoreOptions {
  batch?: Partial<BatchLimits>;
  /** The event versions reads upcast to; the registry (upcasting/event-versions.ts) unless a test brings its own. */
  upcaster?: Upcaster;
}

/** The appends are named prepared statements: parsed and planned once per connection, bound and run after that. */
const APPEND_STATEMENT = 'jishi_append_v2';
const APPEND_MANY_STATEMENT = 'jishi_append_many_v3';

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

/** APPEND_MANY_SQL on several distinct streams: each request's rows, in the order given. */
async function appendManyRows(q: Queryable, requests: readonly AppendRequest[], allOrNothing: boolean): Promise<AppendManyRow[][]> {
  const streams = JSON.stringify(requests.map((r, i) => {
    const [kind, rev] = expectationOf(r.expected);
    return { i, streamId: r.streamId, kind, rev, count: r.events.length };
  }));
  const events = JSON.stringify(requests.flatMap((r, i) => payloadOf(r.events).map((event, j) => ({ i, n: j + 1, ...event }))));
  const { rows } = await q.query<AppendManyRow>({ name: APPEND_MANY_STATEMENT, text: APPEND_MANY_SQL, values: [streams, events, allOrNothing] });
  const rowsOf = requests.map((): AppendManyRow[] => []);
  for (const row of rows) rowsOf[row.i].push(row);
  return rowsOf;
}

/** Several distinct streams in one statement, each appended and answered as appendAlone would (the batcher's group commit). */
async function appendTogether(q: Queryable, requests: readonly AppendRequest[]): Promise<PromiseSettledResult<AppendResult>[]> {
  const rowsOf = await appendManyRows(q, requests, false);
  return requests.map((r, i): PromiseSettledResult<AppendResult> => {
    try {
      return { status: 'fulfilled', value: interpretAppend(r.streamId, r.events, r.expected, rowsOf[i]) };
    } catch (reason) {
      return { status: 'rejected', reason };
    }
  });
}

/**
 * Several distinct streams all or none, in ONE statement (one round trip, one transaction of its own or the caller's).
 * When a stream is refused nothing is inserted anywhere, and the first refused stream in the order given throws what
 * appendAlone would throw for it (WrongExpectedRevisionError, or an id stored in another stream). A unique violation
 * (a lost race, nothing inserted) is left to the caller's retry.
 */
async function appendAllOrNothing(q: Queryable, requests: readonly AppendRequest[]): Promise<AppendResult[]> {
  const rowsOf = await appendManyRows(q, requests, true);
  const refused = rowsOf.findIndex((rows) => rows.some((row) => row.source === 'head' && row.verdict === 'refused'));
  if (refused >= 0) {
    const { streamId, events, expected } = requests[refused];
    interpretAppend(streamId, events, expected, rowsOf[refused]); // throws the stream's own refusal
    throw new Error(`appendToStreams: ${streamId} refused, but its rows show no conflict`);
  }
  return requests.map((r, i) => interpretAppend(r.streamId, r.events, r.expected, rowsOf[i]));
}

/** One event id in two streams of one call can never be stored; say so before asking the database. */
function assertDistinctEventIds(requests: readonly AppendRequest[]): void {
  const streamOf = new Map<string, string>();
  for (const { streamId, events } of requests) {
    for (const event of events) {
      const id = event.metadata.eventId.toLowerCase();
      const other = streamOf.get(id);
      if (other !== undefined) throw new Error(`appendToStreams: event id ${event.metadata.eventId} in both ${other} and ${streamId}`);
      streamOf.set(id, streamId);
    }
  }
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
  const toRead = recordedEventWith(options?.upcaster ?? currentVersions);
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
      assertDistinctEventIds(requests);
      // one statement: inside the caller's transaction (whose commit it joins), or on a pool as its own transaction
      if (!isPool(q)) return appendAllOrNothing(q, requests);
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await appendAllOrNothing(q, requests);
        } catch (error) {
          // a writer elsewhere won a race on one of the streams, and the statement inserted nothing: run it again
          if (!isUniqueViolation(error) || attempt >= APPEND_ATTEMPTS) throw error;
        }
      }
    },

    async readStream(streamId, options) {
      const { rows } = await q.query<EventRow>(READ_STREAM_SQL, [streamId, options?.fromRevision ?? 0]);
      return rows.map(toRead);
    },

    async readAll({ after, limit }) {
      const from = after ?? { commit: 0n, prepare: 0n };
      const { rows } = await q.query<EventRow>(READ_ALL_SQL, [from.commit.toString(), from.prepare.toString(), limit]);
      return rows.map(toRead);
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
      // an append's answer is read like the log: a writer replaying an older version gets it at today's
      return currentVersions.upcast({
        streamId, revision, position: toPosition(row), recordedAt: toIsoTime(row.recorded_at),
        type: event.type, data: event.data ?? null, metadata: event.metadata,
        ...(row.chain_hash ? { chainHash: row.chain_hash } : {}),
      });
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
