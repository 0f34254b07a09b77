import type { ProductCard } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';
import { LISTING_PAGE_SIZE } from '../../../lib/catalog-ui/listing-states';

/** Which coupon: a platform coupon by `activityId` (its couponId) or a shop coupon by `shopCouponId` (spec §2). */
export interface CouponRef { activityId?: number; shopCouponId?: number }

/** `GET /coupon/getCouponProducts?activityId|shopCouponId&page&pageSize=12` (spec §7) → list, total. */
export const getCouponProducts = (coupon: CouponRef, page: number, signal?: AbortSignal) =>
  api.get<{ list: ProductCard[]; total: number }>('/coupon/getCouponProducts', {
    activityId: coupon.activityId ?? 0,
    shopCouponId: coupon.shopCouponId ?? 0,
    page,
    pageSize: LISTING_PAGE_SIZE,
  }, signal);
