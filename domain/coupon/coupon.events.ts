/**
 * A coupon's stream (`coupon-<couponId>` platform, `shop-coupon-<shopCouponId>` shop): CouponIssued by the platform or
 * the merchant, then one CouponClaimed per claim. The data schemas live with the catalogue events.
 */
import { CouponClaimed, CouponIssued, catalogStreams } from '../catalog/catalog.events';

export type CouponEvent =
  | { type: 'CouponIssued'; data: CouponIssued }
  | { type: 'CouponClaimed'; data: CouponClaimed };

/** Which coupon: exactly one of the two ids is non-zero. */
export type CouponRef = { couponId: number; shopCouponId: 0 } | { couponId: 0; shopCouponId: number };

export const couponStream = (ref: CouponRef): string =>
  (ref.couponId > 0 ? catalogStreams.coupon(ref.couponId) : catalogStreams.shopCoupon(ref.shopCouponId));
