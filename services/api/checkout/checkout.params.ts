/**
 * Bodies and queries of the checkout calls (spec §7 Settlement / Submit order / Pay; origin-contract §5.1–5.3), turned
 * into a CheckoutRequest. Client prices (price, discountPrice, distribution.distributionPrice) are accepted and
 * ignored; unknown fields are dropped. Ids may come as numbers or digit strings; absent, null, '' and 0 mean "none".
 */
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import { PaymentMode, ReceiveId } from '../../../domain/rules/submit-order.rule';
import type { CheckoutRequest } from '../../checkout/checkout-request';

const Id = decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const OptionalId = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? undefined : v), Id.optional(),
).transform((v) => v ?? null);
const Flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform((v) => v === true || v === 1 || v === '1');
const Remark = z.string().max(200, '备注不能超过200个字').nullish().transform((v) => v ?? '');
const Count = decimal(z.number({ error: '请输入正确的商品数量' }).int('请输入正确的商品数量').min(1, '商品数量不能少于1件').max(9999));

const LineBody = z.object({
  skuId: Id,
  number: Count,
  selected: Flag.optional(),
  shopSeckillId: OptionalId,
  shopDiscountId: OptionalId,
  shopGroupWorkId: OptionalId,
});

const ShopBody = z.object({
  shopId: Id,
  /** the shop coupon's claim id (the settlement's shopCoupons[].id) */
  id: OptionalId,
  shopCouponId: OptionalId,
  remark: Remark,
  skus: z.array(LineBody, { error: '请至少选中一件商品' }).min(1, '请至少选中一件商品').max(200),
});

const common = {
  couponId: OptionalId,
  collageId: OptionalId,
  shopGroupWorkId: OptionalId,
  shopSeckillId: OptionalId,
  shopDiscountId: OptionalId,
  remark: Remark,
  shops: z.array(ShopBody, { error: '请至少选中一件商品' }).min(1, '请至少选中一件商品').max(50),
};

export const SettlementBody = z.object({
  type: decimal(z.number().int().nullish()),
  receiveId: OptionalId,
  ifWork: decimal(z.number().int().nullish()),
  ...common,
});
export type SettlementBody = z.infer<typeof SettlementBody>;

/** A query's `shops`: the JSON text the /placeOrder route carries, then checked as a body's. */
const ShopsJson = z.string({ error: '参数 shops 无效：应为 JSON 数组' }).transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: '参数 shops 无效：应为 JSON 数组' });
    return z.NEVER;
  }
}).pipe(common.shops);

/** `GET /order/getOrderCoupons`: the settlement's fields as a query string. */
export const OrderCouponsQuery = SettlementBody.extend({ shops: ShopsJson });

const SubmitType = z.preprocess((v) => (v === null || v === undefined || v === '' ? 0 : v),
  decimal(z.number().int().min(0).max(4))) as z.ZodType<0 | 1 | 2 | 3 | 4>;

/** Address first, then the pay method: the order the checkout page's own checks follow. */
export const SubmitBody = z.object({ receiveId: ReceiveId, paymentMode: PaymentMode, type: SubmitType, ...common });
export type SubmitBody = z.infer<typeof SubmitBody>;

export const WorkSettlementBody = z.object({
  type: decimal(z.number().int().min(1).max(2)),
  receiveId: OptionalId,
  shopId: Id,
  productId: OptionalId,
  skuId: Id,
  number: Count,
  collageId: OptionalId,
  shopGroupWorkId: Id,
  couponId: OptionalId,
});
export type WorkSettlementBody = z.infer<typeof WorkSettlementBody>;

export const PayBody = z.object({
  orderId: Id,
  /** 1: the place-order page (every unpaid order of the checkout); 2: this order (order list and detail) */
  type: decimal(z.number().int().min(1).max(2).nullish().transform((v) => v ?? 1)),
  money: z.unknown().optional(),
});

export const OrderIdQuery = z.object({ orderId: Id });
export const CheckPayQuery = z.object({
  orderId: Id, collageId: OptionalId, money: z.string().optional(), type: decimal(z.number().int().nullish()),
});

/** Idempotency-Key: printable ASCII, 1–128 characters. */
export const IdempotencyKey = z.string().regex(/^[\x21-\x7e]{1,128}$/, '参数 Idempotency-Key 无效').optional();

type Common = z.infer<z.ZodObject<typeof common>>;

function shopsOf(body: Common): CheckoutRequest['shops'] {
  return body.shops.map((shop) => ({
    shopId: shop.shopId,
    claimId: shop.id,
    shopCouponId: shop.shopCouponId,
    remark: shop.remark,
    skus: shop.skus.map((line) => ({
      shopId: shop.shopId, skuId: line.skuId, number: line.number, selected: line.selected ?? false,
      shopSeckillId: line.shopSeckillId, shopDiscountId: line.shopDiscountId, shopGroupWorkId: line.shopGroupWorkId,
    })),
  }));
}

const commonOf = (body: Common) => ({
  couponId: body.couponId, collageId: body.collageId, shopGroupWorkId: body.shopGroupWorkId,
  shopSeckillId: body.shopSeckillId, shopDiscountId: body.shopDiscountId, remark: body.remark, shops: shopsOf(body),
});

/** `/order/getSettlement`: `type` is the page's (ignored, as in the original); ifWork 1 prices a group to open or join. */
export function settlementRequest(body: SettlementBody): CheckoutRequest {
  const group = body.ifWork === 1 && body.shopGroupWorkId !== null;
  return { ...commonOf(body), type: group ? (body.collageId ? 2 : 1) : 0, receiveId: body.receiveId };
}

export function submitRequest(body: SubmitBody): CheckoutRequest {
  return { ...commonOf(body), type: body.type, receiveId: body.receiveId };
}

export function workSettlementRequest(body: WorkSettlementBody): CheckoutRequest {
  return {
    type: body.type === 2 ? 2 : 1, receiveId: body.receiveId, couponId: body.couponId, collageId: body.collageId,
    shopGroupWorkId: body.shopGroupWorkId, shopSeckillId: null, shopDiscountId: null, remark: '',
    shops: [{
      shopId: body.shopId, claimId: null, shopCouponId: null, remark: '',
      skus: [{
        shopId: body.shopId, skuId: body.skuId, number: body.number, selected: false,
        shopSeckillId: null, shopDiscountId: null, shopGroupWorkId: body.shopGroupWorkId,
      }],
    }],
  };
}
