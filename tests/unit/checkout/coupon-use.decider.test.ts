import { couponUseDecider, type CouponUseCommand } from '../../../domain/checkout/coupon-use.decider';
import type { CouponUseEvent, CouponUsed } from '../../../domain/checkout/coupon-use.events';
import { given, rejectionOf } from '../support/decider-spec';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const claim = (...history: CouponUseEvent[]) => given(couponUseDecider, history);
const use = (checkoutId: number, orderIds: number[]): CouponUsed['data'] =>
  ({ claimId: 40, userId: 9, couponId: 3, shopCouponId: 0, checkoutId, orderIds, reductionFen: 2000 });
const useCmd = (checkoutId: number, orderIds: number[]): CouponUseCommand => ({ type: 'UseCoupon', data: use(checkoutId, orderIds) });
const releaseFor = (orderId: number): CouponUseCommand => ({ type: 'ReleaseCouponForOrder', data: { orderId } });

describe('an unused claim', () => {
  it('is used by a checkout for its orders', () => {
    expect(claim().when(useCmd(1, [10, 11]), NOW).events).toEqual([{ type: 'CouponUsed', data: use(1, [10, 11]) }]);
  });
});

describe('a claim in use by checkout 1 for orders 10 and 11', () => {
  const history: CouponUseEvent[] = [{ type: 'CouponUsed', data: use(1, [10, 11]) }];

  it('records nothing when the same checkout asks again', () => {
    expect(claim(...history).when(useCmd(1, [10, 11]), NOW).events).toEqual([]);
  });

  it('refuses another checkout with 优惠券不可用', () => {
    expect(rejectionOf(claim(...history).when(useCmd(2, [12]), NOW))).toEqual({ code: '81005', message: '优惠券不可用' });
  });

  it('comes back only when both of its orders closed', () => {
    const first = claim(...history).when(releaseFor(10), NOW).events;
    expect(first).toEqual([{ type: 'CouponOrderReleased', data: { claimId: 40, orderId: 10 } }]);
    expect(claim(...history, ...first).when(releaseFor(10), NOW).events).toEqual([]);
    const second = claim(...history, ...first).when(releaseFor(11), NOW).events;
    expect(second).toEqual([
      { type: 'CouponOrderReleased', data: { claimId: 40, orderId: 11 } },
      { type: 'CouponReleased', data: { claimId: 40, checkoutId: 1, reason: 'orders-closed' } },
    ]);
    expect(claim(...history, ...first, ...second).when(useCmd(2, [12]), NOW).events).toHaveLength(1);
  });

  it('comes back at once when its checkout failed, but not for another checkout\'s failure', () => {
    expect(claim(...history).when({ type: 'ReleaseCouponForCheckout', data: { checkoutId: 2 } }, NOW).events).toEqual([]);
    expect(claim(...history).when({ type: 'ReleaseCouponForCheckout', data: { checkoutId: 1 } }, NOW).events)
      .toEqual([{ type: 'CouponReleased', data: { claimId: 40, checkoutId: 1, reason: 'checkout-failed' } }]);
  });
});
