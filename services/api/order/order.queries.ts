/**
 * Reads of the orders read model (projections/orders) with the shop's public facts from the catalogue (`shops`):
 * my orders per tab and search, one order for its detail, a shipped parcel for the tracking lookup.
 */
import type { Queryable } from '../../db/database';
import type { OrderLineRow } from '../../../projections/orders/order-row';

export interface OrderRecord {
  order_id: string; user_id: string; order_formid: string; shop_id: string;
  state: number; payment_state: number; payment_mode: number; transaction_id: string | null; paid_amount: string;
  order_price: string; logistics_price: string; discount_price: string; price: string;
  receive_name: string; receive_phone: string; receive_adress: string; address: string; remark: string;
  shop_group_work_id: string | null; shop_seckill_id: string | null; shop_discount_id: string | null; collage_id: string;
  express: string | null; express_name: string | null; deliver_formid: string | null;
  if_after: number; if_not_comment: number; after_state: number | null; cancel_reason: string | null;
  placed_at: Date | string; paid_at: Date | string | null; shipped_at: Date | string | null;
  received_at: Date | string | null; closed_at: Date | string | null;
  /** a completed order's end of after-sales (null before receipt) */
  after_sale_until: Date | string | null;
  time_due_at: Date | string | null; time_frozen_ms: string | null;
  lines: OrderLineRow[];
  shop_name: string | null; shop_logo: string | null; shop_phone: string | null; charge_person_phone: string | null;
  shop_city: string | null; collage_state: number | null;
}

const SELECT = `
  select o.order_id, o.user_id, o.order_formid, o.shop_id, o.state, o.payment_state, o.payment_mode, o.transaction_id,
         o.paid_amount, o.order_price, o.logistics_price, o.discount_price, o.price, o.receive_name, o.receive_phone,
         o.receive_adress, o.address, o.remark, o.shop_group_work_id, o.shop_seckill_id, o.shop_discount_id, o.collage_id,
         o.express, o.express_name, o.deliver_formid, o.if_after, o.if_not_comment, o.after_state, o.cancel_reason,
         o.placed_at, o.paid_at, o.shipped_at, o.received_at, o.after_sale_until, o.closed_at, o.time_due_at, o.time_frozen_ms, o.lines,
         s.shop_name, s.shop_logo, s.shop_phone, s.charge_person_phone, s.city as shop_city, c.state as collage_state
    from orders o
    left join shops s on s.shop_id = o.shop_id
    left join order_collages c on c.collage_id = o.collage_id`;

export interface OrderListQuery {
  /** 1..6; absent = every order (the 全部 tab) */
  state?: number;
  /** product name or order number, any part of it */
  search: string;
  page: number;
  pageSize: number;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Spec §4 tab filter: the 待评价 tab (4) keeps only orders with ifNotComment = 1; deleted orders never show. */
export async function listOrders(db: Queryable, userId: number, q: OrderListQuery): Promise<{ rows: OrderRecord[]; total: number }> {
  const search = q.search.trim().toLowerCase();
  const where = `o.user_id = $1 and o.deleted_at is null
    and ($2::smallint is null or o.state = $2)
    and ($2::smallint is distinct from 4 or o.if_not_comment = 1)
    and ($3::text is null or o.search_text like $3)`;
  const params = [userId, q.state ?? null, search ? `%${escapeLike(search)}%` : null];
  const [list, count] = await Promise.all([
    db.query<OrderRecord>(`${SELECT} where ${where} order by o.updated_at desc, o.order_id desc limit $4 offset $5`,
      [...params, q.pageSize, (q.page - 1) * q.pageSize]),
    db.query<{ total: number }>(`select count(*)::int as total from orders o where ${where}`, params),
  ]);
  return { rows: list.rows, total: count.rows[0]?.total ?? 0 };
}

/** The shopper's order, not deleted; null for anyone else's (the caller answers 订单不存在 either way). */
export async function findOwnOrder(db: Queryable, userId: number, orderId: number): Promise<OrderRecord | null> {
  const { rows } = await db.query<OrderRecord>(`${SELECT} where o.order_id = $1 and o.user_id = $2 and o.deleted_at is null`,
    [orderId, userId]);
  return rows[0] ?? null;
}

export interface ShippedParcel { shipped_at: Date | string; receive_adress: string; shop_city: string | null }

/** One of the shopper's shipped orders by its express company (dict id or code) and waybill. */
export async function findShippedParcel(
  db: Queryable, userId: number, expressKeys: readonly string[], deliverFormid: string,
): Promise<ShippedParcel | null> {
  const { rows } = await db.query<ShippedParcel>(
    `select o.shipped_at, o.receive_adress, s.city as shop_city
       from orders o left join shops s on s.shop_id = o.shop_id
      where o.deliver_formid = $1 and o.user_id = $2 and o.express = any($3::text[]) and o.shipped_at is not null
      order by o.shipped_at desc limit 1`,
    [deliverFormid, userId, [...expressKeys]]);
  return rows[0] ?? null;
}
