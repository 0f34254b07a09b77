import { z } from 'zod';
import { ImageList } from './images.rule';

/** More lines than any order holds. */
export const MAX_ORDER_LINES = 100;

const id = z.number().int().positive();

/** Return modes (spec §9): 1 refund only (仅退款), 2 return and refund (退货退款). */
export const AfterType = z.union([z.literal(1), z.literal(2)], { error: '请选择售后方式' });
export type AfterType = z.infer<typeof AfterType>;

/** Goods state: 0 not received, 1 received. */
export const GoodsState = z.union([z.literal(0), z.literal(1)], { error: '请选择货物状态' });
export type GoodsState = z.infer<typeof GoodsState>;

export const AfterSaleSku = z.object({
  skuId: id,
  number: z.number().int().min(1, '售后商品数量至少为1'),
});
export type AfterSaleSku = z.infer<typeof AfterSaleSku>;

/**
 * POST /after/submit (AfterParam). `price` is the client's figure and is ignored: the server recomputes the refund
 * from the order's recorded allocation.
 */
export const AfterSaleForm = z.object({
  orderId: id,
  afterType: AfterType,
  goodsState: GoodsState,
  // a reason picked from the list (GET /after/getReasonSelect); capped so free text cannot grow unbounded (issue 29)
  returnReason: z.string({ error: '请选择售后理由' }).trim().min(1, { error: '请选择售后理由' }).max(100, '售后理由不能超过100字'),
  explain: z.string().trim().max(500, '问题描述不能超过500字').default(''),
  image: ImageList,
  skus: z.array(AfterSaleSku, { error: '请先选择需要申请售后的商品' }).min(1, '请先选择需要申请售后的商品')
    // an order holds far fewer lines; bounded so one request never carries an unbounded command (issue 13)
    .max(MAX_ORDER_LINES, `参数 skus 无效：最多${MAX_ORDER_LINES}件商品`),
  price: z.number().optional(),
});
export type AfterSaleForm = z.infer<typeof AfterSaleForm>;
export type AfterSaleFormInput = z.input<typeof AfterSaleForm>;

/** POST /after/platform: the shopper asks the platform to step in (reason and images optional, as in the spec). */
export const PlatformInterventionForm = z.object({
  afterId: id,
  orderId: id,
  reason: z.string().trim().max(500, '介入理由不能超过500字').default(''),
  image: ImageList,
});
export type PlatformInterventionForm = z.infer<typeof PlatformInterventionForm>;

/** PUT /after/returnRefund (撤销申请) and /after/returnGoods (撤销退货). */
export const AfterSaleRef = z.object({ afterId: id, orderId: id });
export type AfterSaleRef = z.infer<typeof AfterSaleRef>;
