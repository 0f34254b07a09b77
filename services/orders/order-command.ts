/**
 * The order slice's write path: a command on `order-<id>`, then read-your-writes on the read models. The new state
 * reaches `order:<id>` from the log on every instance (services/checkout/order-push.ts, DESIGN.md §9).
 */
import { orderDecider, type OrderState } from '../../domain/order/order.decider';
import type { OrderCommand } from '../../domain/order/order.commands';
import { fold } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import type { OrderEvent } from '../../domain/order/order.events';
import type { WaitFor } from '../../projections/runner/wait-for';
import { handleCommand, type CommandResult } from '../commands/handle-command';
import type { Database } from '../db/database';
import type { Actor, EventStore } from '../event-store/event-store.port';
import type { PaymentProvider } from '../payments/payment-provider';
import { DEFAULT_AFTER_SALE_WINDOW_DAYS } from '../config';

export const orderStream = (orderId: number): string => `order-${orderId}`;

/** What the order processes need; `releaseOrderResources` is the checkout slice's (stock and coupons back). */
export interface OrderServiceDeps {
  store: EventStore;
  db: Database;
  waitFor: WaitFor;
  clock: () => Date;
  provider: Pick<PaymentProvider, 'refund'>;
  releaseOrderResources(orderId: number): Promise<void>;
  log(line: string): void;
  /** AFTER_SALE_WINDOW_DAYS, given with every receipt confirmation (domain/order/after-sale-window.ts); default: config's */
  afterSaleWindowDays?: number;
}

/** The data of a receipt confirmation: the window after-sales stay open (the domain has no configuration). */
export const receiptConfirmationData = (deps: Pick<OrderServiceDeps, 'afterSaleWindowDays'>): { afterSaleWindowDays: number } =>
  ({ afterSaleWindowDays: deps.afterSaleWindowDays ?? DEFAULT_AFTER_SALE_WINDOW_DAYS });

export type OrderCommandDeps = Pick<OrderServiceDeps, 'store' | 'waitFor' | 'clock'>;

export async function loadOrder(store: EventStore, orderId: number): Promise<OrderState> {
  const events = await store.readStream(orderStream(orderId));
  return fold(orderDecider, events.map((e) => ({ type: e.type, data: e.data }) as OrderEvent));
}

/**
 * The order of this shopper. Another shopper's order is as unknown as a missing one (nothing leaks), and so is one
 * the shopper deleted: it is gone from their screens.
 */
export async function loadOwnedOrder(store: EventStore, orderId: number, userId: number): Promise<OrderState> {
  const state = await loadOrder(store, orderId);
  if (state.context.order?.userId !== userId || state.context.deletedAt !== null) throw new DomainError('orderNotFound');
  return state;
}

export async function runOrderCommand(
  deps: OrderCommandDeps, orderId: number, command: OrderCommand, actor: Actor, commandId?: string,
): Promise<CommandResult<OrderState>> {
  const result = await handleCommand({
    store: deps.store, streamId: orderStream(orderId), decider: orderDecider, command, now: deps.clock(), actor, commandId,
  });
  if (result.events.length > 0) await deps.waitFor(result);
  return result;
}
