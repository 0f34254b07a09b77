/**
 * /order/getSettlement (and /work/getSettlement) as the web reads it (spec §3 Settlement, Coupon, Address; origin
 * §5.1). Money is yuan. Optional fields are those the server may leave out; the page never trusts any of these
 * figures for the order itself: the server recomputes everything at submit.
 */
import type { Address } from '../../../../domain/address/address.contract';

export type { Address };

/** A coupon of the shopper that the settlement offers (platform when couponId ≠ 0, shop when shopCouponId ≠ 0). */
export interface SettlementCoupon {
  /** the claim (cere_buyer_shop_coupon.id): what submit sends as shops[].id */
  id?: number;
  couponId: number;
  shopCouponId?: number;
  activityId?: number;
  activityName?: string;
  /** 1 amount off, 2 discount */
  couponType?: number;
  reduceMoney: number;
  /** the discount figure of a discount coupon (9 = 9折) */
  discount?: number;
  fullMoney?: number;
  threshold?: number;
  content: string;
  startTime?: string;
  endTime?: string;
  /** 1: may be combined with a platform coupon */
  ifAdd?: number;
  /** products it applies to; empty = all */
  ids?: number[];
}

export interface SettlementSku {
  skuId: number;
  productId: number;
  productName: string;
  image: string;
  value?: string;
  values?: string[];
  price: number;
  originalPrice?: number;
  number: number;
  total?: number;
  selected?: number;
  activityType?: number;
  shopGroupWorkId?: number;
  shopSeckillId?: number;
  shopDiscountId?: number;
}

export interface Distribution {
  logisticsId: number;
  distributionName?: string;
  distributionPrice: number;
}

export interface SettlementShop {
  shopId: number;
  shopName: string;
  shopLogo?: string;
  number?: number;
  total?: number;
  distribution: Distribution;
  shopCoupons: SettlementCoupon[];
  skus: SettlementSku[];
}

export interface Settlement {
  receive: Address | null;
  shops: SettlementShop[];
  coupons: SettlementCoupon[];
}

export const skuValues = (sku: SettlementSku): string => sku.value ?? (sku.values ?? []).join(',');
