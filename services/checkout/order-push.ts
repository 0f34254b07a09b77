/**
 * Pushes on `order:<id>` (DESIGN.md §9), derived from the log (services/realtime/push-feed.ts) once the `orders` read
 * model (order detail, my orders) has the change: `{orderId, state, paymentState, code}` as that read model shows it,
 * with the log position of the order's last event in the batch, so a client drops an older push. `code` is 'SUCCESS' once
 * the order is paid (the web's payment dialog stops polling on it), '' otherwise.
 */
import { orderEventTypes } from '../../domain/order/order.events';
import type { Queryable } from '../db/database';
import { lastPerKey, streamNumber, type ChannelPush, type PushSource } from '../realtime/push-source';
import type { CheckoutDeps } from './checkout.deps';
import { loadOrder } from './order-stream';

export const orderChannel = (orderId: number): string => `order:${orderId}`;

export function orderPushes(db: Queryable): PushSource {
  return {
    name: 'order',
    handles: orderEventTypes,
    projections: ['orders'],
    async pushes(events) {
      const last = lastPerKey(events, (e) => streamNumber(e.streamId, 'order'));
      if (last.size === 0) return [];
      // the order as the read model the client refetches now shows it (one query a batch, no stream reads)
      const { rows } = await db.query<{ order_id: string; state: number; payment_state: number }>(
        'select order_id, state::int as state, payment_state::int as payment_state from orders where order_id = any($1::bigint[])',
        [[...last.keys()].map(String)]);
      return rows.map((row) => {
        const orderId = Number(row.order_id);
        const paid = row.payment_state === 1;
        return {
          channel: orderChannel(orderId),
          payload: { orderId, state: row.state, paymentState: paid ? 1 : 0, code: paid ? 'SUCCESS' : '' },
          position: last.get(orderId)!.position,
        };
      });
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
