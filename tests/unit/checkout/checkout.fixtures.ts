/** Line facts and wallet coupons for the pure checkout tests (fen, two shops, one template each). */
import type { ActivityFacts, PricedLine, SkuFacts } from '../../../domain/checkout/checkout-lines';
import { priceLine, noActivityClaim } from '../../../domain/checkout/checkout-lines';
import type { WalletCoupon } from '../../../domain/checkout/checkout-coupons';

export const NOW = new Date('2025-03-01T02:00:00.000Z');

export const facts = (skuId: number, overrides: Partial<SkuFacts> = {}): SkuFacts => ({
  skuId, productId: skuId * 10, shopId: 1, productName: `商品${skuId}`, image: `/i/${skuId}.svg`, values: ['红色'],
  listPriceFen: 10000, originalPriceFen: 12000, weightGrams: 500,
  logistics: { logisticsId: 1, name: '按件', chargeType: 1, first: 800, additional: 200 },
  shelved: true, shopEnabled: true, listedStock: 10, available: 10, activity: null, ...overrides,
});

export const seckill = (overrides: Partial<ActivityFacts> = {}): ActivityFacts => ({
  kind: 'seckill', activityId: 5, activityName: '秒杀', priceFen: 6000, limitStock: 0, limitNumber: 1, person: 0,
  effectiveHours: 0, ifAdd: 0, running: true, sold: 0, ...overrides,
});

export const priced = (sku: SkuFacts, number = 1, selected = true): PricedLine =>
  priceLine({ shopId: sku.shopId, skuId: sku.skuId, number, selected }, sku, noActivityClaim);

export const wallet = (claimId: number, overrides: Partial<WalletCoupon> = {}): WalletCoupon => ({
  claimId, couponId: 0, shopCouponId: 0, shopId: 0, activityName: '券', couponType: 1, thresholdFen: 0, reduceFen: 1000,
  discountTenths: 0, productIds: [], ifAdd: 1, startTime: new Date(NOW.getTime() - 86400_000),
  endTime: new Date(NOW.getTime() + 86400_000), ...overrides,
});
