/**
 * The bench's read model: order totals per `benchorder-*` stream (lines, total in fen, last revision), built from
 * BenchItemAdded. Two forms of the same projection: row by row (`apply`, one upsert per event, what most read
 * models do) and set-based (`applyBatch`, one grouped upsert per batch). `checkTotals` proves a run built the
 * right thing, so a fast wrong projection cannot pass as a fast one.
 */
import type pg from 'pg';
import type { Queryable } from '../../services/db/database';
import type { EventStore, RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../../projections/runner/projection';
import type { ProjectionsHandle } from '../../projections/runner/start-projections';
import { BENCH_EVENT, BenchItemAdded, expectedTotals } from './bench-events';

export const ordersTable = (name: string): string => `${name}_orders`;

/** Per-event upsert: $1 order (stream id), $2 user, $3 line amount, $4 revision. */
export const upsertLineSql = (qualifiedTable: string): string => `
insert into ${qualifiedTable} as t (order_id, user_id, lines, total_fen, last_revision)
values ($1, $2, 1, $3, $4)
on conflict (order_id) do update
set lines = t.lines + 1, total_fen = t.total_fen + excluded.total_fen, last_revision = excluded.last_revision`;

/** Set-based upsert of a batch: $1..$4 arrays of order, user, line amount, revision. */
export const upsertBatchSql = (qualifiedTable: string): string => `
insert into ${qualifiedTable} as t (order_id, user_id, lines, total_fen, last_revision)
select order_id, max(user_id), count(*), sum(amount), max(revision)
from unnest($1::text[], $2::bigint[], $3::bigint[], $4::integer[]) as e(order_id, user_id, amount, revision)
group by order_id
on conflict (order_id) do update
set lines = t.lines + excluded.lines, total_fen = t.total_fen + excluded.total_fen,
    last_revision = greatest(t.last_revision, excluded.last_revision)`;

export const createOrdersSql = (qualifiedTable: string): string => `
create table ${qualifiedTable} (
  order_id text primary key,
  user_id bigint not null,
  lines integer not null,
  total_fen bigint not null,
  last_revision integer not null
)`;

export interface LineRow { orderId: string; userId: number; amount: number; revision: number }

export function lineOf(event: RecordedEvent): LineRow {
  const item = BenchItemAdded.parse(event.data);
  return { orderId: event.streamId, userId: item.userId, amount: item.quantity * item.priceFen, revision: event.revision };
}

export const batchParams = (lines: readonly LineRow[]): unknown[] => [
  lines.map((l) => l.orderId), lines.map((l) => l.userId), lines.map((l) => l.amount), lines.map((l) => l.revision),
];

export function benchProjection(name: string, form: 'row' | 'batch'): Projection {
  const table = ordersTable(name);
  const projection: Projection = {
    name,
    version: 1,
    handles: [BENCH_EVENT],
    tables: [table],
    async migrate(tx: pg.PoolClient, schema: string) {
      await tx.query(createOrdersSql(`${schema}.${table}`));
    },
    async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
      const line = lineOf(event);
      await tx.query(upsertLineSql(`${schema}.${table}`), [line.orderId, line.userId, line.amount, line.revision]);
    },
  };
  if (form === 'row') return projection;
  return {
    ...projection,
    async applyBatch(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string) {
      await tx.query(upsertBatchSql(`${schema}.${table}`), batchParams(events.map(lineOf)));
    },
  };
}

/** Compares a built orders table with the totals derived from the log; returns a one-line finding. */
export async function checkTotals(q: Queryable, qualifiedTable: string): Promise<{ ok: boolean; line: string }> {
  const expected = await expectedTotals(q);
  const { rows } = await q.query<{ orders: number; total: string | null }>(
    `select count(*)::int as orders, sum(total_fen)::text as total from ${qualifiedTable}`);
  const orders = Number(rows[0].orders);
  const total = Number(rows[0].total ?? 0);
  const ok = orders === expected.orders && total === expected.totalFen;
  return { ok, line: `${qualifiedTable}: ${orders} orders, ${total} fen (log says ${expected.orders} / ${expected.totalFen}) ${ok ? 'match' : 'DO NOT MATCH'}` };
}

/** The newest event in commit-safe log order, as recorded (what waitFor needs to know the whole log is applied). */
export async function lastLogEvent(q: Queryable, store: EventStore): Promise<RecordedEvent> {
  const { rows } = await q.query<{ stream_id: string; stream_revision: string }>(
    'select stream_id, stream_revision::text from events order by transaction_id desc, global_position desc limit 1');
  if (rows.length === 0) throw new Error('the log is empty');
  const events = await store.readStream(rows[0].stream_id, { fromRevision: Number(rows[0].stream_revision) });
  return events[0];
}

/** waitFor with a long bound: the bench waits for a whole catch-up, not for one command. */
export async function waitApplied(handle: ProjectionsHandle, events: readonly RecordedEvent[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await handle.waitFor(events, { timeoutMs: Math.min(30_000, deadline - Date.now()) })) return;
  }
  throw new Error(`projections did not reach ${events.map((e) => `${e.streamId}@${e.revision}`).join(', ')} within ${timeoutMs} ms`);
}
