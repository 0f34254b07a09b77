/**
 * The settlement as the API answers it (spec §3 Settlement, origin-contract §5.1): money in yuan, lines as cart SKUs,
 * shipping per shop, usable coupons (platform and per shop) with the claim id the submit sends back (`id`).
 * Coupon texts are the storefront's ("满100减10元", "无门槛减5元", "9折券", "满200享8.5折"), as on product pages.
 */
import type { InvalidLine, PricedLine, ShopFacts } from '../../domain/checkout/checkout-lines';
import { invalidReasonTexts } from '../../domain/checkout/checkout-lines';
import type { WalletCoupon } from '../../domain/checkout/checkout-coupons';
import type { Settlement } from '../../domain/pricing/settlement';
import { formatShanghai } from '../../domain/shared/time';
import type { PromotionKind } from '../../domain/stock/activity-quota.events';

const yuan = (fen: number): number => fen / 100;
const yuanText = (fen: number): string => String(fen / 100);

export function couponText(c: Pick<WalletCoupon, 'couponType' | 'thresholdFen' | 'reduceFen' | 'discountTenths'>): string {
  if (c.couponType === 1) return c.thresholdFen > 0 ? `满${yuanText(c.thresholdFen)}减${yuanText(c.reduceFen)}元` : `无门槛减${yuanText(c.reduceFen)}元`;
  const figure = String(c.discountTenths / 10);
  return c.thresholdFen > 0 ? `满${yuanText(c.thresholdFen)}享${figure}折` : `${figure}折券`;
}

export const couponView = (c: WalletCoupon) => ({
  id: c.claimId,
  couponId: c.couponId,
  shopCouponId: c.shopCouponId,
  activityId: c.couponId > 0 ? c.couponId : c.shopCouponId,
  shopId: c.shopId,
  activityName: c.activityName,
  couponType: c.couponType,
  content: couponText(c),
  fullMoney: yuan(c.thresholdFen),
  reduceMoney: yuan(c.reduceFen),
  discount: c.discountTenths / 10,
  startTime: formatShanghai(c.startTime),
  endTime: formatShanghai(c.endTime),
  ifAdd: c.ifAdd,
  ids: c.productIds,
  state: 0,
});
export type CouponView = ReturnType<typeof couponView>;

const ACTIVITY_TYPE: Record<PromotionKind, number> = { 'group-work': 1, seckill: 2, discount: 3 };

export function lineView(l: PricedLine) {
  const a = l.activity;
  return {
    skuId: l.sku.skuId,
    productId: l.sku.productId,
    shopId: l.sku.shopId,
    productName: l.sku.productName,
    image: l.sku.image,
    value: l.sku.values.join(','),
    values: l.sku.values,
    SKU: l.sku.values.join(','),
    price: yuan(l.unitPriceFen),
    originalPrice: yuan(l.sku.originalPriceFen),
    number: l.request.number,
    total: yuan(l.unitPriceFen * l.request.number),
    stockNumber: l.sku.available,
    shelveState: 1,
    selected: l.request.selected ? 1 : 0,
    activityType: a ? ACTIVITY_TYPE[a.kind] : 0,
    shopGroupWorkId: a?.kind === 'group-work' ? a.activityId : 0,
    shopSeckillId: a?.kind === 'seckill' ? a.activityId : 0,
    shopDiscountId: a?.kind === 'discount' ? a.activityId : 0,
    ifAdd: a ? a.ifAdd : 1,
  };
}

export function invalidView(invalid: readonly InvalidLine[], shops: ReadonlyMap<number, ShopFacts>) {
  const byShop = new Map<number, InvalidLine[]>();
  for (const line of invalid) byShop.set(line.request.shopId, [...(byShop.get(line.request.shopId) ?? []), line]);
  return [...byShop].map(([shopId, lines]) => ({
    shopId,
    shopName: shops.get(shopId)?.shopName ?? '',
    number: lines.reduce((n, l) => n + l.request.number, 0),
    skus: lines.map((l) => ({
      skuId: l.request.skuId,
      productId: l.sku?.productId ?? 0,
      productName: l.sku?.productName ?? '',
      image: l.sku?.image ?? '',
      value: l.sku?.values.join(',') ?? '',
      number: l.request.number,
      stockNumber: l.sku?.available ?? 0,
      shelveState: l.reason === 'unshelved' || l.reason === 'gone' ? 0 : 1,
      reason: invalidReasonTexts[l.reason],
    })),
  }));
}

export interface SettlementViewInput {
  receive: Record<string, unknown> | null;
  lines: readonly PricedLine[];
  shops: ReadonlyMap<number, ShopFacts>;
  settlement: Settlement;
  shopCoupons: ReadonlyMap<number, WalletCoupon[]>;
  platformCoupons: readonly WalletCoupon[];
}

export function settlementView(input: SettlementViewInput) {
  const { settlement: s } = input;
  return {
    receive: input.receive,
    shops: s.shops.map((shop) => {
      const facts = input.shops.get(shop.shopId);
      const lines = input.lines.filter((l) => l.sku.shopId === shop.shopId);
      return {
        shopId: shop.shopId,
        shopName: facts?.shopName ?? '',
        shopLogo: facts?.shopLogo ?? '',
        shopAdress: facts?.shopAdress ?? '',
        number: lines.reduce((n, l) => n + l.request.number, 0),
        total: yuan(shop.goodsFen),
        distribution: {
          logisticsId: shop.templateId ?? 0, distributionName: shop.distributionName, distributionPrice: yuan(shop.shippingFen),
        },
        shopCoupons: (input.shopCoupons.get(shop.shopId) ?? []).map(couponView),
        discountPrice: yuan(shop.shopCouponFen + shop.platformCouponFen),
        price: yuan(shop.payableFen),
        skus: lines.map(lineView),
      };
    }),
    invalidShops: [],
    coupons: input.platformCoupons.map(couponView),
    number: input.lines.reduce((n, l) => n + l.request.number, 0),
    total: yuan(s.goodsFen),
    logisticsPrice: yuan(s.shippingFen),
    orderPrice: yuan(s.goodsFen + s.shippingFen),
    discountPrice: yuan(s.discountFen),
    price: yuan(s.payableFen),
  };
}
export type SettlementView = ReturnType<typeof settlementView>;
