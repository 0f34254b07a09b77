/**
 * `PUT /order/pay {money, orderId, type}`, `GET /order/getUrl?orderId` and `GET /order/checkPay?orderId&type`.
 * pay/getUrl start or refresh the QR and answer the pay info; they never mark anything paid (origin's `/order/pay`
 * faked a payment: not here). type 1 (the place-order page) pays the order's whole checkout — every order of it still
 * awaiting payment — and type 2 (order list and detail, and getUrl) that one order. An order that is not the
 * shopper's is 订单不存在; one no longer awaiting payment is 订单状态已变更. `money` from the client is ignored.
 *
 * checkPay answers `data.code` 'SUCCESS' once the order is paid (also 6 待成团), 'NOTPAY' while it awaits payment
 * (the web keeps polling every 3 s; while it does, the provider is asked too — payment-reconcile.ts — so money whose
 * callback was lost is found), and 订单状态已变更 once it closed unpaid (the web stops and shows it).
 */
import { orderStateNumber } from '../../domain/order/order.view';
import { fail } from '../../domain/shared/errors';
import { withStreamLock } from '../commands/stream-lock';
import type { CheckoutDeps } from './checkout.deps';
import { checkoutPlanOf } from './checkout-stream';
import { isAwaitingPayment, isClosed, loadOrder, type LoadedOrder } from './order-stream';
import { checkoutPayment } from './checkout-payment';
import { payInfoOf, startPayment, type PayInfo } from './payment-service';
import { paymentsNaming, reconcileOnPoll } from './payment-reconcile';

export type PayScope = 'checkout' | 'order';

async function ownedOrder(deps: CheckoutDeps, userId: number, orderId: number): Promise<LoadedOrder> {
  const order = await loadOrder(deps.store, orderId);
  if (!order || order.placed.userId !== userId || order.state.matches('deleted')) return fail('orderNotFound');
  return order;
}

/** The orders of the order's checkout that still await payment (the order itself first). */
async function checkoutOrders(deps: CheckoutDeps, order: LoadedOrder): Promise<LoadedOrder[]> {
  const plan = await checkoutPlanOf(deps.store, order.correlationId);
  if (!plan) return [order];
  const others = plan.orders.map((o) => o.orderId).filter((id) => id !== order.orderId);
  const loaded = await Promise.all(others.map((id) => loadOrder(deps.store, id)));
  const open = loaded.filter((o): o is LoadedOrder => o !== null && isAwaitingPayment(o) && o.placed.price > 0
    && o.placed.userId === order.placed.userId);
  return [order, ...open];
}

export async function refreshPayment(deps: CheckoutDeps, userId: number, orderId: number, scope: PayScope): Promise<PayInfo> {
  return withStreamLock(`process:pay-order-${orderId}`, async () => {
    const order = await ownedOrder(deps, userId, orderId);
    if (!isAwaitingPayment(order) || order.placed.price === 0) fail('orderStateChanged');
    const orders = scope === 'checkout' ? await checkoutOrders(deps, order) : [order];
    const checkout = order.correlationId?.startsWith('checkout-') ? order.correlationId : null;
    const payment = checkout
      ? await checkoutPayment(deps, userId, orders, checkout)
      : await startPayment(deps, userId, orders, { correlationId: `order-${orderId}`, kind: 'checkout' });
    if (payment.events.length > 0) await deps.waitFor(payment.events, { projections: ['checkout'] });
    return payInfoOf({
      money: payment.amount, orderIds: orders.map((o) => o.orderId), collageId: order.placed.collageId,
      codeUrl: payment.codeUrl, paymentId: payment.paymentId,
    });
  });
}

export interface PayCheck { code: 'SUCCESS' | 'NOTPAY'; orderId: number; state: number | null; paymentState: 0 | 1 }

export async function checkPay(deps: CheckoutDeps, userId: number, orderId: number): Promise<PayCheck> {
  let order = await ownedOrder(deps, userId, orderId);
  if (order.state.context.payment === null && isAwaitingPayment(order)) {
    // a callback that never came must not leave a paying shopper at NOTPAY: ask the provider (throttled)
    for (const paymentId of await paymentsNaming(deps, orderId, order.correlationId)) await reconcileOnPoll(deps, paymentId);
    order = await ownedOrder(deps, userId, orderId);
  }
  const paid = order.state.context.payment !== null;
  if (!paid && isClosed(order)) fail('orderStateChanged');
  return { code: paid ? 'SUCCESS' : 'NOTPAY', orderId, state: orderStateNumber(order.state), paymentState: paid ? 1 : 0 };
}
