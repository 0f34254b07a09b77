import {
  unpaidHoldingsDecider, unpaidUnitsCapOf, type UnpaidHoldingsCommand, type UnpaidLimits,
} from '../../../domain/checkout/unpaid-holdings.decider';
import type { UnpaidHoldingsEvent } from '../../../domain/checkout/unpaid-holdings.events';
import { given, rejectionOf } from '../support/decider-spec';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const limits: UnpaidLimits = { orders: 2, unitsPerSku: 5, shareOfStockPercent: 30 };
const holdings = (...history: UnpaidHoldingsEvent[]) => given(unpaidHoldingsDecider, history);
/** checkout `checkoutId` placing one order per entry: [orderId, skuId, units], listed stock 100 unless told */
const hold = (checkoutId: number, orders: [number, number, number][], listedQuantity = 100): UnpaidHoldingsCommand => ({
  type: 'HoldUnpaid',
  data: {
    userId: 9, checkoutId, limits,
    orders: orders.map(([orderId, skuId, number]) => ({ orderId, lines: [{ skuId, number, listedQuantity }] })),
  },
});
const held = (checkoutId: number, orders: [number, number, number][]): UnpaidHoldingsEvent => ({
  type: 'UnpaidOrdersHeld',
  data: { userId: 9, checkoutId, orders: orders.map(([orderId, skuId, number]) => ({ orderId, lines: [{ skuId, number }] })) },
});
const release = (orderId: number): UnpaidHoldingsCommand =>
  ({ type: 'ReleaseUnpaid', data: { userId: 9, orderId, reason: 'paid' } });
const released = (orderId: number): UnpaidHoldingsEvent =>
  ({ type: 'UnpaidOrderReleased', data: { userId: 9, orderId, reason: 'paid' } });

const TOO_MANY_ORDERS = { code: '81007', message: '待付款订单过多，请先支付或取消后再下单' };
const TOO_MANY_UNITS = { code: '81008', message: '该商品待付款数量已超出最大限制，请先支付已有订单' };

describe('a shopper holding nothing unpaid', () => {
  it('holds a checkout\'s orders up to the caps', () => {
    expect(holdings().when(hold(1, [[10, 7, 3], [11, 8, 5]]), NOW).events).toEqual([held(1, [[10, 7, 3], [11, 8, 5]])]);
  });

  it('refuses a checkout placing more orders than the cap with 81007', () => {
    expect(rejectionOf(holdings().when(hold(1, [[10, 7, 1], [11, 8, 1], [12, 9, 1]]), NOW))).toEqual(TOO_MANY_ORDERS);
  });

  it('refuses more units of one SKU than the cap with 81008, counted over the checkout\'s orders', () => {
    expect(rejectionOf(holdings().when(hold(1, [[10, 7, 6]]), NOW))).toEqual(TOO_MANY_UNITS);
    expect(rejectionOf(holdings().when(hold(1, [[10, 7, 3], [11, 7, 3]]), NOW))).toEqual(TOO_MANY_UNITS);
  });
});

describe('the shopper\'s share of a small stock', () => {
  it('is max(1, floor(listed × share%)), never above the unit cap', () => {
    expect(unpaidUnitsCapOf(limits, 15)).toBe(4);
    expect(unpaidUnitsCapOf(limits, 3)).toBe(1);
    expect(unpaidUnitsCapOf(limits, 0)).toBe(1);
    expect(unpaidUnitsCapOf(limits, 1000)).toBe(5);
    expect(unpaidUnitsCapOf({ ...limits, shareOfStockPercent: 100 }, 3)).toBe(3);
  });

  it('refuses holding all 15 units of a SKU listing 15, across checkouts too', () => {
    expect(rejectionOf(holdings().when(hold(1, [[10, 7, 5]], 15), NOW))).toEqual(TOO_MANY_UNITS);
    expect(holdings().when(hold(1, [[10, 7, 4]], 15), NOW).events).toHaveLength(1);
    expect(rejectionOf(holdings(held(1, [[10, 7, 4]])).when(hold(2, [[11, 7, 1]], 15), NOW))).toEqual(TOO_MANY_UNITS);
  });
});

describe('a shopper holding two orders (the cap)', () => {
  const history = [held(1, [[10, 7, 3]]), held(2, [[11, 8, 1]])];

  it('refuses a third order with 81007', () => {
    expect(rejectionOf(holdings(...history).when(hold(3, [[12, 9, 1]]), NOW))).toEqual(TOO_MANY_ORDERS);
  });

  it('records nothing when a checkout it holds asks again', () => {
    expect(holdings(...history).when(hold(2, [[11, 8, 1]]), NOW).events).toEqual([]);
  });

  it('makes room when one is released (paid or closed), once', () => {
    expect(holdings(...history).when(release(10), NOW).events).toEqual([released(10)]);
    expect(holdings(...history, released(10)).when(release(10), NOW).events).toEqual([]);
    expect(holdings(...history, released(10)).when(hold(3, [[12, 7, 5]]), NOW).events).toEqual([held(3, [[12, 7, 5]])]);
  });

  it('counts the units of a SKU over the orders still held', () => {
    const shopper = holdings(held(1, [[10, 7, 3]]));
    expect(rejectionOf(shopper.when(hold(2, [[11, 7, 3]]), NOW))).toEqual(TOO_MANY_UNITS);
    expect(shopper.when(hold(2, [[11, 7, 2]]), NOW).events).toHaveLength(1);
  });

  it('records nothing releasing an order it never held, and never holds a released checkout again', () => {
    expect(holdings(...history).when(release(99), NOW).events).toEqual([]);
    expect(holdings(...history, released(10)).when(hold(1, [[10, 7, 3]]), NOW).events).toEqual([]);
  });
});
