import { orderDecider } from '../../../domain/order/order.decider';
import type { OrderEvent } from '../../../domain/order/order.events';
import { orderStateNumber, orderView } from '../../../domain/order/order.view';
import { given, rejectionOf } from '../support/decider-spec';
import {
  DAY, WINDOW_DAYS, afterSaleClosed, afterSaleOpened, at, autoConfirmPaused, cmd, confirmed, iso, paid, placed, receiptWindow, reviewed, shipped,
} from './order.fixtures';

const stateChanged = { code: '400001', message: '订单状态已变更' };
const order = (...history: OrderEvent[]) => given(orderDecider, history);
const open = (afterSaleId: number, skuIds: number[]) => cmd('OpenAfterSale', {
  afterSaleId, afterType: 1, lines: skuIds.map((skuId) => ({ skuId, number: skuId === 11 ? 2 : 1 })),
});
const close = (afterSaleId: number, outcome: 'refunded' | 'withdrawn') => cmd('CloseAfterSale', {
  afterSaleId, outcome, afterState: outcome === 'refunded' ? 4 : 9, refundAmount: outcome === 'refunded' ? 9000 : 0,
});

describe('an order waiting for shipment (2) with an after-sale', () => {
  const history = [placed(), paid()];

  it('holds the line while open and releases it when withdrawn, staying in 2', () => {
    const opened = order(...history).when(open(1, [11]), at(2 * DAY));
    expect(opened.events).toEqual([afterSaleOpened(1, [11])]);
    const withOpen = [...history, ...opened.events];
    expect(orderView(order(...withOpen).state, at(2 * DAY))?.lines.map((l) => [l.afterState, l.ifAfter])).toEqual([[1, 0], [null, 1]]);
    const closed = order(...withOpen).when(close(1, 'withdrawn'), at(2 * DAY + 60));
    expect(closed.events).toEqual([afterSaleClosed(1)]);
    expect(orderStateNumber(order(...withOpen, ...closed.events).state)).toBe(2);
  });

  it('closes when the last line is refunded in full', () => {
    const withOpen = [...history, afterSaleOpened(1, [11, 12])];
    const { events } = order(...withOpen).when(close(1, 'refunded'), at(2 * DAY + 60));
    expect(events).toEqual([afterSaleClosed(1, 'refunded'), { type: 'OrderRefundedInFull', data: { closedAt: iso(2 * DAY + 60) } }]);
    expect(orderStateNumber(order(...withOpen, ...events).state)).toBe(5);
  });

  it('ships with the receipt clock already paused at the full 15 days', () => {
    const withOpen = [...history, afterSaleOpened(1, [11])];
    const ship = cmd('ShipOrder', { express: 'SF', expressName: '顺丰速运', deliverFormid: 'SF1234567890' });
    const { events } = order(...withOpen).when(ship, at(DAY));
    expect(events[1]).toEqual({ type: 'AutoConfirmPaused', data: { remainingMs: 15 * DAY * 60_000, pausedAt: iso(DAY) } });
    expect(orderView(order(...withOpen, ...events).state, at(5 * DAY))?.time).toBe(15 * DAY * 60_000);
  });

  it('rejects a second after-sale on a line that has one open', () => {
    expect(rejectionOf(order(...history, afterSaleOpened(1, [11])).when(open(2, [11]), at(2 * DAY)))).toEqual(stateChanged);
  });

  it('rejects an after-sale for a sku not in the order with 订单中没有该商品', () => {
    expect(rejectionOf(order(...history).when(open(1, [99]), at(2 * DAY)))).toEqual({ code: '400003', message: '订单中没有该商品' });
  });

  it('rejects closing an after-sale that is not open', () => {
    expect(rejectionOf(order(...history).when(close(1, 'withdrawn'), at(2 * DAY)))).toEqual(stateChanged);
  });
});

describe('a shipped order (3) whose shopper opens an after-sale', () => {
  const history = [placed(), paid(), shipped];

  it('pauses automatic receipt with the time that was left', () => {
    const { events } = order(...history).when(open(1, [11]), at(2 * DAY));
    expect(events).toEqual([afterSaleOpened(1, [11]), autoConfirmPaused]);
    const view = orderView(order(...history, ...events).state, at(10 * DAY));
    expect(view).toMatchObject({ state: 3, autoConfirmPaused: true, time: 14 * DAY * 60_000, ifAfter: 0 });
  });

  it('does not pause twice for a second after-sale on another line', () => {
    const paused = [...history, afterSaleOpened(1, [11]), autoConfirmPaused];
    expect(order(...paused).when(open(2, [12]), at(2 * DAY)).events).toEqual([afterSaleOpened(2, [12])]);
  });

  it('resumes with the remaining time when the last after-sale closes', () => {
    const paused = [...history, afterSaleOpened(1, [11]), autoConfirmPaused];
    const { events } = order(...paused).when(close(1, 'withdrawn'), at(5 * DAY));
    expect(events).toEqual([afterSaleClosed(1, 'withdrawn', 5 * DAY), {
      type: 'AutoConfirmResumed', data: { autoConfirmAt: iso(19 * DAY), resumedAt: iso(5 * DAY) },
    }]);
    expect(orderView(order(...paused, ...events).state, at(18 * DAY))).toMatchObject({ autoConfirmPaused: false, time: DAY * 60_000 });
  });

  it('stays paused while another after-sale is still open', () => {
    const paused = [...history, afterSaleOpened(1, [11]), autoConfirmPaused, afterSaleOpened(2, [12], 2 * DAY + 1)];
    expect(order(...paused).when(close(1, 'withdrawn'), at(5 * DAY)).events).toEqual([afterSaleClosed(1, 'withdrawn', 5 * DAY)]);
  });

  it('rejects the automatic confirmation while paused (stale timer)', () => {
    const paused = [...history, afterSaleOpened(1, [11]), autoConfirmPaused];
    expect(rejectionOf(order(...paused).when(cmd('ConfirmReceiptAutomatically', receiptWindow), at(16 * DAY)))).toEqual(stateChanged);
  });

  it('still lets the shopper confirm receipt while paused', () => {
    const paused = [...history, afterSaleOpened(1, [11]), autoConfirmPaused];
    const { events } = order(...paused).when(cmd('ConfirmReceipt', receiptWindow), at(3 * DAY));
    expect(orderStateNumber(order(...paused, ...events).state)).toBe(4);
  });

  it('closes when every line is refunded', () => {
    const paused = [...history, afterSaleOpened(1, [11, 12]), autoConfirmPaused];
    const { events } = order(...paused).when(close(1, 'refunded'), at(5 * DAY));
    expect(events.map((e) => e.type)).toEqual(['AfterSaleClosed', 'OrderRefundedInFull']);
    expect(orderStateNumber(order(...paused, ...events).state)).toBe(5);
  });
});

describe('a completed order (4) being reviewed', () => {
  const history = [placed(), paid(), shipped, confirmed()];

  it('records a line review and clears ifNotComment once every line is reviewed', () => {
    const first = order(...history).when(cmd('ReviewLine', { skuId: 11, commentId: 301 }), at(4 * DAY));
    expect(first.events).toEqual([reviewed(11, 301)]);
    expect(orderView(order(...history, ...first.events).state, at(4 * DAY))?.ifNotComment).toBe(1);
    const all = [...history, reviewed(11, 301), reviewed(12, 302)];
    expect(orderView(order(...all).state, at(4 * DAY))?.ifNotComment).toBe(0);
  });

  it('rejects a second review of the same line with 已评价过该商品', () => {
    const once = [...history, reviewed(11, 301)];
    expect(rejectionOf(order(...once).when(cmd('ReviewLine', { skuId: 11, commentId: 303 }), at(5 * DAY))))
      .toEqual({ code: '400002', message: '已评价过该商品' });
  });

  it('rejects a review of a sku not in the order with 订单中没有该商品', () => {
    expect(rejectionOf(order(...history).when(cmd('ReviewLine', { skuId: 99, commentId: 1 }), at(4 * DAY))))
      .toEqual({ code: '400003', message: '订单中没有该商品' });
  });

  it('takes an after-sale without touching a receipt clock, and closes when all is refunded', () => {
    const { events } = order(...history).when(open(1, [11, 12]), at(4 * DAY));
    expect(events.map((e) => e.type)).toEqual(['AfterSaleOpened']);
    const closing = order(...history, ...events).when(close(1, 'refunded'), at(5 * DAY));
    expect(orderStateNumber(order(...history, ...events, ...closing.events).state)).toBe(5);
  });

  it('lets a line get another after-sale after a refused one', () => {
    const refused = [...history, afterSaleOpened(1, [11]), afterSaleClosed(1, 'withdrawn')];
    expect(order(...refused).when(open(2, [11]), at(5 * DAY)).events).toEqual([afterSaleOpened(2, [11], 5 * DAY)]);
  });
});

describe('a completed order (4) and its after-sale window (issue 29)', () => {
  const windowClosed = { code: '300016', message: '已超过售后期限' };
  const completed = [placed(), paid(), shipped, confirmed(false, 3 * DAY)];
  const until = 3 * DAY + WINDOW_DAYS * DAY;

  it('holds lines for an after-sale up to the recorded afterSaleUntil, itself included', () => {
    expect(order(...completed).when(open(1, [11]), at(until)).events).toEqual([afterSaleOpened(1, [11], until)]);
  });

  it('stops offering after-sales in the order view past it (ifAfter 0 on the order and its lines)', () => {
    const view = (minutes: number) => orderView(order(...completed).state, at(minutes));
    expect(view(until)).toMatchObject({ ifAfter: 1, lines: [{ ifAfter: 1 }, { ifAfter: 1 }] });
    expect(view(until + 1)).toMatchObject({ ifAfter: 0, lines: [{ ifAfter: 0 }, { ifAfter: 0 }] });
  });

  it('refuses an after-sale after it with 已超过售后期限', () => {
    expect(rejectionOf(order(...completed).when(open(1, [11]), at(until + 1)))).toEqual(windowClosed);
  });

  it('gives a receipt recorded before the window existed the legal floor: 7 days after confirmation', () => {
    const legacy: OrderEvent = { type: 'ReceiptConfirmed', data: { auto: false, confirmedAt: iso(3 * DAY) } };
    const old = [placed(), paid(), shipped, legacy];
    expect(order(...old).when(open(1, [11]), at(10 * DAY)).events).toHaveLength(1);
    expect(rejectionOf(order(...old).when(open(1, [11]), at(10 * DAY + 1)))).toEqual(windowClosed);
  });
});
