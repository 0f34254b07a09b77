import { orderDecider } from '../../../domain/order/order.decider';
import type { OrderEvent } from '../../../domain/order/order.events';
import { orderStateNumber } from '../../../domain/order/order.view';
import { given, rejectionOf } from '../support/decider-spec';
import {
  DAY, PRICE, WINDOW_DAYS, at, cancelled, cmd, confirmed, groupSucceeded, iso, lineA, paid, placeOrder, placed, receiptWindow, shipped,
} from './order.fixtures';

const stateChanged = { code: '400001', message: '订单状态已变更' };
const order = (...history: OrderEvent[]) => given(orderDecider, history);
const stateAfter = (history: OrderEvent[]) => orderStateNumber(given(orderDecider, history).state);

describe('a new order stream', () => {
  it('places the order in 1 with prices recomputed from the lines and a payment deadline 1 hour later', () => {
    const { events } = order().when(placeOrder(), at(0));
    expect(events).toEqual([placed()]);
    expect(stateAfter(events)).toBe(1);
  });

  it('places an order that costs nothing at price 0, to be paid by the system (origin refused it, a bug it fixed)', () => {
    const free = placeOrder({ lines: [{ ...lineA, discount: lineA.price * lineA.number }], logisticsPrice: 0 });
    const { events } = order().when(free, at(0));
    expect(events).toEqual([expect.objectContaining({ type: 'OrderPlaced', data: expect.objectContaining({ price: 0 }) })]);
    const pay = cmd('PayOrder', { paymentId: 'free-1', transactionId: 'free-1', amount: 0, groupForming: false });
    expect(stateAfter([...events, ...order(...events).when(pay, at(1)).events])).toBe(2);
  });

  it('rejects the same sku twice or a line discount above the line total as a bad request', () => {
    expect(order().when(placeOrder({ lines: [lineA, lineA] }), at(0)).rejection?.code).toBe('400');
    expect(order().when(placeOrder({ lines: [{ ...lineA, discount: 10001 }] }), at(0)).rejection?.code).toBe('400');
  });
});

describe('an order waiting for payment (1)', () => {
  const history = [placed()];

  it('moves to 2 when paid', () => {
    const pay = cmd('PayOrder', { paymentId: 'pay-1', transactionId: 'wx-1', amount: PRICE, groupForming: false });
    const { events } = order(...history).when(pay, at(5));
    expect(events).toEqual([paid()]);
    expect(stateAfter([...history, ...events])).toBe(2);
  });

  it('ignores a group flag on an order that is not a group buy', () => {
    const pay = cmd('PayOrder', { paymentId: 'pay-1', transactionId: 'wx-1', amount: PRICE, groupForming: true });
    expect(stateAfter([...history, ...order(...history).when(pay, at(5)).events])).toBe(2);
  });

  it('rejects a payment of another amount', () => {
    const pay = cmd('PayOrder', { paymentId: 'pay-1', transactionId: 'wx-1', amount: PRICE - 1, groupForming: false });
    expect(rejectionOf(order(...history).when(pay, at(5)))).toEqual({ code: '400005', message: '支付金额与订单金额不一致' });
  });

  it('closes when the shopper cancels', () => {
    const { events } = order(...history).when(cmd('CancelOrder', {}), at(10));
    expect(events).toEqual([cancelled('shopper')]);
    expect(stateAfter([...history, ...events])).toBe(5);
  });

  it('closes unpaid once the hour has passed', () => {
    const { events } = order(...history).when(cmd('CloseUnpaidOrder', {}), at(60));
    expect(events).toEqual([{ type: 'OrderCancelled', data: { reason: 'unpaid-timeout', refundAmount: 0, cancelledAt: iso(60) } }]);
  });

  it('rejects an early unpaid-timeout with 订单状态已变更', () => {
    expect(rejectionOf(order(...history).when(cmd('CloseUnpaidOrder', {}), at(59)))).toEqual(stateChanged);
  });

  it('rejects a group-failure cancellation when the order is not in that group', () => {
    expect(rejectionOf(order(...history).when(cmd('CancelForFailedGroup', { collageId: 88 }), at(10)))).toEqual(stateChanged);
  });

  it.each([
    ['ship', cmd('ShipOrder', { express: 'SF', expressName: '顺丰速运', deliverFormid: 'SF1' })],
    ['confirm receipt', cmd('ConfirmReceipt', receiptWindow)],
    ['delete', cmd('DeleteOrder', {})],
    ['mark the group succeeded', cmd('MarkGroupSucceeded', { collageId: 88 })],
    ['place again', placeOrder()],
    ['open an after-sale before paying', cmd('OpenAfterSale', { afterSaleId: 1, afterType: 1, lines: [{ skuId: 11, number: 1 }] })],
  ])('rejects a command to %s with 订单状态已变更', (_name, command) => {
    expect(rejectionOf(order(...history).when(command, at(10)))).toEqual(stateChanged);
  });
});

describe('a group-buy order waiting for payment (1)', () => {
  const history = [placed({ collageId: 88 })];
  const pay = (groupForming: boolean) =>
    cmd('PayOrder', { paymentId: 'pay-1', transactionId: 'wx-1', amount: PRICE, groupForming });

  it('waits in 6 when paid while the group still lacks members', () => {
    const { events } = order(...history).when(pay(true), at(5));
    expect(events).toEqual([paid(true)]);
    expect(stateAfter([...history, ...events])).toBe(6);
  });

  it('goes straight to 2 when its payment completes the group', () => {
    expect(stateAfter([...history, ...order(...history).when(pay(false), at(5)).events])).toBe(2);
  });

  it('closes unpaid without refund when the group fails', () => {
    const { events } = order(...history).when(cmd('CancelForFailedGroup', { collageId: 88 }), at(10));
    expect(events).toEqual([cancelled('group-failed', 0)]);
  });
});

describe('a paid order waiting for its group (6)', () => {
  const history = [placed({ collageId: 88 }), paid(true)];

  it('moves to 2 when the group succeeds', () => {
    const { events } = order(...history).when(cmd('MarkGroupSucceeded', { collageId: 88 }), at(30));
    expect(events).toEqual([groupSucceeded]);
    expect(stateAfter([...history, ...events])).toBe(2);
  });

  it('closes with a refund of the paid amount when the group fails', () => {
    const { events } = order(...history).when(cmd('CancelForFailedGroup', { collageId: 88 }), at(10));
    expect(events).toEqual([cancelled('group-failed', PRICE)]);
    expect(stateAfter([...history, ...events])).toBe(5);
  });

  it('closes with a refund when the shopper cancels', () => {
    expect(order(...history).when(cmd('CancelOrder', {}), at(10)).events).toEqual([cancelled('shopper', PRICE)]);
  });

  it('rejects the unpaid-timeout that fires after payment (stale timer)', () => {
    expect(rejectionOf(order(...history).when(cmd('CloseUnpaidOrder', {}), at(60)))).toEqual(stateChanged);
  });

  it.each([
    ['ship before the group succeeded', cmd('ShipOrder', { express: 'SF', expressName: '顺丰速运', deliverFormid: 'SF1' })],
    ['open an after-sale', cmd('OpenAfterSale', { afterSaleId: 1, afterType: 1, lines: [{ skuId: 11, number: 1 }] })],
    ['delete', cmd('DeleteOrder', {})],
  ])('rejects a command to %s with 订单状态已变更', (_name, command) => {
    expect(rejectionOf(order(...history).when(command, at(20)))).toEqual(stateChanged);
  });

  it('rejects success for another group', () => {
    expect(rejectionOf(order(...history).when(cmd('MarkGroupSucceeded', { collageId: 89 }), at(30)))).toEqual(stateChanged);
  });
});

describe('a paid order waiting for shipment (2)', () => {
  const history = [placed(), paid()];

  it('moves to 3 when the merchant ships, with automatic receipt 15 days later', () => {
    const ship = cmd('ShipOrder', { express: 'SF', expressName: '顺丰速运', deliverFormid: 'SF1234567890' });
    const { events } = order(...history).when(ship, at(DAY));
    expect(events).toEqual([shipped]);
    expect(stateAfter([...history, ...events])).toBe(3);
  });

  it('treats a repeated payment callback for the same transaction as done', () => {
    const again = cmd('PayOrder', { paymentId: 'pay-1', transactionId: 'wx-1', amount: PRICE, groupForming: false });
    expect(order(...history).when(again, at(6))).toEqual({ events: [], rejection: null });
  });

  it('rejects a payment with another transaction', () => {
    const other = cmd('PayOrder', { paymentId: 'pay-2', transactionId: 'wx-2', amount: PRICE, groupForming: false });
    expect(rejectionOf(order(...history).when(other, at(6)))).toEqual(stateChanged);
  });

  it.each([
    ['cancel (spec: shopper cancels only in 1 and 6)', cmd('CancelOrder', {})],
    ['close unpaid (stale timer)', cmd('CloseUnpaidOrder', {})],
    ['confirm receipt', cmd('ConfirmReceipt', receiptWindow)],
    ['review', cmd('ReviewLine', { skuId: 11, commentId: 1 })],
  ])('rejects a command to %s with 订单状态已变更', (_name, command) => {
    expect(rejectionOf(order(...history).when(command, at(2 * 60)))).toEqual(stateChanged);
  });
});

describe('a shipped order waiting for receipt (3)', () => {
  const history = [placed(), paid(), shipped];

  it('completes when the shopper confirms receipt', () => {
    const { events } = order(...history).when(cmd('ConfirmReceipt', receiptWindow), at(3 * DAY));
    expect(events).toEqual([confirmed(false)]);
    expect(stateAfter([...history, ...events])).toBe(4);
  });

  it('completes automatically 15 days after shipping', () => {
    const { events } = order(...history).when(cmd('ConfirmReceiptAutomatically', receiptWindow), at(16 * DAY));
    expect(events).toEqual([confirmed(true, 16 * DAY)]);
  });

  it('records when after-sales close: the confirmation plus the shop\'s window (issue 29)', () => {
    const byShopper = order(...history).when(cmd('ConfirmReceipt', { afterSaleWindowDays: 30 }), at(3 * DAY));
    expect(byShopper.events).toEqual([{ type: 'ReceiptConfirmed', data: { auto: false, confirmedAt: iso(3 * DAY), afterSaleUntil: iso(33 * DAY) } }]);
    const automatically = order(...history).when(cmd('ConfirmReceiptAutomatically', receiptWindow), at(16 * DAY));
    expect(automatically.events[0]).toMatchObject({ data: { afterSaleUntil: iso((16 + WINDOW_DAYS) * DAY) } });
  });

  it('never records a window below the law\'s seven days (七天无理由退货)', () => {
    const { events } = order(...history).when(cmd('ConfirmReceipt', { afterSaleWindowDays: 1 }), at(3 * DAY));
    expect(events[0]).toMatchObject({ data: { afterSaleUntil: iso(10 * DAY) } });
  });

  it('rejects an automatic confirmation before it is due', () => {
    expect(rejectionOf(order(...history).when(cmd('ConfirmReceiptAutomatically', receiptWindow), at(16 * DAY - 1)))).toEqual(stateChanged);
  });
});

describe('a completed order (4)', () => {
  const history = [placed(), paid(), shipped, confirmed()];

  it.each([
    ['confirm again', cmd('ConfirmReceipt', receiptWindow)],
    ['confirm automatically (stale timer)', cmd('ConfirmReceiptAutomatically', receiptWindow)],
    ['delete (spec: only in 5)', cmd('DeleteOrder', {})],
    ['cancel', cmd('CancelOrder', {})],
  ])('rejects a command to %s with 订单状态已变更', (_name, command) => {
    expect(rejectionOf(order(...history).when(command, at(20 * DAY)))).toEqual(stateChanged);
  });
});

describe('a closed order (5)', () => {
  const history = [placed(), cancelled('shopper')];

  it('is deleted: hidden but still state 5 with its stream kept', () => {
    const { events } = order(...history).when(cmd('DeleteOrder', {}), at(20));
    expect(events).toEqual([{ type: 'OrderDeleted', data: { deletedAt: iso(20) } }]);
    expect(stateAfter([...history, ...events])).toBe(5);
  });

  it('rejects a second deletion and a late payment', () => {
    const deleted = [...history, ...order(...history).when(cmd('DeleteOrder', {}), at(20)).events];
    expect(rejectionOf(order(...deleted).when(cmd('DeleteOrder', {}), at(21)))).toEqual(stateChanged);
    const late = cmd('PayOrder', { paymentId: 'pay-1', transactionId: 'wx-1', amount: PRICE, groupForming: false });
    expect(rejectionOf(order(...history).when(late, at(21)))).toEqual(stateChanged);
  });
});
