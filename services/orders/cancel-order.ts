/**
 * PUT /order/cancel (spec §4: states 1 and 6). The order closes first (`CancelOrder`: the machine refuses any other
 * state with 400001 订单状态已变更); then its consequences: stock and coupons back (the checkout slice's
 * `releaseOrderResources`), the order leaves its group (failing the group when its leader leaves), and what a
 * paid group order paid is refunded. Cancelling an order this shopper already cancelled answers 400001 订单状态已变更
 * after finishing any consequence an earlier attempt did not get to: every step is keyed, none happens twice.
 */
import type { OrderState } from '../../domain/order/order.decider';
import { DomainError } from '../../domain/shared/errors';
import { leaveCollage } from './failed-collage';
import { loadOwnedOrder, runOrderCommand, type OrderServiceDeps } from './order-command';
import { refundOrder } from './refund-order';

export async function cancelOrderByShopper(deps: OrderServiceDeps, userId: number, orderId: number): Promise<OrderState> {
  const before = await loadOwnedOrder(deps.store, orderId, userId);
  if (before.context.cancelled?.reason === 'shopper') {
    // a second cancel is a transition the machine no longer allows (issue 13): it still finishes what an
    // interrupted first attempt left undone, then answers the business code
    await settleCancellation(deps, orderId, before);
    throw new DomainError('orderStateChanged');
  }
  const { state } = await runOrderCommand(deps, orderId, { type: 'CancelOrder', data: {} }, { kind: 'user', id: String(userId) },
    'cancel-by-shopper');
  await settleCancellation(deps, orderId, state);
  return state;
}

async function settleCancellation(deps: OrderServiceDeps, orderId: number, state: OrderState): Promise<void> {
  const c = state.context;
  await deps.releaseOrderResources(orderId);
  const collageId = c.order?.collageId ?? 0;
  if (collageId > 0) await leaveCollage(deps, collageId, orderId, 'cancelled');
  const refundAmount = c.cancelled?.refundAmount ?? 0;
  if (c.payment && refundAmount > 0) {
    await refundOrder(deps, {
      paymentId: c.payment.paymentId, orderId, amount: refundAmount, reason: 'order-cancelled', refundId: `cancel-${orderId}`,
    });
  }
}
