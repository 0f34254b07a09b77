/**
 * Pushes on `order:<id>` (DESIGN.md §9), derived from the log (services/realtime/push-feed.ts) once the `orders` read
 * model (order detail, my orders) has the change: `{orderId, state, paymentState, code}` as the order stood at its
 * last event in the batch, with that event's log position, so a client drops an older push. `code` is 'SUCCESS' once
 * the order is paid (the web's payment dialog stops polling on it), '' otherwise.
 */
import { orderEventTypes } from '../../domain/order/order.events';
import { orderStateNumber } from '../../domain/order/order.view';
import type { EventStore } from '../event-store/event-store.port';
import { lastPerKey, streamNumber, type ChannelPush, type PushSource } from '../realtime/push-source';
import type { CheckoutDeps } from './checkout.deps';
import { loadOrder, orderOf, orderStream } from './order-stream';

export const orderChannel = (orderId: number): string => `order:${orderId}`;

export function orderPushes(store: EventStore): PushSource {
  return {
    name: 'order',
    handles: orderEventTypes,
    projections: ['orders'],
    async pushes(events) {
      const pushes: ChannelPush[] = [];
      for (const [orderId, last] of lastPerKey(events, (e) => streamNumber(e.streamId, 'order'))) {
        const stream = await store.readStream(orderStream(orderId));
        const order = orderOf(orderId, stream.filter((e) => e.revision <= last.revision));
        const state = order ? orderStateNumber(order.state) : null;
        if (!order || state === null) continue;
        const paid = order.state.context.payment !== null;
        pushes.push({
          channel: orderChannel(orderId),
          payload: { orderId, state, paymentState: paid ? 1 : 0, code: paid ? 'SUCCESS' : '' },
          position: last.position,
        });
      }
      return pushes;
    },
  };
}

/** The `order` channel policy: only the order's shopper may listen. */
export async function ownsOrder(deps: Pick<CheckoutDeps, 'store'>, userId: number, id: string): Promise<boolean> {
  const orderId = Number(id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return false;
  const order = await loadOrder(deps.store, orderId);
  return order?.placed.userId === userId;
}
