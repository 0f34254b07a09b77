/**
 * `releaseOrderResources(deps, orderId)`: what a closed order gives back — the same function for the unpaid timeout
 * (close-unpaid-order.ts) and the shopper's cancel (the orders slice calls it after CancelOrder):
 * - its stock reservations on `sku-<id>` and its activity quotas on `<kind>-quota-<id>`;
 * - its coupon claims on `coupon-claim-<id>` (a platform coupon shared with other orders of the checkout comes back
 *   once they all closed);
 * - its room under the shopper's unpaid caps on `unpaid-holdings-<userId>` (checkout-steps.ts);
 * - the open QR payments naming it: closed at the provider and on `payment-<id>` (a provider that reports the
 *   payment already paid (ORDERPAID) is asked about and its money recorded: this closed order is then refunded from
 *   it, pay-orders.ts).
 * The order must be closed (else 订单状态已变更). Every step is keyed by the order: running it again gives back
 * nothing twice. Leaving a group is the orders slice's (services/orders/failed-collage.ts).
 */
import { couponUseDecider } from '../../domain/checkout/coupon-use.decider';
import { couponClaimStream } from '../../domain/checkout/coupon-use.events';
import { unpaidHoldingsDecider } from '../../domain/checkout/unpaid-holdings.decider';
import { unpaidHoldingsStream } from '../../domain/checkout/unpaid-holdings.events';
import { paymentDecider } from '../../domain/payment/payment.decider';
import { DomainError, fail } from '../../domain/shared/errors';
import { activityQuotaDecider } from '../../domain/stock/activity-quota.decider';
import { activityQuotaStream } from '../../domain/stock/activity-quota.events';
import { stockDecider } from '../../domain/stock/stock.decider';
import { skuStream } from '../../domain/stock/stock.events';
import type { RecordedEvent } from '../event-store/event-store.port';
import { PaymentProviderError } from '../payments/payment-provider';
import type { CheckoutDeps } from './checkout.deps';
import { loadCheckout } from './checkout-stream';
import { decideOn, processContext, type StepContext } from '../processes/process-step';
import { isClosed, loadOrder } from './order-stream';
import { loadPayment, paymentStream } from './payment-service';

/** `processes`: a payment the provider says was paid (ORDERPAID to a close) is resumed: asked about, its money recorded. */
export type ReleaseDeps = Pick<CheckoutDeps, 'store' | 'clock' | 'db' | 'payments' | 'log' | 'processes'>;

/** `named`: the payments the order's checkout stream names for it (found there even while the read model lags). */
async function closeOpenPayments(deps: ReleaseDeps, ctx: StepContext, orderId: number, named: readonly string[]): Promise<RecordedEvent[]> {
  const { rows } = await deps.db.query<{ payment_id: string }>(
    `select p.payment_id from payment_orders po join payments p on p.payment_id = po.payment_id
     where po.order_id = $1 and p.status = 'awaitingPayment'`, [orderId]);
  const out: RecordedEvent[] = [];
  for (const paymentId of new Set([...named, ...rows.map((r) => r.payment_id)])) {
    if (!(await loadPayment(deps, paymentId)).matches('awaitingPayment')) continue;
    try {
      await deps.payments.provider.closePayment(paymentId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      if (error.code === 'ORDERPAID') {
        // paid after all: the money is recorded, and this closed order is refunded from it (pay-orders.ts)
        await deps.processes.resume(paymentStream(paymentId));
        continue;
      }
      deps.log(`[checkout] closing ${paymentId} at the provider: ${error.code} ${error.message}; closed on our side`);
    }
    try {
      const r = await decideOn(ctx, paymentStream(paymentId), paymentDecider,
        { type: 'ClosePayment', data: { reason: 'order-cancelled' } }, `order-${orderId}:close-payment:${paymentId}`);
      out.push(...r.events);
    } catch (error) {
      // paid in the meantime: its callback refunds this order
      if (!(error instanceof DomainError && error.errorName === 'paymentStateChanged')) throw error;
    }
  }
  return out;
}

export async function releaseOrderResources(deps: ReleaseDeps, orderId: number): Promise<RecordedEvent[]> {
  const order = await loadOrder(deps.store, orderId);
  if (!order) return [];
  if (!isClosed(order)) fail('orderStateChanged');
  const ctx = processContext(deps, 'order-close', `order-${orderId}`);
  const step = (name: string) => `order-${orderId}:release:${name}`;
  const checkout = order.correlationId?.startsWith('checkout-') ? await loadCheckout(deps.store, order.correlationId) : null;
  const plan = checkout?.started?.plan ?? null;
  const out: RecordedEvent[] = [];
  for (const line of order.placed.lines) {
    const r = await decideOn(ctx, skuStream(line.skuId), stockDecider,
      { type: 'ReleaseStock', data: { skuId: line.skuId, reservationId: orderId, reason: 'order-closed' } },
      step(`stock:${line.skuId}`), { hot: true });
    out.push(...r.events);
  }
  for (const q of plan?.quotas.filter((x) => x.orderId === orderId) ?? []) {
    const r = await decideOn(ctx, activityQuotaStream(q.kind, q.activityId), activityQuotaDecider,
      { type: 'ReleaseActivityQuota', data: { reservationId: orderId, reason: 'order-closed' } },
      step(`quota:${q.kind}:${q.activityId}`), { hot: true });
    out.push(...r.events);
  }
  for (const c of plan?.coupons.filter((x) => x.orderIds.includes(orderId)) ?? []) {
    const r = await decideOn(ctx, couponClaimStream(c.claimId), couponUseDecider,
      { type: 'ReleaseCouponForOrder', data: { orderId } }, step(`coupon:${c.claimId}`));
    out.push(...r.events);
  }
  const { userId } = order.placed;
  const unheld = await decideOn(ctx, unpaidHoldingsStream(userId), unpaidHoldingsDecider,
    { type: 'ReleaseUnpaid', data: { userId, orderId, reason: 'closed' } }, step('holdings'));
  out.push(...unheld.events);
  const named = checkout?.payments.filter((p) => p.orderIds.includes(orderId)).map((p) => p.paymentId) ?? [];
  out.push(...await closeOpenPayments(deps, ctx, orderId, named));
  return out;
}
