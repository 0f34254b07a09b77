import { fail } from '../shared/errors';
import type { Fen } from '../shared/money';
import { mulDivFloor } from './fen-math';

/**
 * Coupons (spec §3, §5; origin-contract §8). Amount off (couponType 1) or discount (couponType 2, figure 9 = 9折).
 * `productIds` restricts the coupon to those products (empty: every product); the threshold (fullMoney) is met
 * by the goods total of the lines the coupon applies to. A shop coupon with stackable false (ifAdd 0) cannot be
 * combined with a platform coupon.
 *
 * Rounding rule: a discount reduction is goods × (1000 − figure × 100) / 1000 rounded DOWN to the fen, so the
 * shopper never gets more than the stated discount (99.9 fen off becomes 99). Figures have at most 2 decimals.
 */
export type CouponRate = { kind: 'amountOff'; amountFen: Fen } | { kind: 'discount'; figure: number };

export interface Coupon {
  couponId: number;
  scope: 'platform' | 'shop';
  /** The shop of a shop coupon. */
  shopId?: number;
  rate: CouponRate;
  thresholdFen: Fen;
  productIds: number[];
  stackable: boolean;
}

export interface CouponLine { productId: number; goodsFen: Fen }

/** The figure as thousandths paid: 9 → 900, 8.5 → 850. Rejects figures outside (0, 10) or finer than 0.01. */
export function paidPermille(figure: number): number {
  const hundredths = Math.round(figure * 100);
  if (!(figure > 0 && figure < 10) || Math.abs(hundredths - figure * 100) > 1e-6) {
    throw new RangeError(`not a discount figure: ${figure}`);
  }
  return hundredths;
}

export function discountReduction(goodsFen: Fen, figure: number): Fen {
  return mulDivFloor(goodsFen, 1000 - paidPermille(figure), 1000);
}

/** What the coupon takes off `eligibleFen`: amount off never exceeds it. */
export function couponReduction(rate: CouponRate, eligibleFen: Fen): Fen {
  switch (rate.kind) {
    case 'amountOff': return Math.min(rate.amountFen, eligibleFen);
    case 'discount': return discountReduction(eligibleFen, rate.figure);
    default: return unreachable(rate);
  }
}

function unreachable(value: never): never {
  throw new Error(`unexpected coupon rate ${JSON.stringify(value)}`);
}

export const appliesTo = (coupon: Coupon, productId: number): boolean =>
  coupon.productIds.length === 0 || coupon.productIds.includes(productId);

/**
 * The goods the coupon may reduce, checked: no applicable line → couponNotApplicable; threshold not met →
 * couponThresholdNotMet. Returns the mask of applicable lines and their goods total.
 */
export function eligibleGoods(coupon: Coupon, lines: readonly CouponLine[]): { mask: boolean[]; totalFen: Fen } {
  const mask = lines.map((l) => appliesTo(coupon, l.productId));
  const totalFen = lines.reduce((sum, l, i) => sum + (mask[i] ? l.goodsFen : 0), 0);
  if (!mask.some(Boolean)) fail('couponNotApplicable');
  if (totalFen < coupon.thresholdFen) fail('couponThresholdNotMet');
  return { mask, totalFen };
}

/** Coupon text as the original shows it: "满100减10元" (threshold) / "减10元" (no threshold) / "9折券". */
export function couponContent(coupon: Pick<Coupon, 'rate' | 'thresholdFen'>): string {
  const yuan = (fen: Fen) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));
  if (coupon.rate.kind === 'discount') return `${coupon.rate.figure}折券`;
  const off = `减${yuan(coupon.rate.amountFen)}元`;
  return coupon.thresholdFen > 0 ? `满${yuan(coupon.thresholdFen)}${off}` : off;
}

/** The checkout's coupon choice: one platform coupon for the order, at most one coupon per shop. */
export interface CouponSelection { platform: Coupon | null; shops: Record<number, Coupon> }

export const noCoupons = (): CouponSelection => ({ platform: null, shops: {} });

/**
 * Stacking (spec §5) as the shopper meets it. Choosing a platform coupon while a chosen shop coupon is not
 * stackable fails with 已选择的店铺券中存在不能叠加的; choosing a non-stackable shop coupon while a platform coupon
 * is chosen fails with 此店铺券不能叠加平台券. Passing null clears the choice.
 */
export function choosePlatformCoupon(selection: CouponSelection, coupon: Coupon | null): CouponSelection {
  if (coupon && Object.values(selection.shops).some((c) => !c.stackable)) fail('shopCouponNotStackable');
  return { ...selection, platform: coupon };
}

export function chooseShopCoupon(selection: CouponSelection, shopId: number, coupon: Coupon | null): CouponSelection {
  const shops = { ...selection.shops };
  if (coupon === null) {
    delete shops[shopId];
    return { ...selection, shops };
  }
  if (!coupon.stackable && selection.platform) fail('platformCouponNotStackable');
  return { ...selection, shops: { ...shops, [shopId]: coupon } };
}

/** A whole selection (as the server receives it) is valid when no non-stackable shop coupon meets a platform one. */
export function assertStackable(selection: CouponSelection): void {
  choosePlatformCoupon({ ...selection, platform: null }, selection.platform);
}
