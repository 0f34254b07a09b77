/**
 * A read of the shopper's own orders while the read models catch up (issue 29): seconds after a Kafka broker restart
 * the order just placed is in the event store but not yet in the `orders` read model. A session behind its own writes
 * (read-your-writes.ts: its bounded wait ran out) must then hear "busy, retry" — 503 服务繁忙，请稍后重试 with
 * Retry-After (retry-later.ts) — never 400101 订单不存在, which the storefront would show as final.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { loadOwnedOrder } from '../../orders/order-command';
import { laggingIds } from '../read-your-writes';

const ORDER_STREAM_PREFIX = 'order-';

/** True when order `orderId` is the shopper's in the event store (placed, not deleted). */
async function ownedInStore(store: EventStore, orderId: number, userId: number): Promise<boolean> {
  try {
    await loadOwnedOrder(store, orderId, userId);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === '400101') return false;
    throw error;
  }
}

/**
 * The detail found no order `orderId` in the read model: busy when the session is behind and the order is the
 * shopper's in the event store (its own write, not yet applied); otherwise the order does not exist for this shopper.
 */
export async function missingOrder(request: FastifyRequest, store: EventStore, orderId: number, userId: number): Promise<never> {
  if (request.sessionBehind && await ownedInStore(store, orderId, userId)) throw new DomainError('readModelBehind');
  throw new DomainError('orderNotFound');
}

/** The list: busy while an order the session wrote, and still owns, is missing from the read model. */
export async function assertOwnOrdersListed(request: FastifyRequest, db: Queryable, store: EventStore, userId: number): Promise<void> {
  const ids = laggingIds(request, ORDER_STREAM_PREFIX);
  if (ids.length === 0) return;
  const { rows } = await db.query<{ order_id: string | number }>(
    'select order_id from orders where user_id = $1 and order_id = any($2::bigint[])', [userId, ids]);
  const listed = new Set(rows.map((row) => Number(row.order_id)));
  for (const orderId of ids.filter((id) => !listed.has(id))) {
    if (await ownedInStore(store, orderId, userId)) throw new DomainError('readModelBehind');
  }
}
