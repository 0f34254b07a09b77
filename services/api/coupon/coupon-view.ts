/** A coupons row as the API shows it (contract ProductCoupon), with the per-user state. */
import type { ProductCoupon } from '../../../domain/catalog/detail.contract';
import { formatShanghai } from '../../../domain/shared/time';

export interface CouponRow {
  coupon_id: string; shop_coupon_id: string; shop_id: string; activity_name: string; coupon_type: number;
  threshold: string; reduce_money: string; discount_tenths: number; product_ids: number[]; if_add: number;
  stock: number; claimed: number; start_time: Date | string; end_time: Date | string;
  /** Whether the current user holds a claim of it. */
  held: boolean;
}

export const COUPON_COLUMNS = `c.coupon_id, c.shop_coupon_id, c.shop_id, c.activity_name, c.coupon_type, c.threshold,
  c.reduce_money, c.discount_tenths, c.product_ids, c.if_add, c.stock, c.claimed, c.start_time, c.end_time,
  ($1::bigint is not null and exists (select 1 from coupon_claims cc where cc.user_id = $1
    and cc.coupon_id = c.coupon_id and cc.shop_coupon_id = c.shop_coupon_id)) as held`;

/** 1050 fen → "10.5": amounts in coupon texts drop trailing zeros. */
const yuanText = (fen: number): string => String(fen / 100);

/** "满100减10元", "无门槛减5元", "9折券", "满200享8.5折". */
export function couponContent(type: number, thresholdFen: number, reduceFen: number, discountTenths: number): string {
  if (type === 1) {
    return thresholdFen > 0 ? `满${yuanText(thresholdFen)}减${yuanText(reduceFen)}元` : `无门槛减${yuanText(reduceFen)}元`;
  }
  const figure = String(discountTenths / 10);
  return thresholdFen > 0 ? `满${yuanText(thresholdFen)}享${figure}折` : `${figure}折券`;
}

export function toProductCoupon(r: CouponRow): ProductCoupon {
  const couponId = Number(r.coupon_id);
  const shopCouponId = Number(r.shop_coupon_id);
  const threshold = Number(r.threshold);
  const reduce = Number(r.reduce_money);
  return {
    couponId,
    shopCouponId,
    activityId: couponId > 0 ? couponId : shopCouponId,
    shopId: Number(r.shop_id),
    activityName: r.activity_name,
    couponType: r.coupon_type === 2 ? 2 : 1,
    content: couponContent(r.coupon_type, threshold, reduce, r.discount_tenths),
    fullMoney: threshold / 100,
    reduceMoney: reduce / 100,
    discount: r.discount_tenths / 10,
    startTime: formatShanghai(r.start_time),
    endTime: formatShanghai(r.end_time),
    ifAdd: r.if_add === 0 ? 0 : 1,
    ids: r.product_ids.map(Number),
    stockNumber: Math.max(0, r.stock - r.claimed),
    state: r.held ? 0 : 3,
  };
}
