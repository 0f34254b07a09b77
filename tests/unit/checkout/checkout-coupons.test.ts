import { pricingCouponOf, selectCoupons, usablePlatformCoupons, usableShopCoupons } from '../../../domain/checkout/checkout-coupons';
import { DomainError } from '../../../domain/shared/errors';
import { NOW, facts, priced, seckill, wallet } from './checkout.fixtures';

const lines = [priced(facts(1), 2), priced(facts(2, { shopId: 2 }), 1)];
const codeOf = (work: () => unknown) => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? `${error.code} ${error.message}` : String(error);
  }
};

const platform = wallet(1, { couponId: 30, reduceFen: 2000, thresholdFen: 10000 });
const shopStacking = wallet(2, { shopCouponId: 40, shopId: 1, ifAdd: 1 });
const shopSolo = wallet(3, { shopCouponId: 41, shopId: 1, ifAdd: 0 });
const otherShopSolo = wallet(4, { shopCouponId: 42, shopId: 2, ifAdd: 0 });

describe('the coupons offered for a selection', () => {
  it('offers a shop coupon only to its shop and a platform coupon whose threshold the goods meet', () => {
    expect(usableShopCoupons([shopStacking, otherShopSolo], lines, 1, NOW).map((c) => c.claimId)).toEqual([2]);
    expect(usablePlatformCoupons([platform, wallet(5, { couponId: 31, thresholdFen: 100000 })], lines, null, NOW).map((c) => c.claimId)).toEqual([1]);
  });

  it('offers one claim per coupon, and none out of its window', () => {
    const twice = [wallet(8, { couponId: 30 }), wallet(7, { couponId: 30 }), wallet(9, { couponId: 32, endTime: NOW })];
    expect(usablePlatformCoupons(twice, lines, null, NOW).map((c) => c.claimId)).toEqual([7]);
  });

  it('keeps lines paying a non-stacking activity price outside every coupon', () => {
    const withSale = [priced(facts(1, { activity: seckill() })), priced(facts(2))];
    expect(pricingCouponOf(platform, withSale)?.productIds).toEqual([20]);
    expect(pricingCouponOf(wallet(6, { couponId: 33, productIds: [10] }), withSale)).toBeNull();
  });
});

describe('a chosen selection, checked as a whole', () => {
  const choose = (platformCouponId: number | null, shops: Array<[number, number]>) =>
    () => selectCoupons([platform, shopStacking, shopSolo, otherShopSolo], lines, { platformCouponId, shopClaimIds: new Map(shops) }, NOW);

  it('accepts a platform coupon with a stacking shop coupon', () => {
    expect(choose(30, [[1, 2]])().used.map((c) => c.claimId)).toEqual([2, 1]);
  });

  it('names the one shop coupon that does not stack: 此店铺券不能叠加平台券', () => {
    expect(codeOf(choose(30, [[1, 3]]))).toBe('310003 此店铺券不能叠加平台券');
  });

  it('names the chosen shop coupons when one of several does not stack: 已选择的店铺券中存在不能叠加的', () => {
    expect(codeOf(choose(30, [[1, 2], [2, 4]]))).toBe('310002 已选择的店铺券中存在不能叠加的');
  });

  it('refuses a claim the shopper does not hold, or one for another shop: 优惠券不可用', () => {
    expect(codeOf(choose(null, [[1, 99]]))).toBe('81005 优惠券不可用');
    expect(codeOf(choose(null, [[2, 2]]))).toBe('81005 优惠券不可用');
    expect(codeOf(choose(31, []))).toBe('81005 优惠券不可用');
  });
});
