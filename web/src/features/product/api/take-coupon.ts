import type { ProductCoupon } from '../../../../../domain/catalog/detail.contract';
import { api } from '../../../lib/api-client';

/** Claims a platform coupon (couponId) or a shop coupon (shopCouponId); answers the coupon, now state 0. */
export const takeCoupon = (coupon: Pick<ProductCoupon, 'couponId' | 'shopCouponId'>): Promise<ProductCoupon> =>
  api.post<ProductCoupon>('/coupon/takeCoupon', coupon.couponId > 0 ? { couponId: coupon.couponId } : { shopCouponId: coupon.shopCouponId });
