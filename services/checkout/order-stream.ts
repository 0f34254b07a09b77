/** An order as its stream tells it (the write side decides on it; read models may lag a moment behind). */
import { fold } from '../../domain/shared/decider';
import { orderDecider, type OrderState } from '../../domain/order/order.decider';
import type { OrderEvent, OrderPlaced } from '../../domain/order/order.events';
import { toDomainEvent } from '../commands/command-events';
import type { EventStore, RecordedEvent } from '../event-store/event-store.port';

export const orderStream = (orderId: number): string => `order-${orderId}`;

export interface LoadedOrder {
  orderId: number;
  state: OrderState;
  placed: OrderPlaced['data'];
  /** the process that placed it (`checkout-<id>`), from the OrderPlaced metadata */
  correlationId: string | null;
  last: RecordedEvent;
  /** the whole stream it was folded from (a step deciding on the order may pass it as `known`) */
  events: readonly RecordedEvent[];
}

export async function loadOrder(store: EventStore, orderId: number): Promise<LoadedOrder | null> {
  return orderOf(orderId, await store.readStream(orderStream(orderId)));
}

/** The order its whole stream tells; null before it was placed. */
export function orderOf(orderId: number, events: readonly RecordedEvent[]): LoadedOrder | null {
  const placedEvent = events.find((e) => e.type === 'OrderPlaced');
  if (!placedEvent) return null;
  const state = fold(orderDecider, events.map((e) => toDomainEvent<OrderEvent>(e)));
  return {
    orderId,
    state,
    placed: (placedEvent.data as OrderPlaced['data']),
    correlationId: placedEvent.metadata.correlationId ?? null,
    last: events[events.length - 1],
    events,
  };
}

export const isClosed = (order: LoadedOrder): boolean => order.state.matches('closed') || order.state.matches('deleted');
export const isAwaitingPayment = (order: LoadedOrder): boolean => order.state.matches('awaitingPayment');
