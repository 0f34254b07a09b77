/**
 * A settlement or submit request after the edge validated it (services/api/checkout/checkout.params.ts): the lines
 * asked for and what the client named — never a price. Submit `type`: 0 (or null) normal, 1 open a group, 2 join a
 * group, 3 flash sale, 4 timed discount.
 */
import type { ActivityClaim, RequestedLine } from '../../domain/checkout/checkout-lines';

export interface LineRequest extends RequestedLine {
  shopSeckillId: number | null;
  shopDiscountId: number | null;
  shopGroupWorkId: number | null;
}

export interface ShopRequest {
  shopId: number;
  /** the shop coupon: a claim id (the settlement's shopCoupons[].id), or a shop coupon id (its oldest unused claim) */
  claimId: number | null;
  shopCouponId: number | null;
  remark: string;
  skus: LineRequest[];
}

export interface CheckoutRequest {
  type: 0 | 1 | 2 | 3 | 4;
  receiveId: number | null;
  /** the platform coupon's couponId */
  couponId: number | null;
  /** the group to join (type 2) */
  collageId: number | null;
  shopGroupWorkId: number | null;
  shopSeckillId: number | null;
  shopDiscountId: number | null;
  remark: string;
  shops: ShopRequest[];
}

export const isGroupCheckout = (request: CheckoutRequest): boolean => request.type === 1 || request.type === 2;

const positive = (id: number | null | undefined): number | null => (id && id > 0 ? id : null);

/**
 * What the client named for one line: its own activity ids, or — in a one-line (buy-now) checkout — the request's.
 * A group checkout (type 1/2) has one line, bought at the group price.
 */
export function claimOf(request: CheckoutRequest, line: LineRequest, lineCount: number): ActivityClaim {
  const own = [line.shopSeckillId, line.shopDiscountId, line.shopGroupWorkId].some((id) => positive(id) !== null);
  const pick = (lineId: number | null, requestId: number | null) => positive(own ? lineId : lineCount === 1 ? requestId : null);
  return {
    group: isGroupCheckout(request),
    shopGroupWorkId: pick(line.shopGroupWorkId, request.shopGroupWorkId),
    shopSeckillId: pick(line.shopSeckillId, request.type === 3 || request.type === 0 ? request.shopSeckillId : null),
    shopDiscountId: pick(line.shopDiscountId, request.type === 4 || request.type === 0 ? request.shopDiscountId : null),
  };
}
