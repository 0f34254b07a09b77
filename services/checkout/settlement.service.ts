/**
 * `POST /order/getSettlement` (and `/work/getSettlement`): the checkout page's numbers, recomputed on the server from
 * the catalogue, stock, promotions, shipping templates and the shopper's coupons. Coupons the request already chose
 * (couponId, shops[].id) are applied with the spec's stacking rules, so the page shows the payable the submit will
 * charge. Without a receiveId the shopper's default or newest address is used; one not in their book answers 81004.
 * Any invalid line fails the whole settlement with 80002 存在无效商品,请重新选择 and `data` =
 * `{shops, invalidShops}` (origin's errorData): the valid lines and, per shop, the offending ones with their reason.
 * More of a flash sale or discount than its per-person limit is 已超出最大限制购买数量 (80005) here already. The
 * address book and the wallet come from `deps.shopper` (shopper-facts.ts): the read models, or the streams while
 * they lag this shopper's writes.
 */
import { assertWithinActivityLimits } from '../../domain/checkout/activity-limits';
import { selectCoupons, usablePlatformCoupons, usableShopCoupons, type CouponChoice, type WalletCoupon } from '../../domain/checkout/checkout-coupons';
import type { PricedLine } from '../../domain/checkout/checkout-lines';
import { priceCheckout } from '../../domain/checkout/checkout-pricing';
import { DomainError, fail } from '../../domain/shared/errors';
import type { CheckoutAddress, CheckoutDeps } from './checkout.deps';
import { resolveGoods } from './checkout-goods';
import type { CheckoutRequest } from './checkout-request';
import { invalidView, lineView, settlementView, type SettlementView } from './settlement-view';

export async function receiveFor(deps: Pick<CheckoutDeps, 'shopper'>, userId: number, receiveId: number | null): Promise<CheckoutAddress | null> {
  if (receiveId === null) return deps.shopper.addresses.preferred(userId);
  return (await deps.shopper.addresses.find(userId, receiveId)) ?? fail('receiveNotFound');
}

/** The coupons a request names, as claims: shops[].id is a claim id; shops[].shopCouponId picks its oldest claim. */
export function couponChoiceOf(request: CheckoutRequest, wallet: readonly WalletCoupon[]): CouponChoice {
  const shopClaimIds = new Map<number, number>();
  for (const shop of request.shops) {
    if (shop.claimId !== null) shopClaimIds.set(shop.shopId, shop.claimId);
    else if (shop.shopCouponId !== null) {
      const claim = wallet.filter((c) => c.shopCouponId === shop.shopCouponId).sort((a, b) => a.claimId - b.claimId)[0];
      shopClaimIds.set(shop.shopId, claim ? claim.claimId : fail('couponUnavailable'));
    }
  }
  return { platformCouponId: request.couponId, shopClaimIds };
}

export interface UsableCoupons {
  platformCoupons: WalletCoupon[];
  shopCoupons: Map<number, WalletCoupon[]>;
}

/** The claims these lines may use: platform ones (after shipping to this address), and per shop its own. */
export function usableCoupons(
  wallet: readonly WalletCoupon[], lines: readonly PricedLine[], shopIds: readonly number[], receiveAdress: string | null, now: Date,
): UsableCoupons {
  return {
    platformCoupons: usablePlatformCoupons(wallet, lines, receiveAdress, now),
    shopCoupons: new Map(shopIds.map((shopId) => [shopId, usableShopCoupons(wallet, lines, shopId, now)])),
  };
}

export async function getSettlement(deps: CheckoutDeps, userId: number, request: CheckoutRequest): Promise<SettlementView> {
  const now = deps.clock();
  // a receiveId not in the shopper's book (deleted meanwhile, or another shopper's) is refused with 81004, as at
  // submit; none named shows the preferred address
  const receive = await receiveFor(deps, userId, request.receiveId);
  const goods = await resolveGoods(deps.catalog, request, now);
  if (goods.invalid.length > 0) {
    throw new DomainError('invalidGoods', undefined, {
      shops: goods.priced.map(lineView), invalidShops: invalidView(goods.invalid, goods.shops),
    });
  }
  assertWithinActivityLimits(goods.priced);
  const wallet = await deps.shopper.wallet(userId);
  const { selection } = selectCoupons(wallet, goods.priced, couponChoiceOf(request, wallet), now);
  const receiveAdress = receive?.receiveAdress ?? null;
  const settlement = priceCheckout(goods.priced, receiveAdress, selection);
  const usable = usableCoupons(wallet, goods.priced, settlement.shops.map((s) => s.shopId), receiveAdress, now);
  return settlementView({
    receive: receive ? { ...receive, ifDefault: receive.defult ? 1 : 0 } : null,
    lines: goods.priced,
    shops: goods.shops,
    settlement,
    shopCoupons: usable.shopCoupons,
    platformCoupons: usable.platformCoupons,
  });
}
