/**
 * Tables of the `orders` read model (published as views `public.<table>`). Money columns are integer fen, ids bigint.
 *
 * orders          one row per order (spec §3 Order): the placed facts (formid, shop, prices, receive snapshot, remark,
 *                 activity ids, collageId), payment (payment/transaction ids, paid amount and time), shipment (express
 *                 dict id and name, waybill, time), the API's derived fields from the domain's `orderView` (state,
 *                 paymentState, ifAfter, ifNotComment), the line list `lines` (jsonb, API-ready but in fen), the
 *                 countdown source (`time_due_at`, or `time_frozen_ms` while auto-confirm is paused: `time` is
 *                 computed when read, with the API clock), `after_sale_until` (a completed order's end of
 *                 after-sales, recorded at receipt: ifAfter is cut there when read, with the API clock), `search_text` (formid + product names, lower case) and the
 *                 order machine's snapshot (`{value, context}`) the next event is folded onto.
 * order_collages  group state (0 forming, 1 success, 2 failed), size, deadline, product, leader and member counts
 *                 per collage, from collage events (order screens and the forming groups of product detail).
 * order_notices   the shopper notices order events call for (paid, shipped, closed), with deterministic notice ids;
 *                 `published` turns true when the NoticePublished event comes back through the log. The notice
 *                 publisher (services/orders) appends the unpublished ones: nothing is lost across restarts.
 */
import type pg from 'pg';

export const ORDERS_TABLES = ['orders', 'order_collages', 'order_notices'] as const;

export async function migrateOrders(tx: pg.PoolClient, s: string): Promise<void> {
  await tx.query(`
    create table ${s}.orders (
      order_id bigint primary key,
      user_id bigint not null,
      order_formid text not null,
      shop_id bigint not null,
      state smallint not null,
      payment_state smallint not null,
      payment_mode smallint not null,
      payment_id text,
      transaction_id text,
      paid_amount bigint not null,
      order_price bigint not null,
      logistics_price bigint not null,
      discount_price bigint not null,
      price bigint not null,
      receive_name text not null,
      receive_phone text not null,
      receive_adress text not null,
      address text not null,
      remark text not null,
      platform_coupon_id bigint,
      shop_coupon_id bigint,
      shop_group_work_id bigint,
      shop_seckill_id bigint,
      shop_discount_id bigint,
      collage_id bigint not null,
      express text,
      express_name text,
      deliver_formid text,
      if_after smallint not null,
      if_not_comment smallint not null,
      after_state smallint,
      after_sale_open boolean not null,
      cancel_reason text,
      refund_amount bigint not null,
      placed_at timestamptz not null,
      payment_deadline timestamptz not null,
      paid_at timestamptz,
      group_succeeded_at timestamptz,
      awaiting_shipment_since timestamptz,
      shipped_at timestamptz,
      received_at timestamptz,
      after_sale_until timestamptz,
      closed_at timestamptz,
      deleted_at timestamptz,
      time_due_at timestamptz,
      time_frozen_ms bigint,
      lines jsonb not null,
      search_text text not null,
      snapshot jsonb not null,
      updated_at timestamptz not null
    ) with (toast_tuple_target = 8160);
    -- ^ a row is 1.5-3 kB (its machine snapshot and lines) and is rewritten on every event of the order: kept whole
    -- in the row rather than compressed and moved out to TOAST at each rewrite (rebuild of 25k orders: the upsert
    -- 8.1 -> 6.9 s). Only the projection reads the snapshot; screens reach orders by user and state indexes.
    -- the screens' indexes: ordersBulkIndexes

    create table ${s}.order_collages (
      collage_id bigint primary key,
      state smallint not null,
      size integer not null,
      product_id bigint not null,
      sku_id bigint not null,
      leader_user_id bigint not null,
      leader_head_image text not null,
      members integer not null,
      paid integer not null,
      opened_at timestamptz not null,
      deadline timestamptz not null,
      updated_at timestamptz not null
    );
    create index order_collages_forming on ${s}.order_collages (product_id, deadline) where state = 0;

    create table ${s}.order_notices (
      notice_id bigint primary key,
      order_id bigint not null,
      user_id bigint not null,
      kind text not null,
      title text not null,
      content text not null,
      occurred_at timestamptz not null,
      cause_event_id text not null,
      published boolean not null default false
    );
    create index order_notices_pending on ${s}.order_notices (occurred_at) where not published;
  `);
}

/**
 * What only the screens read (my orders by tab, the merchant's queue, a waybill lookup): the projection reaches rows
 * by order id alone. Every rewrite of an order (one per batch that touches it) would add an entry to each; a rebuilt
 * generation builds them once it holds the log (Projection.bulkIndexes): a rebuild before its gate, a first start once caught up.
 */
export const ordersBulkIndexes = (s: string): string[] => [
  `create index if not exists orders_user_list on ${s}.orders (user_id, updated_at desc, order_id desc) where deleted_at is null`,
  `create index if not exists orders_user_state on ${s}.orders (user_id, state, updated_at desc) where deleted_at is null`,
  `create index if not exists orders_awaiting_shipment on ${s}.orders (awaiting_shipment_since) where state = 2`,
  `create index if not exists orders_waybill on ${s}.orders (deliver_formid) where deliver_formid is not null`,
];
