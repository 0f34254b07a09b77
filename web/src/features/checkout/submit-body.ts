import type { Settlement as Priced } from '../../../../domain/pricing/settlement';
import { fenToYuan } from '../../../../domain/shared/money';
import type { SubmitOrderBody } from './api/submit-order';
import type { CheckoutRequest } from './place-order.query';
import type { Settlement } from './settlement.model';

export interface SubmitChoices {
  receiveId: number;
  platformCouponId: number | null;
  /** per shop: the chosen shop coupon's claim id */
  shopCoupons: Record<number, number>;
  remarks: Record<number, string>;
}

const firstId = (settlement: Settlement, key: 'shopSeckillId' | 'shopDiscountId'): number | undefined =>
  settlement.shops.flatMap((s) => s.skus).map((sku) => sku[key] ?? 0).find((id) => id > 0);

/** Spec §7 submit: activity type null (none), 1 open group, 2 join, 3 flash sale, 4 timed discount, with its ids. */
function activityOf(request: CheckoutRequest, settlement: Settlement): Partial<SubmitOrderBody> & { type: number | null } {
  if (request.kind === 'group') {
    const { type, shopGroupWorkId, collageId } = request.works;
    return type === 2 ? { type, shopGroupWorkId, collageId } : { type, shopGroupWorkId };
  }
  const seckill = request.activityType === 2 ? firstId(settlement, 'shopSeckillId') : undefined;
  if (seckill) return { type: 3, shopSeckillId: seckill };
  const discount = request.activityType === 3 ? firstId(settlement, 'shopDiscountId') : undefined;
  if (discount) return { type: 4, shopDiscountId: discount };
  return { type: null };
}

/** Cart lines come marked `selected: 1` (the server then removes them from the cart); buy-now lines are 0. */
function selectedOf(request: CheckoutRequest, skuId: number): number {
  if (request.kind === 'group') return 0;
  const line = request.shops.flatMap((s) => s.skus).find((s) => s.skuId === skuId);
  return line?.selected ?? 0;
}

/** The submit request of the page's choices; its prices are informative only (the server recomputes them). */
export function submitBody(request: CheckoutRequest, settlement: Settlement, priced: Priced, choices: SubmitChoices): SubmitOrderBody {
  const shops = settlement.shops.map((shop) => ({
    shopId: shop.shopId,
    id: choices.shopCoupons[shop.shopId] ?? null,
    remark: (choices.remarks[shop.shopId] ?? '').trim(),
    distribution: { distributionPrice: shop.distribution.distributionPrice, logisticsId: shop.distribution.logisticsId },
    skus: shop.skus.map((sku) => ({ skuId: sku.skuId, number: sku.number, selected: selectedOf(request, sku.skuId) })),
  }));
  return {
    ...activityOf(request, settlement),
    receiveId: choices.receiveId,
    couponId: choices.platformCouponId,
    price: fenToYuan(priced.payableFen),
    discountPrice: fenToYuan(priced.discountFen),
    remark: shops.length === 1 ? shops[0].remark : '',
    paymentMode: 1,
    shops,
  };
}
