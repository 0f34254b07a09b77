import { z } from 'zod';

/**
 * Using a claimed coupon (stream `coupon-claim-<claimId>`, one per claim of CouponClaimed). The coupon's own stream
 * (`coupon-<id>`, where everyone claims) is left alone: use is per claim, so two checkouts racing for one claim meet
 * on this stream's revision and one of them gets 优惠券不可用. A platform coupon is split over the orders of its
 * checkout, so it comes back only when every one of them closed unpaid or was cancelled (CouponReleased); a shop
 * coupon has one order. A failed checkout gives its coupons back at once.
 */
const Id = z.number().int().positive();

export const CouponUsed = z.object({
  type: z.literal('CouponUsed'),
  data: z.object({
    claimId: Id,
    userId: Id,
    /** one of couponId / shopCouponId is 0 */
    couponId: z.number().int().nonnegative(),
    shopCouponId: z.number().int().nonnegative(),
    checkoutId: Id,
    orderIds: z.array(Id).min(1),
    /** fen taken off by this coupon over all its orders */
    reductionFen: z.number().int().nonnegative(),
  }),
});
export type CouponUsed = z.infer<typeof CouponUsed>;

export const CouponOrderReleased = z.object({
  type: z.literal('CouponOrderReleased'),
  data: z.object({ claimId: Id, orderId: Id }),
});
export type CouponOrderReleased = z.infer<typeof CouponOrderReleased>;

export const CouponReleased = z.object({
  type: z.literal('CouponReleased'),
  data: z.object({ claimId: Id, checkoutId: Id, reason: z.enum(['checkout-failed', 'orders-closed']) }),
});
export type CouponReleased = z.infer<typeof CouponReleased>;

export const CouponUseEvent = z.discriminatedUnion('type', [CouponUsed, CouponOrderReleased, CouponReleased]);
export type CouponUseEvent = z.infer<typeof CouponUseEvent>;
export const couponUseEventTypes: readonly CouponUseEvent['type'][] = CouponUseEvent.options.map((o) => o.shape.type.value);

export const couponClaimStream = (claimId: number): string => `coupon-claim-${claimId}`;
