import type { Cart, CartSku, ShopCart } from '../../../domain/cart/cart.contract';
import {
  allSelected, checkoutProblem, invalidReason, placeOrderHref, quantityProblem, selectAll, selectShop, selectSku, summaryOf,
} from '../../../web/src/features/cart/cart.model';

const sku = (skuId: number, over: Partial<CartSku> = {}): CartSku => ({
  shopId: 1, skuId, productId: skuId * 10, productName: `商品${skuId}`, image: '/x.svg', sku: '', value: '', values: [],
  price: 12.5, originalPrice: 20, number: 2, stockNumber: 10, userLimit: 0, shelveState: 1, selected: 1, total: 25, ...over,
});
const shop = (shopId: number, skus: CartSku[]): ShopCart => ({ shopId, shopName: `店${shopId}`, shopLogo: '', selected: 1, skus });

describe('a cart of two shops, one line off the shelf and one sold out', () => {
  const cart: Cart = [
    shop(1, [sku(1), sku(2, { shelveState: 0, selected: 0 })]),
    shop(2, [sku(3, { shopId: 2, price: 0.1, number: 3 }), sku(4, { shopId: 2, stockNumber: 0, selected: 0 })]),
  ];

  it('names why a line is invalid', () => {
    expect([1, 2, 3, 4].map((id) => invalidReason(cart.flatMap((s) => s.skus).find((k) => k.skuId === id) as CartSku)))
      .toEqual([null, '已下架', null, '已售罄']);
  });

  it('counts only selected buyable lines, in fen without float drift', () => {
    expect(summaryOf(cart)).toEqual({ lines: 2, units: 5, totalFen: 2500 + 30 });
  });

  it('calls everything selected when every buyable line is', () => {
    expect(allSelected(cart.flatMap((s) => s.skus))).toBe(true);
    expect(allSelected([sku(9, { shelveState: 0, selected: 0 })])).toBe(false);
  });

  it('hands the selected buyable lines, per shop, to the order page', () => {
    const href = placeOrderHref(cart);
    const url = new URL(href, 'http://shop');
    expect(url.pathname).toBe('/placeOrder');
    expect(url.searchParams.get('type')).toBe('2');
    expect(url.searchParams.get('ifWork')).toBe('0');
    expect(JSON.parse(url.searchParams.get('shops') ?? '')).toEqual([
      { shopId: 1, skus: [{ skuId: 1, number: 2, selected: 1 }] },
      { shopId: 2, skus: [{ skuId: 3, number: 3, selected: 1 }] },
    ]);
  });

  it('builds the selection calls for a SKU, a shop and everything', () => {
    expect(selectSku(sku(3, { shopId: 2 }), false)).toEqual([{ shopId: 2, skus: [{ skuId: 3, selected: 0 }] }]);
    expect(selectShop(cart[0], true)).toEqual([{ shopId: 1, selected: 1, skus: [] }]);
    expect(selectAll(cart, false)).toEqual([{ shopId: 1, selected: 0, skus: [] }, { shopId: 2, selected: 0, skus: [] }]);
  });
});

describe('checking out', () => {
  it('asks for a selection when none is selected', () => {
    expect(checkoutProblem([shop(1, [sku(1, { selected: 0 })])])).toBe('请至少选中一件商品');
  });

  it('refuses a selected line that went off the shelf', () => {
    expect(checkoutProblem([shop(1, [sku(1), sku(2, { shelveState: 0 })])])).toBe('选中的商品中有下架商品');
  });

  it('refuses a selected quantity above the stock', () => {
    expect(checkoutProblem([shop(1, [sku(1, { number: 11 })])])).toBe('商品库存不足');
  });

  it('lets a good selection through', () => {
    expect(checkoutProblem([shop(1, [sku(1), sku(2, { shelveState: 0, selected: 0 })])])).toBeNull();
  });
});

describe('the quantity stepper', () => {
  it('keeps 1..stock with the rule\'s messages', () => {
    expect(quantityProblem(sku(1, { stockNumber: 3 }), 3)).toBeNull();
    expect(quantityProblem(sku(1, { stockNumber: 3 }), 4)).toBe('商品库存不足');
    expect(quantityProblem(sku(1, { stockNumber: 3 }), 0)).toBe('商品数量不能少于1件');
  });

  it('stops at a flash sale\'s per-person limit with 已超出最大限制购买数量', () => {
    expect(quantityProblem(sku(1, { stockNumber: 10, userLimit: 2 }), 2)).toBeNull();
    expect(quantityProblem(sku(1, { stockNumber: 10, userLimit: 2 }), 3)).toBe('已超出最大限制购买数量');
  });
});
