/**
 * Stock hoarding (issue 13): a shopper may hold only so many unpaid orders (state 1 待付款), and only so many unpaid
 * units of one SKU across them, so one account cannot block a SKU's whole stock for the payment window. What the
 * shopper holds comes from the ShopperFacts port (shopper-facts.ts): the orders read model, which the submit waits
 * for before it answers (submit.service.ts), so a shopper's next submit sees the orders the last one placed; or,
 * while the read models lag the shopper's writes, the order streams (shopper-facts.streams.ts).
 *
 * This is the early, friendly refusal: nothing is recorded when it fails, and it counts orders placed before the
 * shopper's holdings stream existed. Submits racing each other all read the same holdings here, so the caps are
 * decided again, together, on the shopper's own stream `unpaid-holdings-<userId>` (issue 29): the checkout's first
 * reserving step (checkout-steps.ts, unpaid-holdings.decider.ts).
 */
import { DomainError, fail } from '../../domain/shared/errors';
import type { PricedLine } from '../../domain/checkout/checkout-lines';
import { unpaidHoldingsDecider, unpaidUnitsCapOf, type UnpaidLimits } from '../../domain/checkout/unpaid-holdings.decider';
import { unpaidHoldingsStream, type UnpaidHoldingsEvent } from '../../domain/checkout/unpaid-holdings.events';
import { fold } from '../../domain/shared/decider';
import { toDomainEvent } from '../commands/command-events';
import { DEFAULT_UNPAID_ORDER_LIMITS, type UnpaidOrderLimits } from '../config';
import type { Queryable } from '../db/database';
import { decideOn, type StepContext } from '../processes/process-step';
import { isAwaitingPayment, loadOrder } from './order-stream';
import type { ShopperFacts } from './shopper-facts';

/** What a shopper holds unpaid: the orders, and the units per SKU (only the SKUs asked about). */
export interface UnpaidHoldings {
  orders: number;
  unitsBySku: ReadonlyMap<number, number>;
}

export async function unpaidHoldingsInReadModel(db: Queryable, userId: number, skuIds: readonly number[]): Promise<UnpaidHoldings> {
  const [orders, units] = await Promise.all([
    db.query<{ unpaid: number }>(
      `select count(*)::int as unpaid from orders where user_id = $1 and state = 1 and deleted_at is null`, [userId]),
    db.query<{ sku_id: string; units: number }>(
      `select (l.line->>'skuId')::bigint as sku_id, sum((l.line->>'number')::int)::int as units
       from orders o cross join lateral jsonb_array_elements(o.lines) as l(line)
       where o.user_id = $1 and o.state = 1 and o.deleted_at is null and (l.line->>'skuId')::bigint = any($2::bigint[])
       group by 1`, [userId, skuIds]),
  ]);
  return {
    orders: Number(orders.rows[0]?.unpaid ?? 0),
    unitsBySku: new Map(units.rows.map((row) => [Number(row.sku_id), Number(row.units)])),
  };
}

/** The caps as the holdings stream decides them (default: services/config.ts). */
export const unpaidLimitsOf = (limits: UnpaidOrderLimits = DEFAULT_UNPAID_ORDER_LIMITS): UnpaidLimits => ({
  orders: limits.ordersPerUser, unitsPerSku: limits.unitsPerSkuPerUser, shareOfStockPercent: limits.shareOfStockPercent,
});

/**
 * 81007 when the orders this submit places would pass the unpaid-order cap; 81008 when a SKU's unpaid units would
 * pass its cap (the unit cap, or the shopper's share of a small listed stock: unpaidUnitsCapOf).
 */
export async function failWhenHoarding(
  shopper: ShopperFacts, userId: number, lines: readonly PricedLine[], limits: UnpaidOrderLimits = DEFAULT_UNPAID_ORDER_LIMITS,
): Promise<void> {
  const placing = new Set(lines.map((l) => l.sku.shopId)).size; // one order per shop
  const asked = new Map<number, number>();
  const listed = new Map<number, number>();
  for (const line of lines) {
    asked.set(line.sku.skuId, (asked.get(line.sku.skuId) ?? 0) + line.request.number);
    listed.set(line.sku.skuId, line.sku.listedStock);
  }
  const held = await shopper.unpaidHoldings(userId, [...asked.keys()]);
  if (held.orders + placing > limits.ordersPerUser) fail('unpaidOrdersLimit');
  const caps = unpaidLimitsOf(limits);
  for (const [skuId, number] of asked) {
    const cap = unpaidUnitsCapOf(caps, listed.get(skuId) ?? 0);
    if ((held.unitsBySku.get(skuId) ?? 0) + number > cap) fail('unpaidUnitsLimit');
  }
}

/** 81007 / 81008: a cap refused the hold. */
export const isCapRefusal = (error: unknown): boolean =>
  error instanceof DomainError && (error.errorName === 'unpaidOrdersLimit' || error.errorName === 'unpaidUnitsLimit');

/**
 * Releases the orders `unpaid-holdings-<userId>` still holds but that no longer await payment; answers how many.
 * Paying (pay-orders.ts) and closing (release-order-resources.ts) release an order as a step of their process, but
 * the callback that records the money and its orders in one append (payment-callback.ts, paidTogether) has no such
 * step: its orders stay held until a hold is refused, when this finds them paid and makes their room. An order not
 * placed yet (its checkout is still reserving) stays held. Run by the refused checkout, under its context.
 */
export async function releaseSettledHoldings(ctx: StepContext, userId: number): Promise<number> {
  const stream = unpaidHoldingsStream(userId);
  const { held } = fold(unpaidHoldingsDecider,
    (await ctx.store.readStream(stream)).map((e) => toDomainEvent<UnpaidHoldingsEvent>(e)));
  let released = 0;
  for (const orderId of held.keys()) {
    const order = await loadOrder(ctx.store, orderId);
    if (!order || isAwaitingPayment(order)) continue;
    const r = await decideOn(ctx, stream, unpaidHoldingsDecider, {
      type: 'ReleaseUnpaid', data: { userId, orderId, reason: order.state.matches('closed') || order.state.matches('deleted') ? 'closed' : 'paid' },
    }, `${ctx.correlationId}:holdings:settled:${orderId}`);
    released += r.events.length;
  }
  return released;
}
