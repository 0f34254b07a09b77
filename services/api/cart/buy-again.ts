/**
 * `PUT /cart/buyAgain {orderId}`: the lines of one of the shopper's own orders, read from its stream `order-<orderId>`
 * through the order machine. Spec §4: buy again is offered in states 4 and 5 and disabled for orders that had a
 * discount, group or seckill id; the server holds to the same rule (the domain's orderActions decides both).
 */
import { orderActions } from '../../../domain/order/order.actions';
import { orderDecider } from '../../../domain/order/order.decider';
import type { OrderEvent } from '../../../domain/order/order.events';
import { orderView } from '../../../domain/order/order.view';
import { fold } from '../../../domain/shared/decider';
import { DomainError } from '../../../domain/shared/errors';
import { toDomainEvent } from '../../commands/command-events';
import type { EventStore } from '../../event-store/event-store.port';

export interface OrderedLine { skuId: number; number: number }

export async function linesToBuyAgain(store: EventStore, userId: number, orderId: number, now: Date): Promise<OrderedLine[]> {
  const stored = await store.readStream(`order-${orderId}`);
  const state = fold(orderDecider, stored.map((event) => toDomainEvent<OrderEvent>(event)));
  const view = orderView(state, now);
  const order = state.context.order;
  // someone else's order answers exactly like one that does not exist
  if (!view || !order || order.userId !== userId || view.deleted) throw new DomainError('cartOrderNotFound');
  const buyAgain = orderActions(view).find((action) => action.kind === 'buyAgain');
  if (!buyAgain) throw new DomainError('orderStateChanged');
  if (buyAgain.disabled) throw new DomainError('cartBuyAgainActivity');
  return state.context.lines.map((line) => ({ skuId: line.skuId, number: line.number }));
}
