import { stockDecider } from '../../../domain/stock/stock.decider';
import type { StockEvent } from '../../../domain/stock/stock.events';
import { given, rejectionOf } from '../support/decider-spec';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const sku = (...history: StockEvent[]) => given(stockDecider, history);
const reserve = (reservationId: number, number: number, listedQuantity = 10) =>
  ({ type: 'ReserveStock' as const, data: { skuId: 5, reservationId, userId: 9, number, listedQuantity } });
const initialised = (quantity = 10): StockEvent => ({ type: 'StockInitialised', data: { skuId: 5, quantity } });
const reserved = (reservationId: number, number: number, available: number): StockEvent =>
  ({ type: 'StockReserved', data: { skuId: 5, reservationId, userId: 9, number, available } });
const outOfStock = { code: '80001', message: '商品库存不足' };

describe('a SKU nobody reserved yet', () => {
  it('records the listed quantity first, then the reservation', () => {
    expect(sku().when(reserve(1, 3), NOW).events).toEqual([initialised(10), reserved(1, 3, 7)]);
  });

  it('refuses more than the listed quantity with 商品库存不足', () => {
    expect(rejectionOf(sku().when(reserve(1, 11), NOW))).toEqual(outOfStock);
  });

  it('ignores the listed quantity of later commands once initialised', () => {
    expect(sku(initialised(2)).when(reserve(1, 3, 50), NOW).rejection?.code).toBe('80001');
  });
});

describe('a SKU with 2 left', () => {
  const history = [initialised(5), reserved(1, 3, 2)];

  it('takes the last 2 and then refuses a third, never going below zero', () => {
    const last = sku(...history).when(reserve(2, 2), NOW).events;
    expect(last).toEqual([reserved(2, 2, 0)]);
    expect(rejectionOf(sku(...history, ...last).when(reserve(3, 1), NOW))).toEqual(outOfStock);
  });

  it('records nothing for a reservation asked again', () => {
    expect(sku(...history).when(reserve(1, 3), NOW).events).toEqual([]);
  });

  it('gives a reservation back once, exactly what it took', () => {
    const release = { type: 'ReleaseStock' as const, data: { skuId: 5, reservationId: 1, reason: 'order-closed' as const } };
    const released = sku(...history).when(release, NOW).events;
    expect(released).toEqual([{ type: 'StockReleased', data: { skuId: 5, reservationId: 1, number: 3, reason: 'order-closed', available: 5 } }]);
    expect(sku(...history, ...released).when(release, NOW).events).toEqual([]);
    expect(sku(...history, ...released).when(reserve(1, 3), NOW).events).toEqual([]);
  });

  it('records nothing when releasing a reservation it never took', () => {
    expect(sku(...history).when({ type: 'ReleaseStock', data: { skuId: 5, reservationId: 77, reason: 'checkout-failed' } }, NOW).events).toEqual([]);
  });

  it('adds restocked units to what is available', () => {
    expect(sku(...history).when({ type: 'RestockSku', data: { skuId: 5, added: 4, listedQuantity: 0 } }, NOW).events)
      .toEqual([{ type: 'StockRestocked', data: { skuId: 5, added: 4, available: 6 } }]);
  });
});
