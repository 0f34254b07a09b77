/**
 * Demo coupons: platform coupons (amount off with and without threshold, a discount, one for listed products only, one
 * sold out) and shop coupons of several shops (stackable with a platform coupon or not). All valid from a day ago to
 * 30 days ahead.
 */
import type { CouponIssued } from '../../../../domain/catalog/catalog.events';
import { DAY_MS, floorToMinute, isoAt } from './catalog-clock';

interface CouponSeed {
  /** couponId for a platform coupon, shopCouponId for a shop coupon. */
  id: number;
  shopId: number;
  activityName: string;
  /** Yuan. */
  threshold: number;
  reduce?: number;
  /** 90 = 9折. */
  discountTenths?: number;
  productIds?: number[];
  ifAdd?: 0 | 1;
  stock: number;
  perUserLimit: number;
}

const platform: CouponSeed[] = [
  { id: 1, shopId: 0, activityName: '全场通用券', threshold: 300, reduce: 40, stock: 5000, perUserLimit: 1 },
  { id: 2, shopId: 0, activityName: '无门槛红包', threshold: 0, reduce: 5, stock: 20000, perUserLimit: 2 },
  { id: 3, shopId: 0, activityName: '新人专享券', threshold: 99, reduce: 15, stock: 3000, perUserLimit: 1 },
  { id: 4, shopId: 0, activityName: '全场9折券', threshold: 100, discountTenths: 90, stock: 2000, perUserLimit: 1 },
  { id: 5, shopId: 0, activityName: '手机数码专享券', threshold: 1000, reduce: 100, productIds: [1001, 1002, 1003, 1004, 1005],
    stock: 500, perUserLimit: 1 },
  { id: 6, shopId: 0, activityName: '限量神券', threshold: 200, reduce: 50, stock: 0, perUserLimit: 1 },
];

const shop: CouponSeed[] = [
  { id: 101, shopId: 1, activityName: '数码旗舰店满减券', threshold: 2000, reduce: 100, ifAdd: 1, stock: 300, perUserLimit: 1 },
  { id: 102, shopId: 1, activityName: '店铺无门槛券', threshold: 0, reduce: 20, ifAdd: 0, stock: 200, perUserLimit: 1 },
  { id: 103, shopId: 3, activityName: '女装满减券', threshold: 199, reduce: 20, ifAdd: 1, stock: 1000, perUserLimit: 2 },
  { id: 104, shopId: 3, activityName: '女装9.5折券', threshold: 0, discountTenths: 95, ifAdd: 0, stock: 500, perUserLimit: 1 },
  { id: 105, shopId: 5, activityName: '鞋履满减券', threshold: 300, reduce: 30, ifAdd: 1, stock: 800, perUserLimit: 1 },
  { id: 106, shopId: 9, activityName: '生鲜小额券', threshold: 59, reduce: 5, ifAdd: 1, stock: 2000, perUserLimit: 3 },
  { id: 107, shopId: 9, activityName: '生鲜满减券', threshold: 99, reduce: 12, ifAdd: 0, stock: 1000, perUserLimit: 1 },
  { id: 108, shopId: 13, activityName: '运动装备满减券', threshold: 500, reduce: 50, ifAdd: 1, stock: 400, perUserLimit: 1 },
  { id: 109, shopId: 14, activityName: '美妆8.8折券', threshold: 100, discountTenths: 88, ifAdd: 0, stock: 600, perUserLimit: 1 },
  { id: 110, shopId: 15, activityName: '奶瓶专享券', threshold: 150, reduce: 15, productIds: [9001, 9002], ifAdd: 1, stock: 300,
    perUserLimit: 1 },
  { id: 111, shopId: 12, activityName: '家居大额券', threshold: 1000, reduce: 80, ifAdd: 1, stock: 0, perUserLimit: 1 },
  { id: 112, shopId: 7, activityName: '坚果满减券', threshold: 88, reduce: 8, ifAdd: 1, stock: 1500, perUserLimit: 2 },
];

function issued(seed: CouponSeed, isShop: boolean, now: Date): CouponIssued {
  const base = floorToMinute(now);
  return {
    couponId: isShop ? 0 : seed.id,
    shopCouponId: isShop ? seed.id : 0,
    shopId: seed.shopId,
    activityName: seed.activityName,
    couponType: seed.discountTenths ? 2 : 1,
    threshold: Math.round(seed.threshold * 100),
    reduceMoney: Math.round((seed.reduce ?? 0) * 100),
    discountTenths: seed.discountTenths ?? 0,
    productIds: seed.productIds ?? [],
    ifAdd: seed.ifAdd ?? 0,
    stock: seed.stock,
    perUserLimit: seed.perUserLimit,
    startTime: isoAt(base, -DAY_MS),
    endTime: isoAt(base, 30 * DAY_MS),
  };
}

export const demoCoupons = (now: Date): CouponIssued[] =>
  [...platform.map((c) => issued(c, false, now)), ...shop.map((c) => issued(c, true, now))];

/** The coupon text the storefront shows: 满300减40元, 无门槛减5元, 9折券. */
export function couponContent(c: CouponIssued): string {
  if (c.couponType === 2) return `${c.threshold > 0 ? `满${c.threshold / 100}元` : ''}${c.discountTenths / 10}折券`;
  return c.threshold > 0 ? `满${c.threshold / 100}减${c.reduceMoney / 100}元` : `无门槛减${c.reduceMoney / 100}元`;
}
