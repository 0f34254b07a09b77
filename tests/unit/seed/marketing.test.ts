/** The demo coupons and promotions: live relative to the seeding moment, pointing at SKUs that can be bought. */
import { coupons, NOW, onSale, products, promotions } from './seed.fixtures';

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => Date.parse(iso);
const skuById = new Map(products.flatMap((p) => p.skus.map((s) => [s.skuId, { ...s, product: p }] as const)));

describe('the demo coupons', () => {
  const platform = coupons.filter((c) => c.couponId > 0);
  const shop = coupons.filter((c) => c.shopCouponId > 0);

  it('are valid from a day ago to 30 days ahead', () => {
    for (const c of coupons) {
      expect(NOW.getTime() - at(c.startTime)).toBeGreaterThanOrEqual(24 * HOUR);
      expect(at(c.endTime) - NOW.getTime()).toBeGreaterThanOrEqual(29 * 24 * HOUR);
    }
  });

  it('include platform amount-off coupons with and without threshold, a discount one and one for listed products', () => {
    expect(platform.some((c) => c.couponType === 1 && c.threshold > 0)).toBe(true);
    expect(platform.some((c) => c.couponType === 1 && c.threshold === 0)).toBe(true);
    expect(platform.some((c) => c.couponType === 2 && c.discountTenths > 0 && c.discountTenths < 100)).toBe(true);
    const restricted = platform.filter((c) => c.productIds.length > 0);
    expect(restricted.length).toBeGreaterThan(0);
    expect(restricted.every((c) => c.productIds.every((id) => products.some((p) => p.productId === id)))).toBe(true);
  });

  it('include a sold-out coupon (stock 0) and per-user limits', () => {
    expect(coupons.some((c) => c.stock === 0)).toBe(true);
    expect(coupons.every((c) => c.perUserLimit >= 1)).toBe(true);
  });

  it('include stackable and non-stackable shop coupons of several shops', () => {
    expect(new Set(shop.map((c) => c.shopId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(shop.map((c) => c.ifAdd))).toEqual(new Set([0, 1]));
    expect(shop.every((c) => c.couponId === 0 && c.shopId > 0)).toBe(true);
    expect(platform.every((c) => c.shopCouponId === 0 && c.shopId === 0)).toBe(true);
  });

  it('never reduce more than their threshold asks for', () => {
    expect(coupons.filter((c) => c.couponType === 1 && c.threshold > 0).every((c) => c.reduceMoney < c.threshold)).toBe(true);
  });
});

describe('the demo promotions', () => {
  const live = (kind: string) => promotions.filter((p) => p.kind === kind && at(p.startTime) <= NOW.getTime() && at(p.endTime) > NOW.getTime());

  it('run at least two live flash sales, timed discounts and group buys', () => {
    expect(live('seckill').length).toBeGreaterThanOrEqual(2);
    expect(live('discount').length).toBeGreaterThanOrEqual(2);
    expect(live('group-work').length).toBeGreaterThanOrEqual(2);
  });

  it('include a flash sale that starts in 2 hours (预热)', () => {
    expect(promotions.some((p) => p.kind === 'seckill' && Math.abs(at(p.startTime) - NOW.getTime() - 2 * HOUR) < 60_000)).toBe(true);
  });

  it('form groups of 2 or 3 within 24 hours', () => {
    for (const p of promotions.filter((x) => x.kind === 'group-work')) {
      expect([2, 3]).toContain(p.person);
      expect(p.effectiveHours).toBe(24);
    }
  });

  it('sell several in-stock SKUs of the shop\'s own products on sale, below the list price', () => {
    for (const p of promotions) {
      expect(p.items.length).toBeGreaterThanOrEqual(2);
      for (const item of p.items) {
        const sku = skuById.get(item.skuId);
        expect(sku?.product.productId).toBe(item.productId);
        expect(sku?.product.shopId).toBe(p.shopId);
        expect(onSale(sku!.product)).toBe(true);
        expect(sku!.stock).toBeGreaterThan(0);
        expect(item.price).toBeLessThan(sku!.price);
        expect(item.limitStock).toBeGreaterThan(0);
      }
    }
  });

  it('put a SKU in at most one activity', () => {
    const skus = promotions.flatMap((p) => p.items.map((i) => i.skuId));
    expect(new Set(skus).size).toBe(skus.length);
  });
});
