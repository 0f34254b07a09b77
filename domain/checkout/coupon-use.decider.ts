/**
 * Use and release of one coupon claim. Using a claim already in use by another checkout is refused (优惠券不可用);
 * the same checkout asking again records nothing. Releases are per order and idempotent.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { CouponUsed, CouponUseEvent } from './coupon-use.events';

export interface CouponUseState {
  readonly use: CouponUsed['data'] | null;
  /** orders of the current use that no longer need the coupon */
  readonly releasedOrders: ReadonlySet<number>;
}

export type CouponUseCommand =
  | { type: 'UseCoupon'; data: CouponUsed['data'] }
  | { type: 'ReleaseCouponForOrder'; data: { orderId: number } }
  | { type: 'ReleaseCouponForCheckout'; data: { checkoutId: number } };

const unused: CouponUseState = { use: null, releasedOrders: new Set() };

function evolve(state: CouponUseState, event: CouponUseEvent): CouponUseState {
  switch (event.type) {
    case 'CouponUsed':
      return { use: event.data, releasedOrders: new Set() };
    case 'CouponOrderReleased':
      return { ...state, releasedOrders: new Set(state.releasedOrders).add(event.data.orderId) };
    case 'CouponReleased':
      return unused;
    default: {
      const unknown: never = event;
      throw new Error(`unknown coupon use event ${(unknown as { type: string }).type}`);
    }
  }
}

function decide(command: CouponUseCommand, state: CouponUseState): CouponUseEvent[] {
  const { use } = state;
  switch (command.type) {
    case 'UseCoupon':
      if (use) return use.checkoutId === command.data.checkoutId ? [] : fail('couponUnavailable');
      return [{ type: 'CouponUsed', data: command.data }];
    case 'ReleaseCouponForOrder': {
      const { orderId } = command.data;
      if (!use || !use.orderIds.includes(orderId) || state.releasedOrders.has(orderId)) return [];
      const events: CouponUseEvent[] = [{ type: 'CouponOrderReleased', data: { claimId: use.claimId, orderId } }];
      if (use.orderIds.every((id) => id === orderId || state.releasedOrders.has(id))) {
        events.push({ type: 'CouponReleased', data: { claimId: use.claimId, checkoutId: use.checkoutId, reason: 'orders-closed' } });
      }
      return events;
    }
    case 'ReleaseCouponForCheckout':
      if (use?.checkoutId !== command.data.checkoutId) return [];
      return [{ type: 'CouponReleased', data: { claimId: use.claimId, checkoutId: use.checkoutId, reason: 'checkout-failed' } }];
    default: {
      const unknown: never = command;
      return fail('badRequest', `unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const couponUseDecider: Decider<CouponUseCommand, CouponUseEvent, CouponUseState> = {
  initialState: unused,
  evolve,
  decide: (command, state) => decide(command, state),
};
