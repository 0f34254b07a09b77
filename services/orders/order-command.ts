/**
 * The order slice's write path: a command on `order-<id>`, read-your-writes on the read models, then the new state
 * pushed on `order:<id>` (DESIGN.md §9) with the log position so a client drops stale pushes.
 */
import { orderDecider, type OrderState } from '../../domain/order/order.decider';
import type { OrderCommand } from '../../domain/order/order.commands';
import { orderView } from '../../domain/order/order.view';
import { fold } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import type { OrderEvent } from '../../domain/order/order.events';
import type { WaitFor } from '../../projections/runner/wait-for';
import { handleCommand, type CommandResult } from '../commands/handle-command';
import type { Database } from '../db/database';
import { formatPosition, type Actor, type EventStore } from '../event-store/event-store.port';
import type { PaymentProvider } from '../payments/payment-provider';
import type { RealtimeHub } from '../realtime/hub';

export const orderStream = (orderId: number): string => `order-${orderId}`;

/** What the order processes need; `releaseOrderResources` is the checkout slice's (stock and coupons back). */
export interface OrderServiceDeps {
  store: EventStore;
  db: Database;
  waitFor: WaitFor;
  hub: RealtimeHub;
  clock: () => Date;
  provider: Pick<PaymentProvider, 'refund'>;
  releaseOrderResources(orderId: number): Promise<void>;
  log(line: string): void;
}

export type OrderCommandDeps = Pick<OrderServiceDeps, 'store' | 'waitFor' | 'hub' | 'clock'>;

/** The pushed message on `order:<id>`. */
export interface OrderPush { orderId: number; state: number; paymentState: number }

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
  if (result.events.length > 0) {
    await deps.waitFor(result);
    pushOrderState(deps, orderId, result);
  }
  return result;
}

export function pushOrderState(deps: Pick<OrderCommandDeps, 'hub' | 'clock'>, orderId: number, result: CommandResult<OrderState>): void {
  const view = orderView(result.state, deps.clock());
  if (!view) return;
  const payload: OrderPush = { orderId, state: view.state, paymentState: view.paymentState };
  deps.hub.publish(`order:${orderId}`, payload, result.position ? formatPosition(result.position) : null);
}
