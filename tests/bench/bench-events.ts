/**
 * The bench's events: an order line added (`BenchItemAdded`) on streams `benchorder-<orderId>`, ten per order,
 * with order-sized payloads and full metadata. The same rows can be made one by one (appends), or set-based in
 * SQL (fills of 10k..1M events) into our `events` table or the raw baseline table, so both hold equal data.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../services/db/database';
import type { NewEvent } from '../../services/event-store/event-store.port';

export const BENCH_EVENT = 'BenchItemAdded';
export const BENCH_CATEGORY = 'benchorder';
export const EVENTS_PER_ORDER = 10;

export const BenchItemAdded = z.object({
  orderId: z.number().int().nonnegative(),
  userId: z.number().int().positive(),
  skuId: z.number().int().positive(),
  quantity: z.number().int().positive(),
  priceFen: z.number().int().nonnegative(),
  note: z.string(),
});
export type BenchItemAdded = z.infer<typeof BenchItemAdded>;

export const benchStream = (orderId: number): string => `${BENCH_CATEGORY}-${orderId}`;

/** Deterministic uuid for event number `n` of a run (`seed`): the same in JS and in SQL (md5 of the text). */
export function benchEventId(seed: string, n: number): string {
  const hex = createHash('md5').update(`${seed}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Event number `n`: order n / 10, line n % 10. */
export function benchItem(n: number): BenchItemAdded {
  const orderId = Math.floor(n / EVENTS_PER_ORDER);
  return {
    orderId, userId: 1000 + (orderId % 5000), skuId: 10000 + (n % 997), quantity: 1 + (n % 3),
    priceFen: 990 + (n % 50) * 100, note: '集市 bench 订单商品',
  };
}

export function benchEvent(seed: string, n: number): NewEvent<typeof BENCH_EVENT, BenchItemAdded> {
  const data = benchItem(n);
  return {
    type: BENCH_EVENT,
    data,
    metadata: {
      eventId: benchEventId(seed, n),
      commandId: `cmd-${seed}-${n}`,
      correlationId: `corr-${seed}-${data.orderId}`,
      actor: { kind: 'user', id: String(data.userId) },
      occurredAt: new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString(),
      schemaVersion: 1,
    },
  };
}

/** The raw baseline: the same columns and index shape as `events` (bigserial key, unique (stream, revision), unique event id). */
export const RAW_TABLE_SQL = `
create table if not exists raw_events (
  id bigserial primary key,
  stream_id text not null,
  stream_revision bigint not null,
  event_id uuid not null unique,
  type text not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_revision)
)`;

export const RAW_INSERT_SQL = `insert into raw_events (stream_id, stream_revision, event_id, type, data, metadata)
  values ($1, $2, $3, $4, $5, $6)`;

/** Parameters of RAW_INSERT_SQL for one event. */
export const rawInsertParams = (streamId: string, revision: number, event: NewEvent): unknown[] =>
  [streamId, revision, event.metadata.eventId, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata)];

/** The data of event number `g` (a SQL expression over g), as benchItem makes it. */
export const DATA_SQL = `jsonb_build_object('orderId', g / ${EVENTS_PER_ORDER}, 'userId', 1000 + (g / ${EVENTS_PER_ORDER}) % 5000,
    'skuId', 10000 + g % 997, 'quantity', 1 + g % 3, 'priceFen', 990 + (g % 50) * 100, 'note', '集市 bench 订单商品')`;

/** The metadata of event number `g` of run $3, as benchEvent makes it (the timestamps differ only in format). */
export const METADATA_SQL = `jsonb_build_object('eventId', md5($3 || ':' || g)::uuid, 'commandId', 'cmd-' || $3 || '-' || g,
    'correlationId', 'corr-' || $3 || '-' || (g / ${EVENTS_PER_ORDER}),
    'actor', jsonb_build_object('kind', 'user', 'id', (1000 + (g / ${EVENTS_PER_ORDER}) % 5000)::text),
    'occurredAt', to_char(timestamp '2025-01-01 00:00:00' + g * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'schemaVersion', 1)`;

/** Events n in [$1, $2] of run $3, set-based, in `table` (events or raw_events: both take these columns). */
const fillSql = (table: string) => `
insert into ${table} (stream_id, stream_revision, event_id, type, data, metadata)
select '${BENCH_CATEGORY}-' || (g / ${EVENTS_PER_ORDER}), g % ${EVENTS_PER_ORDER}, md5($3 || ':' || g)::uuid, '${BENCH_EVENT}',
  ${DATA_SQL}, ${METADATA_SQL}
from generate_series($1::bigint, $2::bigint) as g`;

/** Rows per fill statement: each chunk is its own transaction, as appends would be (distinct transaction ids). */
export const FILL_CHUNK = 10_000;

/** Adds events number `from`..`to - 1` to `table`, chunk by chunk; returns the milliseconds it took. */
export async function fillEvents(q: Queryable, table: 'events' | 'raw_events', seed: string, from: number, to: number): Promise<number> {
  const started = performance.now();
  for (let start = from; start < to; start += FILL_CHUNK) {
    const end = Math.min(to, start + FILL_CHUNK) - 1;
    await q.query(fillSql(table), [start, end, seed]);
  }
  return performance.now() - started;
}

/** The order totals every correct bench read model must hold after applying events 0..count-1 (from the log itself). */
export async function expectedTotals(q: Queryable, streamPrefix = `${BENCH_CATEGORY}-`): Promise<{ orders: number; totalFen: number }> {
  const { rows } = await q.query<{ orders: number; total: string }>(
    `select count(distinct stream_id)::int as orders,
       coalesce(sum((data->>'quantity')::bigint * (data->>'priceFen')::bigint), 0)::text as total
     from events where type = $1 and stream_id like $2`, [BENCH_EVENT, `${streamPrefix}%`]);
  return { orders: Number(rows[0].orders), totalFen: Number(rows[0].total) };
}
