import { api } from '../../../lib/api-client';

export interface SubmitShop {
  shopId: number;
  /** the chosen shop coupon's claim id, null without one */
  id: number | null;
  remark: string;
  distribution: { distributionPrice: number; logisticsId: number };
  skus: Array<{ skuId: number; number: number; selected: number }>;
}

/** Spec §7 submit order (the figures are the page's; the server recomputes and never trusts them). */
export interface SubmitOrderBody {
  type: number | null;
  receiveId: number;
  couponId: number | null;
  price: number;
  discountPrice: number;
  remark: string;
  paymentMode: number;
  shops: SubmitShop[];
  shopGroupWorkId?: number;
  collageId?: number;
  shopSeckillId?: number;
  shopDiscountId?: number;
}

/** Spec §3 Pay info. */
export interface SubmittedPayInfo {
  money: number;
  orderId: number;
  collageId: number;
  url: string;
  codeUrl?: string;
}

/** POST /order/submit with the attempt's Idempotency-Key: a retried request places the orders once. */
export const submitOrder = (body: SubmitOrderBody, idempotencyKey: string): Promise<SubmittedPayInfo> =>
  api.request<SubmittedPayInfo>('POST', '/order/submit', { body, headers: { 'Idempotency-Key': idempotencyKey } });
