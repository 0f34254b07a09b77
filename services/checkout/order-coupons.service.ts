/**
 * `/order/getOrderCoupons` (spec §7 path list): the coupons the shopper may use on the order being placed — the very
 * lists the settlement offers (`usableCoupons`), without pricing shipping per shop or applying a choice. Lines that
 * cannot be bought are left out here (the settlement names them with 80002); coupons are judged on the others.
 */
import { couponView, type CouponView } from './settlement-view';
import type { CheckoutDeps } from './checkout.deps';
import { resolveGoods } from './checkout-goods';
import type { CheckoutRequest } from './checkout-request';
import { usableCoupons } from './settlement.service';

export interface OrderCoupons {
  /** platform coupons (one per coupon: the oldest unused claim, its claim id in `id`) */
  coupons: CouponView[];
  /** per shop of the order, in the request's order: its own coupons */
  shops: Array<{ shopId: number; shopCoupons: CouponView[] }>;
}

export async function getOrderCoupons(deps: CheckoutDeps, userId: number, request: CheckoutRequest): Promise<OrderCoupons> {
  const now = deps.clock();
  const named = request.receiveId === null ? null : await deps.shopper.addresses.find(userId, request.receiveId);
  const receive = named ?? await deps.shopper.addresses.preferred(userId);
  const goods = await resolveGoods(deps.catalog, request, now);
  const shopIds = [...new Set(request.shops.map((s) => s.shopId))];
  const wallet = await deps.shopper.wallet(userId);
  const usable = usableCoupons(wallet, goods.priced, shopIds, receive?.receiveAdress ?? null, now);
  return {
    coupons: goods.priced.length === 0 ? [] : usable.platformCoupons.map(couponView),
    shops: shopIds.map((shopId) => ({ shopId, shopCoupons: (usable.shopCoupons.get(shopId) ?? []).map(couponView) })),
  };
}
