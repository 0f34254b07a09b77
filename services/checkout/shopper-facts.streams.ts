/**
 * The shopper's facts folded from the event store (the ShopperFacts port, shopper-facts.ts), for a session whose
 * writes the read models have not applied: the feed or the worker is down, and the checkout must not decide on a
 * read model that has not seen the address saved or the coupon claimed a moment ago (issue 28).
 * - the address book: its stream `address-book-<userId>`, folded with the decider that records it;
 * - the wallet: wallet.streams.ts (the claims' list is partly the read model's: no stream lists them);
 * - the unpaid orders: the orders read model's unpaid ones and the orders the session placed since the read models
 *   last caught up with it (`order-<id>` among its pending writes), each taken as its stream tells it now.
 * `pendingStreams` are the streams of the session's writes not yet applied (request.readModelsBehind).
 */
import { addressBookDecider, type AddressEntry } from '../../domain/address/address-book.decider';
import { addressBookStream, type AddressBookEvent } from '../../domain/address/address-book.events';
import { fold } from '../../domain/shared/decider';
import { toDomainEvent } from '../commands/command-events';
import type { Queryable } from '../db/database';
import type { EventStore } from '../event-store/event-store.port';
import type { CheckoutAddress } from './checkout.deps';
import { isAwaitingPayment, loadOrder } from './order-stream';
import type { ShopperFacts } from './shopper-facts';
import type { UnpaidHoldings } from './unpaid-order-limits';
import { walletFromStreams } from './wallet.streams';

const toAddress = ({ receiveId, receiveName, receivePhone, receiveAdress, address, label, defult }: AddressEntry): CheckoutAddress =>
  ({ receiveId, receiveName, receivePhone, receiveAdress, address, label, defult });

async function addressBookOf(store: EventStore, userId: number) {
  const events = await store.readStream(addressBookStream(userId));
  return fold(addressBookDecider, events.map((e) => toDomainEvent<AddressBookEvent>(e)));
}

const ORDER_STREAM = /^order-(\d+)$/;

async function unpaidFromStreams(
  db: Queryable, store: EventStore, userId: number, skuIds: readonly number[], pendingStreams: readonly string[],
): Promise<UnpaidHoldings> {
  const { rows } = await db.query<{ order_id: string }>(
    'select order_id from orders where user_id = $1 and state = 1 and deleted_at is null', [userId]);
  const placedSince = pendingStreams.flatMap((id) => ORDER_STREAM.exec(id)?.[1] ?? []);
  const orderIds = [...new Set([...rows.map((r) => r.order_id), ...placedSince].map(Number))];
  const orders = await Promise.all(orderIds.map((orderId) => loadOrder(store, orderId)));
  const unpaid = orders.filter((o) => o !== null && o.placed.userId === userId && isAwaitingPayment(o));
  const asked = new Set(skuIds);
  const unitsBySku = new Map<number, number>();
  for (const order of unpaid) {
    for (const line of order?.placed.lines ?? []) {
      if (asked.has(line.skuId)) unitsBySku.set(line.skuId, (unitsBySku.get(line.skuId) ?? 0) + line.number);
    }
  }
  return { orders: unpaid.length, unitsBySku };
}

export function streamShopperFacts(deps: { db: Queryable; store: EventStore }, pendingStreams: readonly string[]): ShopperFacts {
  const { db, store } = deps;
  return {
    addresses: {
      async find(userId, receiveId) {
        const entry = (await addressBookOf(store, userId)).addresses.get(receiveId);
        return entry ? toAddress(entry) : null;
      },
      async preferred(userId) {
        const book = await addressBookOf(store, userId);
        // the default, else the newest (the book keeps them in the order they were added), as the read model orders
        const preferred = (book.defaultId === null ? undefined : book.addresses.get(book.defaultId)) ?? [...book.addresses.values()].at(-1);
        return preferred ? toAddress(preferred) : null;
      },
    },
    wallet: (userId) => walletFromStreams(db, store, userId, pendingStreams),
    unpaidHoldings: (userId, skuIds) => unpaidFromStreams(db, store, userId, skuIds, pendingStreams),
  };
}
