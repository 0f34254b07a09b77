import { given, rejectionOf } from '../../tests/unit/support/decider-spec';
import { cartCount, cartDecider, type CartCommand, type ShopSelection, type SkuFacts } from './cart.decider';
import type { CartEvent } from './cart.events';

const now = new Date('2025-03-01T08:00:00.000Z');
const userId = 7;
const sku = (skuId: number, stock = 10, onSale = true, shopId = 9): SkuFacts => ({ skuId, productId: skuId * 10, shopId, stock, onSale });
const added = (skuId: number, addedNow: number, number = addedNow, shopId = 9): CartEvent => ({
  type: 'CartLineAdded', data: { userId, skuId, productId: skuId * 10, shopId, added: addedNow, number },
});
const cart = (...events: CartEvent[]) => given(cartDecider, events);
const add = (facts: SkuFacts, number: number): CartCommand => ({ type: 'AddToCart', data: { userId, sku: facts, number } });
const change = (facts: SkuFacts, number: number): CartCommand => ({ type: 'ChangeLineNumber', data: { userId, sku: facts, number } });
const select = (shops: ShopSelection[], unavailable: number[] = []): CartCommand => ({ type: 'SelectLines', data: { userId, shops, unavailable } });
const skus = (selected: boolean, ...skuIds: number[]) => skuIds.map((skuId) => ({ skuId, selected }));

describe('an empty cart', () => {
  it('adds a line, selected, with the quantity asked', () => {
    expect(cart().when(add(sku(1), 2), now).events).toEqual([added(1, 2)]);
  });

  it('refuses a quantity above the stock with 商品库存不足', () => {
    expect(rejectionOf(cart().when(add(sku(1, 3), 4), now))).toEqual({ code: '80001', message: '商品库存不足' });
  });

  it('refuses a sold-out SKU with 商品库存不足', () => {
    expect(rejectionOf(cart().when(add(sku(1, 0), 1), now))?.message).toBe('商品库存不足');
  });

  it('refuses a SKU that is off the shelf with 商品已下架', () => {
    expect(rejectionOf(cart().when(add(sku(1, 10, false), 1), now))?.message).toBe('商品已下架');
  });

  it('records nothing when clearing it', () => {
    expect(cart().when({ type: 'ClearCart', data: { userId } }, now).events).toEqual([]);
  });

  it('counts no line', () => {
    expect(cartCount(cart().state)).toBe(0);
  });
});

describe('a cart holding two units of a SKU', () => {
  const history = [added(1, 2)];

  it('adds to the existing line', () => {
    expect(cart(...history).when(add(sku(1), 3), now).events).toEqual([added(1, 3, 5)]);
  });

  it('refuses an add that would pass the stock, counting what the line holds', () => {
    expect(rejectionOf(cart(...history).when(add(sku(1, 4), 3), now))?.message).toBe('商品库存不足');
  });

  it('changes the quantity within the stock', () => {
    expect(cart(...history).when(change(sku(1, 4), 4), now).events)
      .toEqual([{ type: 'CartLineNumberChanged', data: { userId, skuId: 1, number: 4 } }]);
  });

  it('records nothing for the same quantity', () => {
    expect(cart(...history).when(change(sku(1), 2), now).events).toEqual([]);
  });

  it('refuses a quantity above the stock', () => {
    expect(rejectionOf(cart(...history).when(change(sku(1, 4), 5), now))?.message).toBe('商品库存不足');
  });

  it('refuses to change the line once it is off the shelf', () => {
    expect(rejectionOf(cart(...history).when(change(sku(1, 4, false), 1), now)))
      .toEqual({ code: '800101', message: '选中的商品中有下架商品' });
  });

  it('refuses to change a line it does not hold', () => {
    expect(rejectionOf(cart(...history).when(change(sku(2), 1), now))?.message).toBe('购物车中没有该商品');
  });
});

describe('a cart holding two units of a flash-sale SKU limited to 3 per person', () => {
  const history = [added(1, 2)];
  const limited = { ...sku(1), userLimit: 3 };

  it('changes the quantity up to the limit', () => {
    expect(cart(...history).when(change(limited, 3), now).events)
      .toEqual([{ type: 'CartLineNumberChanged', data: { userId, skuId: 1, number: 3 } }]);
  });

  it('refuses a quantity above the limit with 已超出最大限制购买数量', () => {
    expect(rejectionOf(cart(...history).when(change(limited, 4), now))).toEqual({ code: '80005', message: '已超出最大限制购买数量' });
  });

  it('refuses an add that would pass the limit, counting what the line holds', () => {
    expect(rejectionOf(cart(...history).when(add(limited, 2), now))?.message).toBe('已超出最大限制购买数量');
  });
});

describe('a cart of three selected lines in two shops', () => {
  const history = [added(1, 1), added(2, 1), added(3, 1, 1, 12)];

  it('counts three lines', () => {
    expect(cartCount(cart(...history).state)).toBe(3);
  });

  it('unselects the lines named and selects nothing already selected', () => {
    expect(cart(...history).when(select([{ shopId: 9, skus: [...skus(true, 1), ...skus(false, 2)] }, { shopId: 12, skus: skus(false, 3) }]), now).events)
      .toEqual([{ type: 'CartLinesUnselected', data: { userId, skuIds: [2, 3] } }]);
  });

  it('unselects a whole shop by its flag, a SKU flag of that shop winning', () => {
    expect(cart(...history).when(select([{ shopId: 9, selected: false, skus: skus(true, 2) }]), now).events)
      .toEqual([{ type: 'CartLinesUnselected', data: { userId, skuIds: [1] } }]);
  });

  it('selects again only lines that are not off the shelf or sold out', () => {
    const unselected: CartEvent = { type: 'CartLinesUnselected', data: { userId, skuIds: [1, 2, 3] } };
    const all = [{ shopId: 9, selected: true, skus: [] }, { shopId: 12, selected: true, skus: [] }];
    expect(cart(...history, unselected).when(select(all, [2]), now).events)
      .toEqual([{ type: 'CartLinesSelected', data: { userId, skuIds: [1, 3] } }]);
  });

  it('ignores SKUs the cart does not hold', () => {
    expect(cart(...history).when(select([{ shopId: 9, skus: skus(false, 42) }]), now).events).toEqual([]);
  });

  it('removes the lines it holds and ignores the others', () => {
    expect(cart(...history).when({ type: 'RemoveLines', data: { userId, skuIds: [2, 99] } }, now).events)
      .toEqual([{ type: 'CartLinesRemoved', data: { userId, skuIds: [2] } }]);
  });

  it('refuses to delete with nothing selected', () => {
    expect(rejectionOf(cart(...history).when({ type: 'RemoveLines', data: { userId, skuIds: [] } }, now)))
      .toEqual({ code: '800102', message: '请选中需要删除的商品' });
  });

  it('records nothing for a repeated delete', () => {
    const removed: CartEvent = { type: 'CartLinesRemoved', data: { userId, skuIds: [2] } };
    expect(cart(...history, removed).when({ type: 'RemoveLines', data: { userId, skuIds: [2] } }, now).events).toEqual([]);
  });

  it('clears every line, naming them', () => {
    expect(cart(...history).when({ type: 'ClearCart', data: { userId } }, now).events)
      .toEqual([{ type: 'CartCleared', data: { userId, skuIds: [1, 2, 3] } }]);
  });

  it('clears only the invalid lines it holds', () => {
    expect(cart(...history).when({ type: 'ClearInvalidLines', data: { userId, invalid: [3, 42] } }, now).events)
      .toEqual([{ type: 'CartInvalidLinesCleared', data: { userId, skuIds: [3] } }]);
  });

  it('lets checked-out lines leave once, naming the order', () => {
    const checkOut: CartCommand = { type: 'CheckOutLines', data: { userId, orderId: 500, skuIds: [1, 3] } };
    const first = cart(...history).when(checkOut, now).events;
    expect(first).toEqual([{ type: 'CartLinesCheckedOut', data: { userId, orderId: 500, skuIds: [1, 3] } }]);
    expect(cart(...history, ...first).when(checkOut, now).events).toEqual([]);
    expect(cartCount(cart(...history, ...first).state)).toBe(1);
  });
});

describe('buying an order again', () => {
  const buyAgain = (lines: Array<{ sku: SkuFacts; number: number }>): CartCommand =>
    ({ type: 'BuyAgain', data: { userId, orderId: 500, lines } });

  it('re-adds the order lines on top of the cart, within the stock, selected', () => {
    const { events } = cart(added(1, 3)).when(buyAgain([{ sku: sku(1, 4), number: 2 }, { sku: sku(2), number: 1 }]), now);
    expect(events).toEqual([{
      type: 'CartBoughtAgain',
      data: {
        userId, orderId: 500,
        lines: [
          { skuId: 1, productId: 10, shopId: 9, added: 1, number: 4 },
          { skuId: 2, productId: 20, shopId: 9, added: 1, number: 1 },
        ],
      },
    }]);
  });

  it('leaves out lines that are off the shelf or sold out', () => {
    const { events } = cart().when(buyAgain([{ sku: sku(1, 0), number: 1 }, { sku: sku(2, 5, false), number: 1 }, { sku: sku(3), number: 2 }]), now);
    expect(events[0]?.type === 'CartBoughtAgain' && events[0].data.lines.map((l) => l.skuId)).toEqual([3]);
  });

  it('refuses with 商品库存不足 when no line can be bought', () => {
    expect(rejectionOf(cart().when(buyAgain([{ sku: sku(1, 0), number: 1 }]), now))?.message).toBe('商品库存不足');
  });
});
