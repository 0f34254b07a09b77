/**
 * The facts a checkout decides on that the shopper's own writes change: the address book, the coupon wallet and the
 * unpaid orders (the goods, prices and activities are the catalogue's: catalog-facts.ts). Two sources, one chosen per
 * request (services/api/checkout/checkout-deps-for.ts):
 * - the read models (this file): a few indexed reads, right once the read models applied the shopper's last writes;
 * - the streams (shopper-facts.streams.ts): folded from the event store, for a session whose writes the read models
 *   have not reached (a Kafka or worker outage, issue 28): slower, but right without the feed.
 * settlement.service.ts, submit-plan.ts and order-coupons.service.ts ask the port and never which source answers.
 */
import type { WalletCoupon } from '../../domain/checkout/checkout-coupons';
import type { Queryable } from '../db/database';
import type { AddressPort } from './checkout.deps';
import { unpaidHoldingsInReadModel, type UnpaidHoldings } from './unpaid-order-limits';
import { loadWallet } from './wallet';

export interface ShopperFacts {
  addresses: AddressPort;
  /** The shopper's unused coupon claims, the soonest ending first. */
  wallet(userId: number): Promise<WalletCoupon[]>;
  /** The shopper's unpaid orders (state 1 待付款) and their units of these SKUs. */
  unpaidHoldings(userId: number, skuIds: readonly number[]): Promise<UnpaidHoldings>;
}

/** The read models' answers: the address book read model comes from the address slice (wired in checkout.module.ts). */
export function readModelShopperFacts(db: Queryable, addresses: AddressPort): ShopperFacts {
  return {
    addresses,
    wallet: (userId) => loadWallet(db, userId),
    unpaidHoldings: (userId, skuIds) => unpaidHoldingsInReadModel(db, userId, skuIds),
  };
}
