import { z } from 'zod';
import { AfterType, GoodsState } from '../rules/after-sale.rule';

/** After-sale events (DESIGN.md §4): past-tense facts, money in integer fen, times ISO strings. */
const id = z.number().int().positive();
const fen = z.number().int().min(0);
const instant = z.iso.datetime();
const ref = { afterId: id, orderId: id };

export const ReturnAddress = z.object({ returnAdress: z.string().min(1), returnPerson: z.string().min(1), returnPhone: z.string().min(1) });
export type ReturnAddress = z.infer<typeof ReturnAddress>;

export const AfterSaleLine = z.object({ skuId: id, number: z.number().int().positive(), refundFen: fen });
export type AfterSaleLine = z.infer<typeof AfterSaleLine>;

const event = <T extends string, D extends z.ZodRawShape>(type: T, data: D) =>
  z.object({ type: z.literal(type), data: z.object({ ...ref, ...data }) });

export const AfterSaleSubmitted = event('AfterSaleSubmitted', {
  afterFormid: z.string().min(1),
  orderFormid: z.string().min(1),
  shopId: id,
  buyerUserId: id,
  afterType: AfterType,
  goodsState: GoodsState,
  returnReason: z.string().min(1),
  explain: z.string(),
  images: z.array(z.string()).max(5),
  lines: z.array(AfterSaleLine).min(1),
  shippingRefundFen: fen,
  /** The refund: Σ line refunds + shipping refund. */
  priceFen: fen,
  autoCloseAt: instant,
});
export type AfterSaleSubmitted = z.infer<typeof AfterSaleSubmitted>;

export const AfterSaleApproved = event('AfterSaleApproved', {
  afterType: AfterType,
  /** Where a return goes (type 2); null for refund only. */
  returnAddress: ReturnAddress.nullable(),
  autoCloseAt: instant.nullable(),
});
export type AfterSaleApproved = z.infer<typeof AfterSaleApproved>;

export const AfterSaleRejected = event('AfterSaleRejected', { reason: z.string(), autoCloseAt: instant });
export type AfterSaleRejected = z.infer<typeof AfterSaleRejected>;

export const AfterSaleReturnShipped = event('AfterSaleReturnShipped', { express: id, deliverFormid: z.string().min(8) });
export type AfterSaleReturnShipped = z.infer<typeof AfterSaleReturnShipped>;

export const AfterSaleReturnReceived = event('AfterSaleReturnReceived', {});
export type AfterSaleReturnReceived = z.infer<typeof AfterSaleReturnReceived>;

export const AfterSaleReturnRefused = event('AfterSaleReturnRefused', { reason: z.string() });
export type AfterSaleReturnRefused = z.infer<typeof AfterSaleReturnRefused>;

export const AfterSalePlatformInterventionRequested = event('AfterSalePlatformInterventionRequested', {
  reason: z.string(),
  images: z.array(z.string()).max(5),
  fromAfterState: z.union([z.literal(6), z.literal(8)]),
});
export type AfterSalePlatformInterventionRequested = z.infer<typeof AfterSalePlatformInterventionRequested>;

export const AfterSalePlatformRuledForShopper = event('AfterSalePlatformRuledForShopper', {
  reason: z.string(),
  /** Goods still with the shopper on a return-and-refund: they go back first (state 10), else refund (2). */
  returnRequired: z.boolean(),
  autoCloseAt: instant.nullable(),
});
export type AfterSalePlatformRuledForShopper = z.infer<typeof AfterSalePlatformRuledForShopper>;

export const AfterSalePlatformRuledForMerchant = event('AfterSalePlatformRuledForMerchant', { reason: z.string() });
export type AfterSalePlatformRuledForMerchant = z.infer<typeof AfterSalePlatformRuledForMerchant>;

export const AfterSaleRefundSucceeded = event('AfterSaleRefundSucceeded', { refundFen: fen, refundId: z.string().min(1) });
export type AfterSaleRefundSucceeded = z.infer<typeof AfterSaleRefundSucceeded>;

export const AfterSaleRefundFailed = event('AfterSaleRefundFailed', { reason: z.string() });
export type AfterSaleRefundFailed = z.infer<typeof AfterSaleRefundFailed>;

/** Ops asks the provider again after a failed refund (5 → 2); `attempt` numbers the refund id (2, 3, ...). */
export const AfterSaleRefundRetried = event('AfterSaleRefundRetried', { attempt: z.number().int().min(2) });
export type AfterSaleRefundRetried = z.infer<typeof AfterSaleRefundRetried>;

/** 撤销申请 (refund only). */
export const AfterSaleApplicationWithdrawn = event('AfterSaleApplicationWithdrawn', {});
export type AfterSaleApplicationWithdrawn = z.infer<typeof AfterSaleApplicationWithdrawn>;

/** 撤销退货 (return and refund). */
export const AfterSaleReturnWithdrawn = event('AfterSaleReturnWithdrawn', {});
export type AfterSaleReturnWithdrawn = z.infer<typeof AfterSaleReturnWithdrawn>;

/** Nobody acted within 3 days; `dueAt` is the deadline the scheduler fired. */
export const AfterSaleAutoClosed = event('AfterSaleAutoClosed', { dueAt: instant });
export type AfterSaleAutoClosed = z.infer<typeof AfterSaleAutoClosed>;

export const AfterSaleEvent = z.discriminatedUnion('type', [
  AfterSaleSubmitted, AfterSaleApproved, AfterSaleRejected, AfterSaleReturnShipped, AfterSaleReturnReceived,
  AfterSaleReturnRefused, AfterSalePlatformInterventionRequested, AfterSalePlatformRuledForShopper,
  AfterSalePlatformRuledForMerchant, AfterSaleRefundSucceeded, AfterSaleRefundFailed, AfterSaleRefundRetried, AfterSaleApplicationWithdrawn,
  AfterSaleReturnWithdrawn, AfterSaleAutoClosed,
]);
export type AfterSaleEvent = z.infer<typeof AfterSaleEvent>;
export type AfterSaleEventType = AfterSaleEvent['type'];
export type AfterSaleEventOf<T extends AfterSaleEventType> = Extract<AfterSaleEvent, { type: T }>;

export const afterSaleStream = (afterId: number): string => `after-sale-${afterId}`;

export const afterSaleEventTypes: readonly AfterSaleEventType[] = AfterSaleEvent.options.map((o) => o.shape.type.value);
