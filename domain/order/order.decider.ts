import type { SnapshotFrom } from 'xstate';
import type { DecideContext, Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import { acceptedBy, evolveThrough, initialSnapshot } from '../shared/machine-decider';
import type { OrderCommand, PlaceOrder } from './order.commands';
import { hasOpenAfterSale, lineOf, paidAmount } from './order.context';
import type { OrderContext } from './order.context';
import type { OrderEvent } from './order.events';
import { orderMachine } from './order.machine';
import { decideAfterSale } from './order-after-sale.decide';
import { afterSaleUntilFrom } from './after-sale-window';

export type OrderState = SnapshotFrom<typeof orderMachine>;

export const PAYMENT_WINDOW_MS = 60 * 60 * 1000;
export const AUTO_CONFIRM_AFTER_MS = 15 * 24 * 60 * 60 * 1000;

const iso = (ms: number): string => new Date(ms).toISOString();

function placeOrder({ data }: PlaceOrder, now: Date): OrderEvent {
  const { lines, logisticsPrice, ...rest } = data;
  if (new Set(lines.map((l) => l.skuId)).size !== lines.length) fail('badRequest');
  if (lines.some((l) => l.discount > l.price * l.number)) fail('badRequest');
  const orderPrice = lines.reduce((sum, l) => sum + l.price * l.number, 0) + logisticsPrice;
  const discountPrice = lines.reduce((sum, l) => sum + l.discount, 0);
  // an order that costs nothing is placed (origin refused it, a bug its changelog fixed): the checkout pays it itself
  const price = Math.max(0, orderPrice - discountPrice);
  return {
    type: 'OrderPlaced',
    data: {
      ...rest, lines, logisticsPrice, orderPrice, discountPrice, price,
      placedAt: now.toISOString(), paymentDeadline: iso(now.getTime() + PAYMENT_WINDOW_MS),
    },
  };
}

const isDue = (at: string | null, now: Date): boolean => at !== null && Date.parse(at) <= now.getTime();

function decideOrder(command: OrderCommand, state: OrderState, { now }: DecideContext): OrderEvent[] {
  const c: OrderContext = state.context;
  const at = now.toISOString();
  switch (command.type) {
    case 'PlaceOrder':
      if (c.order) fail('orderStateChanged');
      return [placeOrder(command, now)];
    case 'PayOrder': {
      const { paymentId, transactionId, amount, groupForming } = command.data;
      if (c.payment?.paymentId === paymentId && c.payment.transactionId === transactionId) return [];
      if (c.order && state.matches('awaitingPayment') && amount !== c.order.price) fail('paymentAmountMismatch');
      return [{
        type: 'OrderPaid',
        data: { paymentId, transactionId, amount, paidAt: at, intoFormingGroup: groupForming && (c.order?.collageId ?? 0) > 0 },
      }];
    }
    case 'MarkGroupSucceeded':
      if (command.data.collageId !== c.order?.collageId) fail('orderStateChanged');
      return [{ type: 'OrderGroupSucceeded', data: { collageId: command.data.collageId, succeededAt: at } }];
    case 'ShipOrder': {
      const autoConfirmAt = iso(now.getTime() + AUTO_CONFIRM_AFTER_MS);
      const shipped: OrderEvent = { type: 'OrderShipped', data: { ...command.data, shippedAt: at, autoConfirmAt } };
      // an after-sale opened before shipping keeps the receipt clock stopped from the start
      return hasOpenAfterSale(c)
        ? [shipped, { type: 'AutoConfirmPaused', data: { remainingMs: AUTO_CONFIRM_AFTER_MS, pausedAt: at } }]
        : [shipped];
    }
    case 'ConfirmReceipt':
      return [{ type: 'ReceiptConfirmed', data: { auto: false, confirmedAt: at, afterSaleUntil: afterSaleUntilFrom(now, command.data.afterSaleWindowDays) } }];
    case 'ConfirmReceiptAutomatically':
      if (!isDue(c.autoConfirmAt, now)) fail('orderStateChanged');
      return [{ type: 'ReceiptConfirmed', data: { auto: true, confirmedAt: at, afterSaleUntil: afterSaleUntilFrom(now, command.data.afterSaleWindowDays) } }];
    case 'CancelOrder':
      return [{ type: 'OrderCancelled', data: { reason: 'shopper', refundAmount: paidAmount(c), cancelledAt: at } }];
    case 'CloseUnpaidOrder':
      if (!isDue(c.order?.paymentDeadline ?? null, now)) fail('orderStateChanged');
      return [{ type: 'OrderCancelled', data: { reason: 'unpaid-timeout', refundAmount: 0, cancelledAt: at } }];
    case 'CancelForFailedGroup':
      if (command.data.collageId !== c.order?.collageId) fail('orderStateChanged');
      return [{ type: 'OrderCancelled', data: { reason: 'group-failed', refundAmount: paidAmount(c), cancelledAt: at } }];
    case 'DeleteOrder':
      return [{ type: 'OrderDeleted', data: { deletedAt: at } }];
    case 'ReviewLine': {
      const line = lineOf(c, command.data.skuId);
      if (!line) return fail('orderLineNotFound');
      if (line.commentId !== null) fail('lineAlreadyReviewed');
      return [{ type: 'LineReviewed', data: { ...command.data, reviewedAt: at } }];
    }
    case 'ReviewLines': {
      const seen = new Set<number>();
      return command.data.reviews.map((review) => {
        const line = lineOf(c, review.skuId);
        if (!line) return fail('orderLineNotFound');
        if (line.commentId !== null || seen.has(review.skuId)) fail('lineAlreadyReviewed');
        seen.add(review.skuId);
        return { type: 'LineReviewed', data: { ...review, reviewedAt: at } };
      });
    }
    case 'OpenAfterSale':
    case 'CloseAfterSale':
      return decideAfterSale(command, state, now);
    default: {
      const unknown: never = command;
      return fail('badRequest', `unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: initialSnapshot(orderMachine),
  evolve: evolveThrough(orderMachine),
  decide: (command, state, context) =>
    acceptedBy(orderMachine, state, decideOrder(command, state, context), 'orderStateChanged'),
};
