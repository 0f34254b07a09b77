/**
 * Emmett 0.42 (`@event-driven-io/emmett-postgresql`) driven the way its documentation shows, for the comparison:
 * `getPostgreSQLEventStore(url).appendToStream`, `readMessagesBatch` over the global log, and a consumer with a
 * raw-SQL projector doing the bench projection's per-event upsert. Its tables are filled set-based through its
 * own layout (emt_messages + emt_streams), with the same events as ours.
 */
import { dumbo, sql, type Dumbo } from '@event-driven-io/dumbo';
import type { Event, ReadEvent, ReadEventMetadataWithGlobalPosition } from '@event-driven-io/emmett';
import {
  getPostgreSQLEventStore, postgreSQLRawSQLProjection, readMessagesBatch, type PostgresEventStore,
} from '@event-driven-io/emmett-postgresql';
import type { Queryable } from '../../services/db/database';
import {
  BENCH_CATEGORY, BENCH_EVENT, benchEvent, benchStream, DATA_SQL, EVENTS_PER_ORDER, FILL_CHUNK, METADATA_SQL,
  type BenchItemAdded,
} from './bench-events';
import { now, perSecond, summarise } from './stats';
import type { ReadResult } from './global-read.bench';

export type EmmettItem = Event<typeof BENCH_EVENT, BenchItemAdded, Record<string, unknown>>;
type EmmettReadItem = ReadEvent<EmmettItem, ReadEventMetadataWithGlobalPosition>;

export interface Emmett { store: PostgresEventStore; pool: Dumbo; close(): Promise<void> }

export async function openEmmett(url: string): Promise<Emmett> {
  const store = getPostgreSQLEventStore(url);
  await store.schema.migrate();
  const pool = dumbo({ connectionString: url });
  return {
    store, pool,
    async close() {
      await pool.close();
      await store.close();
    },
  };
}

/** One event per append, each worker on its own orders with the expected stream version (Emmett counts from 1). */
export function emmettAppendOperation(store: PostgresEventStore, block: number, seed: string) {
  return async (worker: number, nth: number): Promise<void> => {
    const orderId = 200_000_000 + block * 10_000_000 + worker * 100_000 + Math.floor(nth / EVENTS_PER_ORDER);
    const revision = nth % EVENTS_PER_ORDER;
    const event = benchEvent(`${seed}-emmett-${block}`, orderId * EVENTS_PER_ORDER + revision);
    await store.appendToStream<EmmettItem>(benchStream(orderId), [{ type: event.type, data: event.data, metadata: { ...event.metadata } }],
      { expectedStreamVersion: BigInt(revision) });
  };
}

const FILL_MESSAGES_SQL = `
insert into emt_messages (stream_position, transaction_id, stream_id, message_schema_version, message_id, message_type,
  message_data, message_metadata)
select g % ${EVENTS_PER_ORDER} + 1, pg_current_xact_id(), '${BENCH_CATEGORY}-' || (g / ${EVENTS_PER_ORDER}), '1',
  md5($3 || ':' || g)::uuid::text, '${BENCH_EVENT}', ${DATA_SQL},
  ${METADATA_SQL} || jsonb_build_object('messageId', md5($3 || ':' || g)::uuid::text)
from generate_series($1::bigint, $2::bigint) as g`;

const FILL_STREAMS_SQL = `
insert into emt_streams (stream_id, stream_position, stream_type, stream_metadata)
select '${BENCH_CATEGORY}-' || o, ${EVENTS_PER_ORDER}, '${BENCH_CATEGORY}', '{}'::jsonb
from generate_series($1::bigint / ${EVENTS_PER_ORDER}, $2::bigint / ${EVENTS_PER_ORDER}) as o
on conflict do nothing`;

/** Events `from`..`to - 1` into Emmett's tables, 10,000 per transaction (whole orders: chunks are multiples of 10). */
export async function fillEmmett(q: Queryable, seed: string, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += FILL_CHUNK) {
    const end = Math.min(to, start + FILL_CHUNK) - 1;
    await q.query(`with m as (${FILL_MESSAGES_SQL} returning 1), s as (${FILL_STREAMS_SQL} returning 1)
      select (select count(*) from m)::int as messages, (select count(*) from s)::int as streams`, [start, end, seed]);
  }
}

/** Emmett's global log in batches of 1000, until the end or `budgetMs` (its batches cost grows with the table). */
export async function emmettReadLog(pool: Dumbo, budgetMs: number): Promise<ReadResult> {
  const batches: number[] = [];
  let after = 0n;
  let events = 0;
  const started = now();
  for (;;) {
    const t0 = now();
    const result = await readMessagesBatch(pool.execute, { after, batchSize: 1000 });
    batches.push(now() - t0);
    events += result.messages.length;
    if (!result.areMessagesLeft || now() - started > budgetMs) break;
    after = result.currentGlobalPosition;
  }
  const ms = now() - started;
  return { events, ms, rate: perSecond(events, ms), batch: summarise(batches) };
}

const UPSERT_LINE = (table: string) => `
insert into ${table} as t (order_id, user_id, lines, total_fen, last_revision) values (%L, %s, 1, %s, %s)
on conflict (order_id) do update
set lines = t.lines + 1, total_fen = t.total_fen + excluded.total_fen, last_revision = excluded.last_revision`;

/**
 * An Emmett consumer with one raw-SQL projector (the bench projection's per-event upsert into `table`, which the
 * caller created) from the start of the log; stops when no messages are left or after `budgetMs`. Timed to the
 * last event handed to the projector (its batch commits just after).
 */
export async function emmettCatchUp(
  store: PostgresEventStore, table: string, batchSize: number, budgetMs: number,
): Promise<{ events: number; ms: number; complete: boolean }> {
  let processed = 0;
  let lastAppliedAt = 0;
  const consumer = store.consumer({ stopWhen: { noMessagesLeft: true }, pulling: { batchSize } });
  consumer.projector<EmmettItem>({
    projection: postgreSQLRawSQLProjection<EmmettItem>({
      name: table,
      canHandle: [BENCH_EVENT],
      evolve: (event) => {
        processed += 1;
        lastAppliedAt = now();
        const { metadata } = event as EmmettReadItem;
        return sql(UPSERT_LINE(table), metadata.streamName, event.data.userId, event.data.quantity * event.data.priceFen,
          Number(metadata.streamPosition) - 1);
      },
    }),
  });
  const started = now();
  let timer: NodeJS.Timeout | undefined;
  const complete = await Promise.race([
    consumer.start().then(() => true),
    new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(false), budgetMs); }),
  ]);
  clearTimeout(timer);
  if (!complete) await consumer.stop();
  // up to the last event handed to the projector: the consumer's idle polls after it are not catch-up time
  return { events: processed, ms: (processed > 0 ? lastAppliedAt : now()) - started, complete };
}
