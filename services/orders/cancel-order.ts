/**
 * PUT /order/cancel (spec §4: states 1 and 6), and the order-close process every closed order runs. The order closes
 * first (`CancelOrder`: the machine refuses any other state with 400001 订单状态已变更: the order's own stream records
 * the intent); then its consequences, each a step of the `order-close` process keyed by the order: stock and coupons
 * back (the checkout slice's `releaseOrderResources`), the order leaves its group (failing the group when its leader
 * leaves), and what a paid group order paid is refunded. The resumer (resumeOrderClose, armed by OrderCancelled) carries
 * out whatever a crash cut short, for every reason an order closes. Cancelling an order this shopper already
 * cancelled answers 400001 订单状态已变更 after finishing any consequence an earlier attempt did not get to.
 */
import type { OrderState } from '../../domain/order/order.decider';
import { DomainError } from '../../domain/shared/errors';
import { withStreamLock } from '../commands/stream-lock';
import { orderDecider } from '../../domain/order/order.decider';
import { decideOn, processContext, shopperActor } from '../processes/process-step';
import { leaveCollage } from './failed-collage';
import { loadOrder, loadOwnedOrder, orderStream, type OrderServiceDeps } from './order-command';
import { refundOrder } from './refund-order';

export async function cancelOrderByShopper(deps: OrderServiceDeps, userId: number, orderId: number): Promise<OrderState> {
  const before = await loadOwnedOrder(deps.store, orderId, userId);
  if (before.context.cancelled?.reason === 'shopper') {
    // a second cancel is a transition the machine no longer allows (issue 13): it still finishes what an
    // interrupted first attempt left undone, then answers the business code
    await settleClose(deps, orderId, before);
    throw new DomainError('orderStateChanged');
  }
  const ctx = processContext(deps, 'order-close', orderStream(orderId), shopperActor(userId));
  const cancelled = await decideOn(ctx, orderStream(orderId), orderDecider, { type: 'CancelOrder', data: {} }, 'cancel-by-shopper');
  if (cancelled.events.length > 0) await deps.waitFor(cancelled);
  const { state } = cancelled;
  await settleClose(deps, orderId, state);
  return state;
}

/**
 * What a closed order's close still owes, by why it closed: its stock, quotas, coupons and open QR back (every
 * reason); its group left (a shopper's cancel, an unpaid timeout); what it paid refunded (a shopper's cancel of a
 * paid group order; a failed group's refund is the group's process, failed-collage.ts).
 */
async function settleClose(deps: OrderServiceDeps, orderId: number, state: OrderState): Promise<void> {
  const c = state.context;
  const reason = c.cancelled?.reason;
  if (!reason) return;
  await deps.releaseOrderResources(orderId);
  const collageId = c.order?.collageId ?? 0;
  if (collageId > 0 && (reason === 'shopper' || reason === 'unpaid-timeout')) {
    await leaveCollage(deps, collageId, orderId, reason === 'shopper' ? 'cancelled' : 'unpaid-timeout');
  }
  const refundAmount = c.cancelled?.refundAmount ?? 0;
  if (c.payment && refundAmount > 0 && reason === 'shopper') {
    await refundOrder(deps, processContext(deps, 'order-close', orderStream(orderId)), {
      paymentId: c.payment.paymentId, orderId, amount: refundAmount, reason: 'order-cancelled', refundId: `cancel-${orderId}`,
    });
  }
}

/** The resumer's entry (services/processes): a closed order's consequences, finished from its stream. */
export async function resumeOrderClose(deps: OrderServiceDeps, streamId: string): Promise<void> {
  const orderId = Number(streamId.slice('order-'.length));
  await withStreamLock(`process:${streamId}`, async () => settleClose(deps, orderId, await loadOrder(deps.store, orderId)));
}
