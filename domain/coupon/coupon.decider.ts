/**
 * Claiming a coupon (origin §8 /coupon/takeCoupon): inside its window, while issued stock lasts, up to the per-user
 * limit. The whole stream is the consistency boundary, so concurrent claims are serialised by the append's expected
 * revision and the stock is never oversold.
 */
import type { CouponIssued } from '../catalog/catalog.events';
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { CouponEvent } from './coupon.events';

export interface CouponState {
  readonly coupon: CouponIssued | null;
  readonly claimed: number;
  /** Claims held per user id. */
  readonly byUser: ReadonlyMap<number, number>;
}

export type CouponCommand = { type: 'ClaimCoupon'; data: { userId: number; claimId: number } };

export const claimsOf = (state: CouponState, userId: number): number => state.byUser.get(userId) ?? 0;
export const remainingOf = (state: CouponState): number => Math.max(0, (state.coupon?.stock ?? 0) - state.claimed);

function evolve(state: CouponState, event: CouponEvent): CouponState {
  switch (event.type) {
    case 'CouponIssued':
      return { ...state, coupon: event.data };
    case 'CouponClaimed': {
      const byUser = new Map(state.byUser);
      byUser.set(event.data.userId, claimsOf(state, event.data.userId) + 1);
      return { ...state, claimed: state.claimed + 1, byUser };
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

function decide(command: CouponCommand, state: CouponState, { now }: { now: Date }): CouponEvent[] {
  const { coupon } = state;
  if (!coupon) return fail('couponNotFound');
  if (now.getTime() < Date.parse(coupon.startTime)) return fail('couponNotStarted');
  if (now.getTime() >= Date.parse(coupon.endTime)) return fail('couponExpired');
  if (remainingOf(state) <= 0) return fail('couponSoldOut');
  const held = claimsOf(state, command.data.userId);
  if (coupon.perUserLimit > 0 && held >= coupon.perUserLimit) {
    return fail(coupon.perUserLimit === 1 ? 'couponAlreadyClaimed' : 'couponLimitReached');
  }
  return [{
    type: 'CouponClaimed',
    data: { userId: command.data.userId, claimId: command.data.claimId, couponId: coupon.couponId, shopCouponId: coupon.shopCouponId },
  }];
}

export const couponDecider: Decider<CouponCommand, CouponEvent, CouponState> = {
  initialState: { coupon: null, claimed: 0, byUser: new Map() },
  evolve,
  decide,
};
