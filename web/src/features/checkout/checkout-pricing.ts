/**
 * The place-order page's figures and coupon rules, computed with the domain's own pricing (one truth with the
 * server): `settle` for goods, shipping, coupon reductions and the payable; `choosePlatformCoupon` /
 * `chooseShopCoupon` for the stacking messages of spec §5. The server's shipping fee per shop stands in as a flat
 * template, so the figures here are those the server will compute at submit (where they are checked again).
 */
import {
  choosePlatformCoupon,
  chooseShopCoupon,
  noCoupons,
  type Coupon,
  type CouponSelection,
} from '../../../../domain/pricing/coupons';
import { settle, type Settlement as Priced } from '../../../../domain/pricing/settlement';
import { ChargeType, type ShippingTemplate } from '../../../../domain/pricing/shipping';
import { DomainError } from '../../../../domain/shared/errors';
import { fenToYuan, yuanToFen } from '../../../../domain/shared/money';
import type { Settlement, SettlementCoupon } from './settlement.model';

export type { CouponSelection };

/** The pricing coupon of an offered coupon; `couponKey` identifies it in the page's selects. */
export function pricingCoupon(c: SettlementCoupon, shopId?: number): Coupon {
  const discount = c.discount && c.discount > 0 ? c.discount : c.reduceMoney;
  return {
    couponId: couponKey(c),
    scope: c.couponId > 0 ? 'platform' : 'shop',
    shopId: c.couponId > 0 ? undefined : shopId,
    rate: c.couponType === 2 ? { kind: 'discount', figure: discount } : { kind: 'amountOff', amountFen: yuanToFen(c.reduceMoney) },
    thresholdFen: yuanToFen(c.fullMoney ?? c.threshold ?? 0),
    productIds: c.ids ?? [],
    stackable: c.ifAdd === 1,
  };
}

/** Platform coupons by couponId, shop coupons by their claim id (what submit sends). */
export const couponKey = (c: SettlementCoupon): number => (c.couponId > 0 ? c.couponId : c.id ?? c.shopCouponId ?? 0);

/** One flat per-item template per shop charging exactly the shop's quoted fee. */
function flatShipping(shopId: number, fen: number): ShippingTemplate {
  return {
    templateId: shopId,
    chargeType: ChargeType.perItem,
    rules: [{ regions: [], first: Number.MAX_SAFE_INTEGER, firstPriceFen: fen, additional: 0, additionalPriceFen: 0 }],
  };
}

export function priceSettlement(settlement: Settlement, coupons: CouponSelection): Priced {
  const shipping = new Map(settlement.shops.map((s) => [s.shopId, yuanToFen(s.distribution.distributionPrice)]));
  return settle({
    shops: settlement.shops.map((shop) => ({
      shopId: shop.shopId,
      lines: shop.skus.map((sku) => ({
        skuId: sku.skuId,
        productId: sku.productId,
        unitPriceFen: yuanToFen(sku.price),
        number: sku.number,
        templateId: (shipping.get(shop.shopId) ?? 0) > 0 ? shop.shopId : null,
        weightGrams: 0,
      })),
    })),
    templates: settlement.shops.map((s) => flatShipping(s.shopId, shipping.get(s.shopId) ?? 0)),
    receiveAdress: null,
    coupons,
  });
}

export type Choice = { ok: true; selection: CouponSelection; priced: Priced } | { ok: false; message: string };

/** A selection is taken only when stacking allows it and it prices (e.g. 优惠券金额不能大于付款金额). */
function checked(settlement: Settlement, choose: () => CouponSelection): Choice {
  try {
    const selection = choose();
    return { ok: true, selection, priced: priceSettlement(settlement, selection) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, message: error.message };
    throw error;
  }
}

export function choosePlatform(settlement: Settlement, current: CouponSelection, coupon: SettlementCoupon | null): Choice {
  return checked(settlement, () => choosePlatformCoupon(current, coupon ? pricingCoupon(coupon) : null));
}

export function chooseShop(
  settlement: Settlement,
  current: CouponSelection,
  shopId: number,
  coupon: SettlementCoupon | null,
): Choice {
  return checked(settlement, () => chooseShopCoupon(current, shopId, coupon ? pricingCoupon(coupon, shopId) : null));
}

export const initialPricing = (settlement: Settlement): Choice => checked(settlement, noCoupons);

export const yuan = fenToYuan;
