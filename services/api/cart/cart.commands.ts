/**
 * Every cart write goes through here: decide on the stream `cart-<userId>`, then wait until the cart read model has
 * the events (read-your-writes, the next getCart shows them). The new count reaches the shopper's websocket channel
 * `user:<id>` from the log (cart-push.ts), on every instance.
 */
import { cartCount, cartDecider, type CartCommand } from '../../../domain/cart/cart.decider';
import { cartStream } from '../../../domain/cart/cart.events';
import type { WaitFor } from '../../../projections/runner/wait-for';
import { handleCommand } from '../../commands/handle-command';
import type { Actor, EventStore } from '../../event-store/event-store.port';

export interface CartCommandDeps { store: EventStore; waitFor: WaitFor; clock: () => Date }

export interface CartCommandOptions {
  /** Idempotency key: the same key again has no second effect. */
  commandId?: string;
  causationId?: string;
  /** Default: the shopper. */
  actor?: Actor;
}

export interface CartOutcome {
  /** Lines in the cart after the command (spec §3 cart count). */
  cartNumber: number;
  /** False when the command changed nothing (a repeat, or nothing to do). */
  changed: boolean;
}

export const cartChannel = (userId: number): string => `user:${userId}`;

export async function runCartCommand(
  deps: CartCommandDeps, userId: number, command: CartCommand, options: CartCommandOptions = {},
): Promise<CartOutcome> {
  const result = await handleCommand({
    store: deps.store,
    streamId: cartStream(userId),
    decider: cartDecider,
    command,
    now: deps.clock(),
    actor: options.actor ?? { kind: 'user', id: String(userId) },
    commandId: options.commandId,
    causationId: options.causationId,
    // a cart command does not depend on a version the client saw: two tabs adding at once both count
    retryOnConflict: true,
  });
  const cartNumber = cartCount(result.state);
  if (result.events.length === 0) return { cartNumber, changed: false };
  await deps.waitFor(result);
  return { cartNumber, changed: !result.repeated };
}

/**
 * For the checkout: once order `orderId` is placed from the cart, its lines leave the cart (CartLinesCheckedOut).
 * Idempotent per order: calling it again for the same order changes nothing.
 */
export function removeCheckedOutLines(
  deps: CartCommandDeps, userId: number, skuIds: readonly number[], orderId: number,
): Promise<CartOutcome> {
  return runCartCommand(deps, userId, { type: 'CheckOutLines', data: { userId, orderId, skuIds } }, {
    commandId: `checkout-${orderId}`,
    causationId: `order-${orderId}`,
  });
}
