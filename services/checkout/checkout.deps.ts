/**
 * What the checkout needs from the rest of the system. The address book, the cart and group leaving are other
 * slices: they come in as ports, wired in the composition root (services/api/checkout/checkout.module.ts). The
 * shopper's own facts (address book, wallet, unpaid orders) come through one port whose source is chosen per request
 * (shopper-facts.ts): the read models, or the streams while the read models lag the shopper's writes.
 */
import type { WaitFor } from '../../projections/runner/wait-for';
import type { UnpaidOrderLimits } from '../config';
import type { Database } from '../db/database';
import type { EventStore } from '../event-store/event-store.port';
import type { Payments } from '../payments/payments';
import type { ProcessResumer } from '../processes/process-resumer';
import type { CatalogFacts } from './catalog-facts';
import type { CheckoutIds } from './checkout-ids';
import type { ShopperFacts } from './shopper-facts';

/** A shopper's address as the order flow shows it (spec §3 Address). */
export interface CheckoutAddress {
  receiveId: number;
  receiveName: string;
  receivePhone: string;
  /** 省-市-区 */
  receiveAdress: string;
  address: string;
  label: string;
  defult: boolean;
}

export interface AddressPort {
  /** The shopper's own address; null when it is not theirs or does not exist. */
  find(userId: number, receiveId: number): Promise<CheckoutAddress | null>;
  /** The default, else the newest; null for an empty book. */
  preferred(userId: number): Promise<CheckoutAddress | null>;
}

export interface CartPort {
  /** Order `orderId` was placed from these cart lines: they leave the cart (idempotent per order); true when recorded now. */
  removeCheckedOut(userId: number, skuIds: readonly number[], orderId: number): Promise<boolean>;
}

export interface GroupPort {
  /** Order `orderId` left its group unpaid; the group fails when it was the leader's (its other members close). */
  leaveUnpaid(collageId: number, orderId: number): Promise<void>;
}

export interface CheckoutDeps {
  db: Database;
  store: EventStore;
  clock: () => Date;
  waitFor: WaitFor;
  payments: Payments;
  /** the one resumer: the checkout, payment, group and order processes register with it (checkout.module.ts) */
  processes: ProcessResumer;
  ids: CheckoutIds;
  /** goods, prices, stock and running activities from the read models (catalog-facts.ts) */
  catalog: CatalogFacts;
  /** the shopper's address book, wallet and unpaid orders: from the read models, or from the streams (shopper-facts.ts) */
  shopper: ShopperFacts;
  cart: CartPort;
  groups: GroupPort;
  log: (line: string) => void;
  /** How long a started checkout may take before its deadline gives it up (default CHECKOUT_DEADLINE_MS, 2 minutes). */
  checkoutDeadlineMs?: number;
  /** Caps on unpaid orders and unpaid units per SKU (UNPAID_* settings; default: services/config.ts). */
  unpaidOrderLimits?: UnpaidOrderLimits;
}
