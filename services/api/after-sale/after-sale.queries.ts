/** Reads of the after-sales read model (projections/after-sales), joined with the order's lines and the shop. */
import type { Queryable } from '../../db/database';
import type { OrderLineRow } from '../../../projections/orders/order-row';
import type { HistoryEntry } from '../../../projections/after-sales/after-sale-row';
import type { AfterSaleLine, ReturnAddress } from '../../../domain/after-sale/after-sale.events';

export interface AfterSaleRecord {
  after_id: string; after_formid: string; order_id: string; order_formid: string; shop_id: string;
  after_type: number; goods_state: number; after_state: number; price_fen: string; return_reason: string; explain: string;
  images: string[]; lines: AfterSaleLine[]; reason: string; return_address: ReturnAddress | null;
  return_express: string | null; return_deliver_formid: string | null; auto_close_at: Date | string | null;
  history: HistoryEntry[]; created_at: Date | string;
  shop_name: string | null; shop_logo: string | null; shop_phone: string | null;
  order_lines: OrderLineRow[] | null; order_state: number | null; payment_mode: number | null;
  paid_at: Date | string | null; received_at: Date | string | null; transaction_id: string | null;
}

const SELECT = `
  select a.after_id, a.after_formid, a.order_id, a.order_formid, a.shop_id, a.after_type, a.goods_state, a.after_state,
         a.price_fen, a.return_reason, a.explain, a.images, a.lines, a.reason, a.return_address, a.return_express,
         a.return_deliver_formid, a.auto_close_at, a.history, a.created_at,
         s.shop_name, s.shop_logo, s.shop_phone,
         o.lines as order_lines, o.state as order_state, o.payment_mode, o.paid_at, o.received_at, o.transaction_id
    from after_sales a
    left join shops s on s.shop_id = a.shop_id
    left join orders o on o.order_id = a.order_id`;

export async function listAfterSales(
  db: Queryable, userId: number, q: { state: number; page: number; pageSize: number },
): Promise<{ rows: AfterSaleRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<AfterSaleRecord>(`${SELECT} where a.user_id = $1 and a.tab = $2
      order by a.created_at desc, a.after_id desc limit $3 offset $4`, [userId, q.state, q.pageSize, (q.page - 1) * q.pageSize]),
    db.query<{ total: number }>('select count(*)::int as total from after_sales where user_id = $1 and tab = $2', [userId, q.state]),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}

/** The shopper's own after-sale, or null (someone else's is as missing as one never made). */
export async function findOwnAfterSale(db: Queryable, userId: number, afterId: number): Promise<AfterSaleRecord | null> {
  const { rows } = await db.query<AfterSaleRecord>(`${SELECT} where a.after_id = $1 and a.user_id = $2`, [afterId, userId]);
  return rows[0] ?? null;
}
