/**
 * Stock hoarding (issue 13): a shopper may hold only so many unpaid orders (state 1 待付款), and only so many unpaid
 * units of one SKU across them, so one account cannot block a SKU's whole stock for the payment window. Counted
 * from the orders read model, which the submit waits for before it answers (submit.service.ts), so a shopper's
 * next submit sees the orders the last one placed.
 */
import { fail } from '../../domain/shared/errors';
import type { PricedLine } from '../../domain/checkout/checkout-lines';
import { DEFAULT_UNPAID_ORDER_LIMITS, type UnpaidOrderLimits } from '../config';
import type { Queryable } from '../db/database';

/** 81007 when the orders this submit places would pass the unpaid-order cap; 81008 when a SKU's unpaid units would. */
export async function failWhenHoarding(
  db: Queryable, userId: number, lines: readonly PricedLine[], limits: UnpaidOrderLimits = DEFAULT_UNPAID_ORDER_LIMITS,
): Promise<void> {
  const placing = new Set(lines.map((l) => l.sku.shopId)).size; // one order per shop
  const asked = new Map<number, number>();
  for (const line of lines) asked.set(line.sku.skuId, (asked.get(line.sku.skuId) ?? 0) + line.request.number);
  const skuIds = [...asked.keys()];
  const [orders, units] = await Promise.all([
    db.query<{ unpaid: number }>(
      `select count(*)::int as unpaid from orders where user_id = $1 and state = 1 and deleted_at is null`, [userId]),
    db.query<{ sku_id: string; units: number }>(
      `select (l.line->>'skuId')::bigint as sku_id, sum((l.line->>'number')::int)::int as units
       from orders o cross join lateral jsonb_array_elements(o.lines) as l(line)
       where o.user_id = $1 and o.state = 1 and o.deleted_at is null and (l.line->>'skuId')::bigint = any($2::bigint[])
       group by 1`, [userId, skuIds]),
  ]);
  if (Number(orders.rows[0]?.unpaid ?? 0) + placing > limits.ordersPerUser) fail('unpaidOrdersLimit');
  for (const row of units.rows) {
    if (Number(row.units) + (asked.get(Number(row.sku_id)) ?? 0) > limits.unitsPerSkuPerUser) fail('unpaidUnitsLimit');
  }
  for (const [, number] of asked) if (number > limits.unitsPerSkuPerUser) fail('unpaidUnitsLimit');
}
