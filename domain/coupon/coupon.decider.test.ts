import { given, rejectionOf } from '../../tests/unit/support/decider-spec';
import type { CouponIssued } from '../catalog/catalog.events';
import { claimsOf, couponDecider, remainingOf } from './coupon.decider';
import type { CouponEvent } from './coupon.events';

const NOW = new Date('2025-06-01T04:00:00.000Z');
const issued = (overrides: Partial<CouponIssued> = {}): CouponEvent => ({
  type: 'CouponIssued',
  data: {
    couponId: 7, shopCouponId: 0, shopId: 0, activityName: '平台满减券', couponType: 1, threshold: 10000, reduceMoney: 1000,
    discountTenths: 0, productIds: [], ifAdd: 1, stock: 2, perUserLimit: 1,
    startTime: '2025-05-31T00:00:00.000Z', endTime: '2025-06-30T00:00:00.000Z', ...overrides,
  },
});
const claimed = (userId: number, claimId: number): CouponEvent =>
  ({ type: 'CouponClaimed', data: { userId, claimId, couponId: 7, shopCouponId: 0 } });
const claim = (userId: number, claimId = 100) => ({ type: 'ClaimCoupon' as const, data: { userId, claimId } });

describe('a coupon in its window with stock left', () => {
  it('records the claim for the shopper with the claim id', () => {
    const outcome = given(couponDecider, [issued()]).when(claim(11, 501), NOW);
    expect(outcome.events).toEqual([{ type: 'CouponClaimed', data: { userId: 11, claimId: 501, couponId: 7, shopCouponId: 0 } }]);
  });

  it('counts claims per shopper and what is left', () => {
    const { state } = given(couponDecider, [issued({ stock: 5 }), claimed(11, 1), claimed(12, 2)]);
    expect(claimsOf(state, 11)).toBe(1);
    expect(claimsOf(state, 13)).toBe(0);
    expect(remainingOf(state)).toBe(3);
  });
});

describe('a coupon whose stock is gone', () => {
  it('refuses with 700001 优惠券已领完', () => {
    const outcome = given(couponDecider, [issued({ stock: 2 }), claimed(11, 1), claimed(12, 2)]).when(claim(13), NOW);
    expect(rejectionOf(outcome)).toEqual({ code: '700001', message: '优惠券已领完' });
  });

  it('refuses a coupon issued with stock 0 the same way', () => {
    expect(rejectionOf(given(couponDecider, [issued({ stock: 0 })]).when(claim(13), NOW))?.code).toBe('700001');
  });
});

describe('a shopper at the per-user limit', () => {
  it('answers 700004 已领取 when the limit is one', () => {
    const outcome = given(couponDecider, [issued({ stock: 9 }), claimed(11, 1)]).when(claim(11), NOW);
    expect(rejectionOf(outcome)).toEqual({ code: '700004', message: '已领取' });
  });

  it('answers 700003 领取已达上限 when the limit is higher', () => {
    const outcome = given(couponDecider, [issued({ stock: 9, perUserLimit: 2 }), claimed(11, 1), claimed(11, 2)]).when(claim(11), NOW);
    expect(rejectionOf(outcome)).toEqual({ code: '700003', message: '领取已达上限' });
  });

  it('lets a shopper below a higher limit claim again', () => {
    const outcome = given(couponDecider, [issued({ stock: 9, perUserLimit: 2 }), claimed(11, 1)]).when(claim(11), NOW);
    expect(outcome.events).toHaveLength(1);
  });

  it('puts no limit on a coupon with limit 0', () => {
    const history = [issued({ stock: 9, perUserLimit: 0 }), claimed(11, 1), claimed(11, 2), claimed(11, 3)];
    expect(given(couponDecider, history).when(claim(11), NOW).events).toHaveLength(1);
  });
});

describe('a coupon outside its window', () => {
  it('refuses before the start with 700006', () => {
    const outcome = given(couponDecider, [issued({ startTime: '2025-06-02T00:00:00.000Z' })]).when(claim(11), NOW);
    expect(rejectionOf(outcome)).toEqual({ code: '700006', message: '优惠券领取尚未开始' });
  });

  it('refuses from the end on with 700007', () => {
    const outcome = given(couponDecider, [issued({ endTime: NOW.toISOString() })]).when(claim(11), NOW);
    expect(rejectionOf(outcome)).toEqual({ code: '700007', message: '优惠券已过期' });
  });
});

describe('a coupon that was never issued', () => {
  it('answers 700005 优惠券不存在', () => {
    expect(rejectionOf(given(couponDecider, []).when(claim(11), NOW))).toEqual({ code: '700005', message: '优惠券不存在' });
  });
});
