/**
 * From priced lines and a settlement to the plan a submit carries out (CheckoutPlan): one order per shop with each
 * line's share of the coupons, what to reserve where, which claims to use for which orders, the collage step and
 * the payment. Pure: ids and the address come in.
 *
 * When a platform coupon's share overflows a shop's goods it reduced the shop's shipping (domain/pricing): the order
 * then records the reduced shipping as its logisticsPrice, so order price = settlement payable, fen for fen.
 */
import type { OrderLine, ReceiveSnapshot } from '../order/order.events';
import type { Settlement, ShopSettlement } from '../pricing/settlement';
import { fail } from '../shared/errors';
import type { PromotionKind } from '../stock/activity-quota.events';
import type { CheckoutPlan, PlannedCollage, PlannedCoupon, PlannedOrder, PlannedQuota } from './checkout.events';
import type { PricedLine } from './checkout-lines';
import type { WalletCoupon } from './checkout-coupons';

export interface PlanIds {
  /** one per shop, in the settlement's shop order */
  orders: Array<{ orderId: number; orderFormid: string }>;
  paymentId: string;
}

export interface PlanInput {
  type: number;
  userId: number;
  lines: readonly PricedLine[];
  settlement: Settlement;
  /** the claims the settlement used, by claim id */
  claims: readonly WalletCoupon[];
  receive: ReceiveSnapshot;
  remarks: ReadonlyMap<number, string>;
  ids: PlanIds;
  /** the group step of a type 1/2 checkout (its orderId is filled here) */
  collage: Omit<PlannedCollage, 'orderId'> | null;
}

const activityIdOf = (lines: readonly PricedLine[], kind: PromotionKind): number | null =>
  lines.find((l) => l.activity?.kind === kind)?.activity?.activityId ?? null;

function orderLines(shop: ShopSettlement, lines: readonly PricedLine[]): OrderLine[] {
  return shop.lines.map((allocation) => {
    const line = lines.find((l) => l.sku.skuId === allocation.skuId) as PricedLine;
    return {
      skuId: line.sku.skuId,
      productId: line.sku.productId,
      productName: line.sku.productName,
      image: line.sku.image,
      values: line.sku.values,
      number: line.request.number,
      price: line.unitPriceFen,
      discount: allocation.shopCouponFen + allocation.platformCouponFen,
    };
  });
}

function plannedOrder(input: PlanInput, shop: ShopSettlement, index: number): PlannedOrder {
  const { orderId, orderFormid } = input.ids.orders[index];
  const lines = input.lines.filter((l) => l.sku.shopId === shop.shopId);
  const claimOf = (id: number | null) => input.claims.find((c) => c.claimId === id);
  const platform = shop.platformCouponFen > 0 ? claimOf(input.settlement.platformCouponId) : undefined;
  return {
    orderId,
    shopId: shop.shopId,
    payable: shop.payableFen,
    place: {
      orderId,
      orderFormid,
      userId: input.userId,
      shopId: shop.shopId,
      lines: orderLines(shop, lines),
      logisticsPrice: shop.shippingFen - shop.shippingReductionFen,
      platformCouponId: platform ? platform.couponId : null,
      shopCouponId: claimOf(shop.shopCouponId)?.shopCouponId ?? null,
      receive: input.receive,
      remark: input.remarks.get(shop.shopId) ?? '',
      paymentMode: 1,
      shopGroupWorkId: activityIdOf(lines, 'group-work'),
      shopSeckillId: activityIdOf(lines, 'seckill'),
      shopDiscountId: activityIdOf(lines, 'discount'),
      collageId: input.collage && lines.some((l) => l.sku.skuId === input.collage?.skuId) ? input.collage.collageId : 0,
    },
  };
}

function plannedCoupons(input: PlanInput, orders: readonly PlannedOrder[]): PlannedCoupon[] {
  const { settlement } = input;
  const orderOfShop = (shopId: number) => orders.find((o) => o.shopId === shopId)?.orderId as number;
  const out: PlannedCoupon[] = [];
  for (const shop of settlement.shops) {
    const claim = input.claims.find((c) => c.claimId === shop.shopCouponId);
    if (claim) out.push({ claimId: claim.claimId, couponId: 0, shopCouponId: claim.shopCouponId, orderIds: [orderOfShop(shop.shopId)], reductionFen: shop.shopCouponFen });
  }
  const platform = input.claims.find((c) => c.claimId === settlement.platformCouponId);
  if (platform) {
    const sharing = settlement.shops.filter((s) => s.platformCouponFen > 0).map((s) => orderOfShop(s.shopId));
    out.push({
      claimId: platform.claimId, couponId: platform.couponId, shopCouponId: 0,
      orderIds: sharing.length > 0 ? sharing : orders.map((o) => o.orderId), reductionFen: settlement.platformCouponFen,
    });
  }
  return out;
}

/**
 * 活动商品已售罄 when a line's activity has its own stock (limitStock > 0) and what is left of it, as the read model
 * knows it, is less than the line asks. The activity quota stream still decides every buyer this lets through.
 */
export function failWhenActivitySoldOut(lines: readonly PricedLine[]): void {
  for (const l of lines) {
    if (!l.activity) continue;
    const { limitStock, sold } = l.activity;
    if (limitStock > 0 && limitStock - sold < l.request.number) fail('activitySoldOut');
  }
}

function plannedQuotas(lines: readonly PricedLine[], orderOfSku: (skuId: number) => number): PlannedQuota[] {
  failWhenActivitySoldOut(lines);
  const quotas = new Map<string, PlannedQuota>();
  for (const l of lines) {
    if (!l.activity) continue;
    const orderId = orderOfSku(l.sku.skuId);
    const key = `${l.activity.kind}/${l.activity.activityId}/${orderId}`;
    const quota = quotas.get(key) ?? {
      kind: l.activity.kind, activityId: l.activity.activityId, orderId, lines: [], limitNumber: l.activity.limitNumber,
    };
    quota.lines.push({ skuId: l.sku.skuId, number: l.request.number, limitStock: l.activity.limitStock });
    quotas.set(key, quota);
  }
  return [...quotas.values()];
}

export function planCheckout(input: PlanInput): CheckoutPlan {
  const orders = input.settlement.shops.map((shop, index) => plannedOrder(input, shop, index));
  const orderOfSku = (skuId: number) => orders.find((o) => o.place.lines.some((l) => l.skuId === skuId))?.orderId as number;
  const money = orders.reduce((sum, o) => sum + o.payable, 0);
  const collageOrder = orders.find((o) => o.place.collageId > 0);
  return {
    type: input.type,
    orders,
    stock: input.lines.map((l) => ({
      skuId: l.sku.skuId, orderId: orderOfSku(l.sku.skuId), number: l.request.number, listedQuantity: l.sku.listedStock,
    })),
    quotas: plannedQuotas(input.lines, orderOfSku),
    coupons: plannedCoupons(input, orders),
    collage: input.collage && collageOrder ? { ...input.collage, orderId: collageOrder.orderId } : null,
    paymentId: money > 0 ? input.ids.paymentId : null,
    money,
    cartSkuIds: input.lines.filter((l) => l.request.selected).map((l) => l.sku.skuId),
  };
}
