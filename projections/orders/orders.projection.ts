/**
 * The orders read model (my orders tabs and search, order detail, the demo merchant's queue, order notices). Order
 * events are folded through the order machine onto the snapshot kept in each row; a batch loads the snapshots of
 * the orders it touches with one query and writes them back with one upsert, so a rebuild costs a few statements per
 * thousand events. Tables: orders.schema.ts.
 */
import type pg from 'pg';
import { collageEventTypes } from '../../domain/group-buy/collage.events';
import { NOTICE_PUBLISHED, NoticePublished } from '../../domain/notice/notice.events';
import { orderDecider, type OrderState } from '../../domain/order/order.decider';
import { orderEventTypes, type OrderEvent } from '../../domain/order/order.events';
import { streamCategory, type RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';
import { columnNames, jsonRowChunks, jsonRowValues, type Columns } from '../set-based';
import { applyCollageEvents } from './order-collages.apply';
import { orderNoticeFor, type OrderNotice } from './order-notices';
import { orderRowOf, restoreSnapshot, type OrderRow, type PersistedOrderSnapshot } from './order-row';
import { ORDERS_TABLES, migrateOrders, ordersBulkIndexes } from './orders.schema';

const ORDER_TYPES: ReadonlySet<string> = new Set(orderEventTypes);
const COLLAGE_TYPES: ReadonlySet<string> = new Set(collageEventTypes);

const orderIdOf = (streamId: string): number => Number(streamId.slice(streamId.lastIndexOf('-') + 1));

/** `orders` columns with their SQL types, in table order: the upsert's list and the place of each value in a row. */
const COLUMNS: Columns = [
  ['order_id', 'bigint'], ['user_id', 'bigint'], ['order_formid', 'text'], ['shop_id', 'bigint'], ['state', 'smallint'],
  ['payment_state', 'smallint'], ['payment_mode', 'smallint'], ['payment_id', 'text'], ['transaction_id', 'text'],
  ['paid_amount', 'bigint'], ['order_price', 'bigint'], ['logistics_price', 'bigint'], ['discount_price', 'bigint'],
  ['price', 'bigint'], ['receive_name', 'text'], ['receive_phone', 'text'], ['receive_adress', 'text'], ['address', 'text'],
  ['remark', 'text'], ['platform_coupon_id', 'bigint'], ['shop_coupon_id', 'bigint'], ['shop_group_work_id', 'bigint'],
  ['shop_seckill_id', 'bigint'], ['shop_discount_id', 'bigint'], ['collage_id', 'bigint'], ['express', 'text'],
  ['express_name', 'text'], ['deliver_formid', 'text'], ['if_after', 'smallint'], ['if_not_comment', 'smallint'],
  ['after_state', 'smallint'], ['after_sale_open', 'boolean'], ['cancel_reason', 'text'], ['refund_amount', 'bigint'],
  ['placed_at', 'timestamptz'], ['payment_deadline', 'timestamptz'], ['paid_at', 'timestamptz'],
  ['group_succeeded_at', 'timestamptz'], ['awaiting_shipment_since', 'timestamptz'], ['shipped_at', 'timestamptz'],
  ['received_at', 'timestamptz'], ['after_sale_until', 'timestamptz'], ['closed_at', 'timestamptz'], ['deleted_at', 'timestamptz'], ['time_due_at', 'timestamptz'],
  ['time_frozen_ms', 'bigint'], ['lines', 'jsonb'], ['search_text', 'text'], ['snapshot', 'jsonb'], ['updated_at', 'timestamptz'],
];

/** The rows as JSON arrays in COLUMNS order (jsonRowChunks): as objects, the upsert took 6.9 s of a 25k-order rebuild, then 5.5. */
const UPSERT_ORDERS = (s: string) => `
  insert into ${s}.orders (${columnNames(COLUMNS)})
  select ${jsonRowValues(COLUMNS)} from jsonb_array_elements($1::jsonb) as r
  on conflict (order_id) do update set
    ${COLUMNS.filter(([n]) => n !== 'order_id').map(([n]) => `${n} = excluded.${n}`).join(', ')}`;

const NOTICE_COLUMNS: Columns = [
  ['notice_id', 'bigint'], ['order_id', 'bigint'], ['user_id', 'bigint'], ['kind', 'text'], ['title', 'text'],
  ['content', 'text'], ['occurred_at', 'timestamptz'], ['cause_event_id', 'text'],
];
const INSERT_NOTICES = (s: string) => `
  insert into ${s}.order_notices (${columnNames(NOTICE_COLUMNS)})
  select ${jsonRowValues(NOTICE_COLUMNS)} from jsonb_array_elements($1::jsonb) as r
  on conflict (notice_id) do nothing`;

async function applyOrderEvents(tx: pg.PoolClient, s: string, events: readonly RecordedEvent[]): Promise<void> {
  const ids = [...new Set(events.map((e) => orderIdOf(e.streamId)))];
  const { rows } = await tx.query<{ order_id: string; snapshot: PersistedOrderSnapshot }>(
    `select order_id, snapshot from ${s}.orders where order_id = any($1::bigint[])`, [ids]);
  const snapshots = new Map<number, OrderState>(rows.map((r) => [Number(r.order_id), restoreSnapshot(r.snapshot)]));
  const updatedAt = new Map<number, string>();
  const notices: OrderNotice[] = [];
  for (const event of events) {
    const id = orderIdOf(event.streamId);
    const domainEvent = { type: event.type, data: event.data } as OrderEvent;
    const next = orderDecider.evolve(snapshots.get(id) ?? orderDecider.initialState, domainEvent);
    snapshots.set(id, next);
    updatedAt.set(id, event.metadata.occurredAt);
    const notice = orderNoticeFor(domainEvent, next.context, event.metadata.occurredAt, event.metadata.eventId);
    if (notice) notices.push(notice);
  }
  const written: OrderRow[] = [];
  for (const [id, at] of updatedAt) {
    const row = orderRowOf(snapshots.get(id) ?? orderDecider.initialState, at);
    if (row) written.push(row);
  }
  // in statements of a few MB (STATEMENT_JSON_CHARS): each order once in the batch, so they commute
  for (const rows of jsonRowChunks(written, COLUMNS)) await tx.query(UPSERT_ORDERS(s), [rows]);
  for (const rows of jsonRowChunks(notices, NOTICE_COLUMNS)) await tx.query(INSERT_NOTICES(s), [rows]);
}

async function applyBatch(tx: pg.PoolClient, events: readonly RecordedEvent[], s: string): Promise<void> {
  const orderEvents = events.filter((e) => ORDER_TYPES.has(e.type) && streamCategory(e.streamId) === 'order');
  if (orderEvents.length > 0) await applyOrderEvents(tx, s, orderEvents);
  // collages have their own table: their events commute with the orders'
  await applyCollageEvents(tx, s, events.filter((e) => COLLAGE_TYPES.has(e.type) && streamCategory(e.streamId) === 'collage'));
  // after this batch's notices were inserted: a notice published in the same batch finds its row
  const published = events.filter((e) => e.type === NOTICE_PUBLISHED).map((e) => NoticePublished.parse(e.data).noticeId);
  if (published.length > 0) {
    await tx.query(`update ${s}.order_notices set published = true where notice_id = any($1::bigint[]) and not published`, [published]);
  }
}

/**
 * A fill's batch (Projection.fillBatchSize): an order's row is loaded, folded and rewritten once per batch its events
 * fall in, and a busy log spreads an order's life (placed, paid, shipped, received, reviewed) over tens of thousands
 * of events (the bench's 25k orders: median 27k). Rows written by a rebuild of that log: 90k in batches of 5,000,
 * 61k in batches of 20,000 (orders are ~300 bytes an event: 6 MB a batch).
 */
const ORDERS_FILL_BATCH = 20_000;

export const ordersProjection: Projection = {
  name: 'orders',
  // 3: after_sale_until (issue 29)
  version: 3,
  handles: [...orderEventTypes, ...collageEventTypes, NOTICE_PUBLISHED],
  tables: ORDERS_TABLES,
  migrate: migrateOrders,
  bulkIndexes: ordersBulkIndexes,
  fillBatchSize: ORDERS_FILL_BATCH,
  apply: (tx, event, s) => applyBatch(tx, [event], s),
  applyBatch,
};
