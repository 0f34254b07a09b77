import { fail } from '../shared/errors';
import type { Fen } from '../shared/money';
import { appliesTo, assertStackable, couponReduction, eligibleGoods, type Coupon, type CouponSelection } from './coupons';
import { allocateCapped, allocateProportionally, splitEvenly } from './fen-math';
import { destinationOf, shopShipping, type ShippingTemplate } from './shipping';

/**
 * Per-shop settlement (spec §3 Settlement, §5 Coupons; origin-contract §5.1–5.2), recomputed on the server.
 *
 * Order of work, per the spec's payable = goods + shipping − coupon reductions:
 * 1. goods per line (unit price × number) and shipping per shop (highest template fee);
 * 2. the shop coupon reduces its applicable lines (allocated in proportion to their goods);
 * 3. the platform coupon is checked against the whole payable left (it must be LESS than it: an order paying 0
 *    cannot be submitted), then split evenly across the shops holding applicable lines, ascending shopId, the
 *    first shops taking one extra fen of the remainder;
 * 4. a shop's platform share reduces its applicable lines (in proportion to what is left of them), then its
 *    shipping; whatever is left beyond that is not applied, which is the spec's floor at 0.
 * Every reduction is recorded per line (and on shipping) so after-sale refunds can pro-rate it.
 */
export interface SettlementLine { skuId: number; productId: number; unitPriceFen: Fen; number: number; templateId: number | null; weightGrams: number }

export interface SettlementShopInput { shopId: number; lines: SettlementLine[] }

export interface SettlementInput {
  shops: SettlementShopInput[];
  templates: ShippingTemplate[];
  /** receiveAdress "省-市-区" of the chosen address; null before one is chosen. */
  receiveAdress: string | null;
  coupons: CouponSelection;
}

export interface LineAllocation { skuId: number; productId: number; number: number; goodsFen: Fen; shopCouponFen: Fen; platformCouponFen: Fen; netFen: Fen }

export interface ShopSettlement {
  shopId: number;
  goodsFen: Fen;
  shippingFen: Fen;
  templateId: number | null;
  distributionName: string;
  shopCouponId: number | null;
  shopCouponFen: Fen;
  platformCouponFen: Fen;
  /** The part of the platform share that reduced shipping (recorded for refunds). */
  shippingReductionFen: Fen;
  payableFen: Fen;
  lines: LineAllocation[];
}

export interface Settlement {
  shops: ShopSettlement[];
  platformCouponId: number | null;
  goodsFen: Fen;
  shippingFen: Fen;
  shopCouponFen: Fen;
  platformCouponFen: Fen;
  /** discountPrice of the original: all coupon reductions applied. */
  discountFen: Fen;
  payableFen: Fen;
}

function priceShop(shop: SettlementShopInput, input: SettlementInput): ShopSettlement {
  const lines: LineAllocation[] = shop.lines.map((l) => ({
    skuId: l.skuId, productId: l.productId, number: l.number, goodsFen: l.unitPriceFen * l.number,
    shopCouponFen: 0, platformCouponFen: 0, netFen: l.unitPriceFen * l.number,
  }));
  const shipping = shopShipping(shop.lines, input.templates, destinationOf(input.receiveAdress));
  const coupon = input.coupons.shops[shop.shopId] ?? null;
  if (coupon) applyShopCoupon(coupon, shop.shopId, lines);
  const goodsFen = sum(lines.map((l) => l.goodsFen));
  const shopCouponFen = sum(lines.map((l) => l.shopCouponFen));
  return {
    shopId: shop.shopId, goodsFen, shippingFen: shipping.fen, templateId: shipping.templateId,
    distributionName: shipping.distributionName, shopCouponId: coupon?.couponId ?? null, shopCouponFen,
    platformCouponFen: 0, shippingReductionFen: 0, payableFen: goodsFen + shipping.fen - shopCouponFen, lines,
  };
}

function applyShopCoupon(coupon: Coupon, shopId: number, lines: LineAllocation[]): void {
  if (coupon.scope !== 'shop' || coupon.shopId !== shopId) fail('couponNotApplicable');
  const { mask, totalFen } = eligibleGoods(coupon, lines);
  const reduction = couponReduction(coupon.rate, totalFen);
  const shares = allocateProportionally(reduction, lines.map((l, i) => (mask[i] ? l.goodsFen : 0)));
  lines.forEach((l, i) => { l.shopCouponFen = shares[i]; l.netFen = l.goodsFen - shares[i]; });
}

function applyPlatformCoupon(coupon: Coupon, shops: ShopSettlement[]): void {
  if (coupon.scope !== 'platform') fail('couponNotApplicable');
  const all = shops.flatMap((s) => s.lines);
  const { totalFen } = eligibleGoods(coupon, all);
  const reduction = couponReduction(coupon.rate, totalFen);
  const claimed = coupon.rate.kind === 'amountOff' ? coupon.rate.amountFen : reduction;
  if (claimed >= sum(shops.map((s) => s.payableFen))) fail('couponExceedsPayable');
  const applicable = shops
    .filter((s) => s.lines.some((l) => appliesTo(coupon, l.productId)))
    .sort((a, b) => a.shopId - b.shopId);
  const shares = splitEvenly(reduction, applicable.length);
  applicable.forEach((shop, i) => reduceShop(shop, coupon, shares[i]));
}

function reduceShop(shop: ShopSettlement, coupon: Coupon, share: Fen): void {
  const weights = shop.lines.map((l) => (appliesTo(coupon, l.productId) ? l.netFen : 0));
  const { shares, overflow } = allocateCapped(share, weights);
  shop.lines.forEach((l, i) => { l.platformCouponFen = shares[i]; l.netFen -= shares[i]; });
  shop.shippingReductionFen = Math.min(overflow, shop.shippingFen);
  shop.platformCouponFen = sum(shares) + shop.shippingReductionFen;
  shop.payableFen = shop.goodsFen + shop.shippingFen - shop.shopCouponFen - shop.platformCouponFen;
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

export function settle(input: SettlementInput): Settlement {
  if (input.shops.every((s) => s.lines.length === 0)) fail('settlementEmpty');
  assertStackable(input.coupons);
  const shops = input.shops.filter((s) => s.lines.length > 0).map((s) => priceShop(s, input));
  if (input.coupons.platform) applyPlatformCoupon(input.coupons.platform, shops);
  const shopCouponFen = sum(shops.map((s) => s.shopCouponFen));
  const platformCouponFen = sum(shops.map((s) => s.platformCouponFen));
  return {
    shops,
    platformCouponId: input.coupons.platform?.couponId ?? null,
    goodsFen: sum(shops.map((s) => s.goodsFen)),
    shippingFen: sum(shops.map((s) => s.shippingFen)),
    shopCouponFen,
    platformCouponFen,
    discountFen: shopCouponFen + platformCouponFen,
    payableFen: sum(shops.map((s) => s.payableFen)),
  };
}
