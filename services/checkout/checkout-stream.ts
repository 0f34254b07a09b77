/** A checkout as its stream `checkout-<id>` tells it: the process that placed one shopper's orders of one submit. */
import { checkoutDecider, type CheckoutState } from '../../domain/checkout/checkout.decider';
import type { CheckoutEvent, CheckoutPlan } from '../../domain/checkout/checkout.events';
import { fold } from '../../domain/shared/decider';
import { toDomainEvent } from '../commands/command-events';
import type { EventStore, RecordedEvent } from '../event-store/event-store.port';

export const checkoutStateOf = (events: readonly RecordedEvent[]): CheckoutState =>
  fold(checkoutDecider, events.map((e) => toDomainEvent<CheckoutEvent>(e)));

export async function loadCheckout(store: EventStore, streamId: string): Promise<CheckoutState> {
  return checkoutStateOf(await store.readStream(streamId));
}

/** The plan of the checkout an order was placed by (its OrderPlaced correlation id), or null for any other origin. */
export async function checkoutPlanOf(store: EventStore, correlationId: string | null): Promise<CheckoutPlan | null> {
  if (!correlationId?.startsWith('checkout-')) return null;
  return (await loadCheckout(store, correlationId)).started?.plan ?? null;
}
