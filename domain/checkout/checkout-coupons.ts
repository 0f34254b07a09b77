/**
 * The shopper's coupons at checkout (spec §5 Coupons; origin-contract §5.1, §8): unused claims in their window, as
 * pricing coupons keyed by claim id. Lines paying an activity price whose activity does not stack (ifAdd 0) are outside
 * every coupon. Offered: shop coupons whose goods and threshold this shop's lines meet; platform coupons that price
 * cleanly on their own (threshold met, less than the payable). Re-validated in full at submit.
 */
import { choosePlatformCoupon, chooseShopCoupon, eligibleGoods, noCoupons, type Coupon, type CouponSelection } from '../pricing/coupons';
import { DomainError, fail } from '../shared/errors';
import type { PricedLine } from './checkout-lines';
import { byShop, priceCheckout } from './checkout-pricing';

export interface WalletCoupon {
  claimId: number;
  couponId: number;
  shopCouponId: number;
  shopId: number;
  activityName: string;
  couponType: 1 | 2;
  thresholdFen: number;
  reduceFen: number;
  /** 90 = 9折 */
  discountTenths: number;
  productIds: number[];
  ifAdd: 0 | 1;
  startTime: Date;
  endTime: Date;
}

export const inWindow = (c: WalletCoupon, now: Date): boolean =>
  c.startTime.getTime() <= now.getTime() && now.getTime() < c.endTime.getTime();

/** Products of the checkout a coupon may touch: all but those paying a non-stacking activity price. */
export function stackableProducts(lines: readonly PricedLine[]): number[] {
  return [...new Set(lines.filter((l) => !l.activity || l.activity.ifAdd === 1).map((l) => l.sku.productId))];
}

/** The pricing coupon of a claim for these lines; null when no line of the checkout may use it. */
export function pricingCouponOf(c: WalletCoupon, lines: readonly PricedLine[]): Coupon | null {
  const allowed = stackableProducts(lines);
  const all = new Set(lines.map((l) => l.sku.productId));
  const excluded = allowed.length < all.size;
  let productIds = c.productIds;
  if (excluded) productIds = (c.productIds.length === 0 ? allowed : c.productIds.filter((id) => allowed.includes(id)));
  if (excluded && productIds.length === 0) return null;
  return {
    couponId: c.claimId,
    scope: c.couponId > 0 ? 'platform' : 'shop',
    shopId: c.shopCouponId > 0 ? c.shopId : undefined,
    rate: c.couponType === 2 ? { kind: 'discount', figure: c.discountTenths / 10 } : { kind: 'amountOff', amountFen: c.reduceFen },
    thresholdFen: c.thresholdFen,
    productIds,
    stackable: c.ifAdd === 1,
  };
}

const passes = (check: () => unknown): boolean => {
  try {
    check();
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
};

/** One claim per coupon (the oldest), in the wallet's order. */
function onePerCoupon(wallet: readonly WalletCoupon[]): WalletCoupon[] {
  const seen = new Set<string>();
  return [...wallet].sort((a, b) => a.claimId - b.claimId).filter((c) => {
    const key = `${c.couponId}/${c.shopCouponId}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

export function usableShopCoupons(wallet: readonly WalletCoupon[], lines: readonly PricedLine[], shopId: number, now: Date): WalletCoupon[] {
  const shopLines = byShop(lines).get(shopId) ?? [];
  return onePerCoupon(wallet).filter((c) => {
    if (c.shopCouponId === 0 || c.shopId !== shopId || !inWindow(c, now)) return false;
    const coupon = pricingCouponOf(c, lines);
    return coupon !== null && passes(() => eligibleGoods(coupon, shopLines.map((l) => ({
      productId: l.sku.productId, goodsFen: l.unitPriceFen * l.request.number,
    }))));
  });
}

export function usablePlatformCoupons(
  wallet: readonly WalletCoupon[], lines: readonly PricedLine[], receiveAdress: string | null, now: Date,
): WalletCoupon[] {
  return onePerCoupon(wallet).filter((c) => {
    if (c.couponId === 0 || !inWindow(c, now)) return false;
    const coupon = pricingCouponOf(c, lines);
    return coupon !== null && passes(() => priceCheckout(lines, receiveAdress, { ...noCoupons(), platform: coupon }));
  });
}

export interface CouponChoice {
  /** the platform coupon's id (couponId); the oldest unused claim of it is used */
  platformCouponId: number | null;
  /** per shop: the claim id (`shops[].id`) */
  shopClaimIds: Map<number, number>;
}

/**
 * The selection a submit (or a settlement preview) asked for, checked: each coupon must be an unused claim of this
 * shopper in its window and usable on these lines (优惠券不可用 otherwise); stacking per spec §5. The server sees the
 * whole choice at once, so the stacking message follows its grammar: one shop coupon that does not stack with the
 * platform coupon is 此店铺券不能叠加平台券; among several chosen shop coupons it is 已选择的店铺券中存在不能叠加的.
 */
export function selectCoupons(
  wallet: readonly WalletCoupon[], lines: readonly PricedLine[], choice: CouponChoice, now: Date,
): { selection: CouponSelection; used: WalletCoupon[] } {
  const shopCoupons = [...choice.shopClaimIds].map(([shopId, claimId]) => {
    const claim = wallet.find((c) => c.claimId === claimId && c.shopCouponId > 0);
    if (!claim || claim.shopId !== shopId || !inWindow(claim, now)) return fail('couponUnavailable');
    return { shopId, claim, coupon: pricingCouponOf(claim, lines) ?? fail('couponNotApplicable') };
  });
  const platformClaim = choice.platformCouponId === null ? null
    : onePerCoupon(wallet).find((c) => c.couponId === choice.platformCouponId && inWindow(c, now)) ?? fail('couponUnavailable');
  const platform = platformClaim ? pricingCouponOf(platformClaim, lines) ?? fail('couponNotApplicable') : null;
  let selection = noCoupons();
  const chooseShops = () => {
    for (const s of shopCoupons) selection = chooseShopCoupon(selection, s.shopId, s.coupon);
  };
  if (shopCoupons.length === 1) {
    selection = choosePlatformCoupon(selection, platform);
    chooseShops();
  } else {
    chooseShops();
    selection = choosePlatformCoupon(selection, platform);
  }
  return { selection, used: [...shopCoupons.map((s) => s.claim), ...(platformClaim ? [platformClaim] : [])] };
}
