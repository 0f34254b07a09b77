/**
 * Pushes on `order:<id>` (DESIGN.md §9) once the read models have the change: `{state, paymentState, code}` with the
 * log position of the order's last event, so a client drops an older push. `code` is 'SUCCESS' once the order is
 * paid (the web's payment dialog stops polling on it), '' otherwise.
 */
import { orderStateNumber } from '../../domain/order/order.view';
import { formatPosition } from '../event-store/event-store.port';
import type { CheckoutDeps } from './checkout.deps';
import { loadOrder } from './order-stream';

export const orderChannel = (orderId: number): string => `order:${orderId}`;

export async function publishOrderStates(deps: Pick<CheckoutDeps, 'store' | 'hub'>, orderIds: readonly number[]): Promise<void> {
  for (const orderId of orderIds) {
    const order = await loadOrder(deps.store, orderId);
    if (!order) continue;
    const paid = order.state.context.payment !== null;
    deps.hub.publish(orderChannel(orderId), {
      orderId,
      state: orderStateNumber(order.state),
      paymentState: paid ? 1 : 0,
      code: paid ? 'SUCCESS' : '',
    }, formatPosition(order.last.position));
  }
}

/** The `order` channel policy: only the order's shopper may listen. */
export async function ownsOrder(deps: Pick<CheckoutDeps, 'store'>, userId: number, id: string): Promise<boolean> {
  const orderId = Number(id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return false;
  const order = await loadOrder(deps.store, orderId);
  return order?.placed.userId === userId;
}
