import { settle, type Settlement } from '../../../domain/pricing/settlement';
import { amountOff, discount, input, rejection, shop12, shop13, shop5, shop9, shop9Small } from './settlement.fixtures';

const byShop = (s: Settlement) => Object.fromEntries(s.shops.map((shop) => [shop.shopId, shop]));
const lineCoupons = (s: Settlement, shopId: number) => byShop(s)[shopId].lines.map((l) => [l.shopCouponFen, l.platformCouponFen]);

describe('a cart of three shops without coupons', () => {
  const s = settle(input([shop9, shop12, shop5]));

  it('adds goods and each shop\'s shipping', () => {
    expect(s.shops.map((x) => [x.shopId, x.goodsFen, x.shippingFen, x.distributionName, x.payableFen])).toEqual([
      [9, 15000, 1000, '按件', 16000], [12, 2999, 0, '全国包邮', 2999], [5, 1001, 0, '全国包邮', 1001],
    ]);
    expect([s.goodsFen, s.shippingFen, s.discountFen, s.payableFen]).toEqual([19000, 1000, 0, 20000]);
  });
});

describe('an empty selection', () => {
  it('is refused with 请至少选中一件商品', () => {
    expect(rejection(() => settle(input([{ shopId: 9, lines: [] }])))).toEqual({ code: '310006', message: '请至少选中一件商品' });
  });
});

describe('a shop coupon', () => {
  it.each([
    ['10.00 off from 100.00, over both lines by goods', amountOff('shop', 1000, { shopId: 9, thresholdFen: 10000 }), [[667, 0], [333, 0]], 15000],
    ['10.00 off restricted to product 1002', amountOff('shop', 1000, { shopId: 9, productIds: [1002] }), [[0, 0], [1000, 0]], 15000],
    ['80.00 off a 50.00 product: capped at its goods', amountOff('shop', 8000, { shopId: 9, productIds: [1002] }), [[0, 0], [5000, 0]], 11000],
    ['9折 on 150.00', discount('shop', 9, { shopId: 9 }), [[1000, 0], [500, 0]], 14500],
  ])('%s', (_, coupon, lines, payable) => {
    const s = settle(input([shop9], { shops: { 9: coupon } }));
    expect(lineCoupons(s, 9)).toEqual(lines);
    expect(s.payableFen).toBe(payable);
    expect(byShop(s)[9].shopCouponId).toBe(coupon.couponId);
  });

  it('rounds a discount down to the fen: 9.5折 on 29.99 takes 1.49', () => {
    expect(settle(input([shop12], { shops: { 12: discount('shop', 9.5, { shopId: 12 }) } })).shopCouponFen).toBe(149);
  });

  it.each([
    ['its threshold is not met', amountOff('shop', 1000, { shopId: 9, thresholdFen: 15001 }), '310004'],
    ['the restricted products fall short of the threshold', amountOff('shop', 1000, { shopId: 9, thresholdFen: 10000, productIds: [1002] }), '310004'],
    ['none of its products are in the shop', amountOff('shop', 1000, { shopId: 9, productIds: [9999] }), '310005'],
    ['it belongs to another shop', amountOff('shop', 1000, { shopId: 12 }), '310005'],
    ['it is a platform coupon', amountOff('platform', 1000), '310005'],
  ])('is refused when %s', (_, coupon, code) => {
    expect(rejection(() => settle(input([shop9], { shops: { 9: coupon } }))).code).toBe(code);
  });
});

describe('a platform coupon over several shops', () => {
  it('splits evenly by ascending shop id, the remainder fen to the first shops', () => {
    const s = settle(input([shop9, shop12, shop5], { platform: amountOff('platform', 100) }));
    expect(s.shops.map((x) => [x.shopId, x.platformCouponFen])).toEqual([[9, 33], [12, 33], [5, 34]]);
    expect(lineCoupons(s, 9)).toEqual([[0, 22], [0, 11]]);
    expect([s.platformCouponFen, s.payableFen, s.platformCouponId]).toEqual([100, 19900, 11]);
  });

  it('splits only across the shops holding products it applies to', () => {
    const s = settle(input([shop9, shop12, shop5], { platform: amountOff('platform', 1001, { productIds: [1001, 2001] }) }));
    expect(s.shops.map((x) => [x.shopId, x.platformCouponFen])).toEqual([[9, 501], [12, 500], [5, 0]]);
    expect(lineCoupons(s, 9)).toEqual([[0, 501], [0, 0]]);
  });

  it('splits a discount the same way: 9折 on 190.00 → 19.00 as 6.34 / 6.33 / 6.33', () => {
    const s = settle(input([shop9, shop12, shop5], { platform: discount('platform', 9) }));
    expect(s.shops.map((x) => [x.shopId, x.platformCouponFen])).toEqual([[9, 633], [12, 633], [5, 634]]);
  });

  it('stacks on a stackable shop coupon, reducing what the shop coupon left', () => {
    const s = settle(input([shop9], { platform: amountOff('platform', 300), shops: { 9: amountOff('shop', 1500, { shopId: 9 }) } }));
    expect(lineCoupons(s, 9)).toEqual([[1000, 200], [500, 100]]);
    expect([s.shopCouponFen, s.platformCouponFen, s.discountFen, s.payableFen]).toEqual([1500, 300, 1800, 14200]);
  });

  it('is refused on top of a non-stackable shop coupon', () => {
    const coupons = { platform: amountOff('platform', 100), shops: { 9: amountOff('shop', 100, { shopId: 9, stackable: false }) } };
    expect(rejection(() => settle(input([shop9], coupons)))).toEqual({ code: '310002', message: '已选择的店铺券中存在不能叠加的' });
  });

  it('is refused below its threshold, counted on the goods it applies to', () => {
    const coupon = amountOff('platform', 100, { thresholdFen: 3000, productIds: [2001, 3001] });
    expect(rejection(() => settle(input([shop9, shop12], { platform: coupon }))).code).toBe('310004');
  });
});

describe('a platform coupon against the payable', () => {
  it.each([
    ['more than the payable', 3000],
    ['equal to the payable (an order paying 0 cannot be placed)', 2999],
  ])('is refused when %s with 优惠券金额不能大于付款金额', (_, amountFen) => {
    expect(rejection(() => settle(input([shop12], { platform: amountOff('platform', amountFen) })))).toEqual({
      code: '310001', message: '优惠券金额不能大于付款金额',
    });
  });

  it('is accepted one fen below it', () => {
    expect(settle(input([shop12], { platform: amountOff('platform', 2998) })).payableFen).toBe(1);
  });

  it('counts the payable after shop coupons', () => {
    const coupons = { platform: amountOff('platform', 2000), shops: { 12: amountOff('shop', 1000, { shopId: 12 }) } };
    expect(rejection(() => settle(input([shop12], coupons))).code).toBe('310001');
  });
});

describe('a platform share larger than a shop\'s order', () => {
  it('floors that shop at 0, reducing its goods then its shipping, and drops the rest', () => {
    const s = settle(input([shop9Small, shop13], { platform: amountOff('platform', 12000) }));
    const small = byShop(s)[9];
    expect([small.goodsFen, small.shippingFen, small.platformCouponFen, small.shippingReductionFen, small.payableFen]).toEqual([5000, 600, 5600, 600, 0]);
    expect(byShop(s)[13].payableFen).toBe(94000);
    expect([s.platformCouponFen, s.payableFen]).toEqual([11600, 94000]);
  });

  it('floors a goods-only shop at 0', () => {
    const s = settle(input([shop5, shop9], { platform: amountOff('platform', 4000) }));
    expect(s.shops.map((x) => [x.shopId, x.platformCouponFen, x.payableFen])).toEqual([[5, 1001, 0], [9, 2000, 14000]]);
  });
});

describe('every settlement', () => {
  it.each([
    ['plain', input([shop9, shop12, shop5])],
    ['stacked', input([shop9, shop12], { platform: discount('platform', 8.8), shops: { 9: discount('shop', 9.3, { shopId: 9 }) } })],
    ['floored', input([shop9Small, shop13], { platform: amountOff('platform', 12000) })],
  ])('%s: records reductions per line that add up to the shop\'s, and payable = goods + shipping − reductions', (_, given) => {
    for (const shop of settle(given).shops) {
      const lines = shop.lines;
      expect(lines.reduce((a, l) => a + l.shopCouponFen, 0)).toBe(shop.shopCouponFen);
      expect(lines.reduce((a, l) => a + l.platformCouponFen, 0) + shop.shippingReductionFen).toBe(shop.platformCouponFen);
      for (const l of lines) expect(l.netFen).toBe(l.goodsFen - l.shopCouponFen - l.platformCouponFen);
      expect(shop.payableFen).toBe(shop.goodsFen + shop.shippingFen - shop.shopCouponFen - shop.platformCouponFen);
      expect(shop.payableFen).toBeGreaterThanOrEqual(0);
    }
  });
});
