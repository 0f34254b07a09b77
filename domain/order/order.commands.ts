import { z } from 'zod';
import { AFTER_SALE_WINDOW_MIN_DAYS } from './after-sale-window';
import { AfterSaleLine, AfterSaleOutcome, OrderLine, ReceiveSnapshot } from './order.events';

/** Order commands: imperative, validated at the edge, ids generated outside the domain. */
const Id = z.number().int().positive();
const Fen = z.number().int().nonnegative();

export const PlaceOrder = z.object({
  type: z.literal('PlaceOrder'),
  data: z.object({
    orderId: Id,
    orderFormid: z.string().regex(/^\d{15}$/),
    userId: Id,
    shopId: Id,
    lines: z.array(OrderLine).min(1),
    logisticsPrice: Fen,
    platformCouponId: Id.nullable(),
    shopCouponId: Id.nullable(),
    receive: ReceiveSnapshot,
    remark: z.string(),
    paymentMode: z.number().int(),
    shopGroupWorkId: Id.nullable(),
    shopSeckillId: Id.nullable(),
    shopDiscountId: Id.nullable(),
    collageId: z.number().int().nonnegative(),
  }),
});
export type PlaceOrder = z.infer<typeof PlaceOrder>;

export const PayOrder = z.object({
  type: z.literal('PayOrder'),
  data: z.object({
    paymentId: z.string().min(1),
    transactionId: z.string().min(1),
    amount: Fen,
    /** set by the payment process from the collage: the group still lacks members after this payment */
    groupForming: z.boolean(),
  }),
});
export type PayOrder = z.infer<typeof PayOrder>;

export const MarkGroupSucceeded = z.object({ type: z.literal('MarkGroupSucceeded'), data: z.object({ collageId: Id }) });
export type MarkGroupSucceeded = z.infer<typeof MarkGroupSucceeded>;

export const ShipOrder = z.object({
  type: z.literal('ShipOrder'),
  data: z.object({ express: z.string().min(1), expressName: z.string().min(1), deliverFormid: z.string().min(1) }),
});
export type ShipOrder = z.infer<typeof ShipOrder>;

/** Days after-sales stay open once receipt is confirmed (after-sale-window.ts): the caller's setting. */
const AfterSaleWindow = z.object({ afterSaleWindowDays: z.number().int().min(AFTER_SALE_WINDOW_MIN_DAYS) });

export const ConfirmReceipt = z.object({ type: z.literal('ConfirmReceipt'), data: AfterSaleWindow });
export type ConfirmReceipt = z.infer<typeof ConfirmReceipt>;

/** Fired by the scheduler at autoConfirmAt; stale when paused, confirmed or early. */
export const ConfirmReceiptAutomatically = z.object({ type: z.literal('ConfirmReceiptAutomatically'), data: AfterSaleWindow });
export type ConfirmReceiptAutomatically = z.infer<typeof ConfirmReceiptAutomatically>;

export const CancelOrder = z.object({ type: z.literal('CancelOrder'), data: z.object({}) });
export type CancelOrder = z.infer<typeof CancelOrder>;

/** Fired by the scheduler at paymentDeadline; stale once paid. */
export const CloseUnpaidOrder = z.object({ type: z.literal('CloseUnpaidOrder'), data: z.object({}) });
export type CloseUnpaidOrder = z.infer<typeof CloseUnpaidOrder>;

export const CancelForFailedGroup = z.object({ type: z.literal('CancelForFailedGroup'), data: z.object({ collageId: Id }) });
export type CancelForFailedGroup = z.infer<typeof CancelForFailedGroup>;

export const DeleteOrder = z.object({ type: z.literal('DeleteOrder'), data: z.object({}) });
export type DeleteOrder = z.infer<typeof DeleteOrder>;

export const ReviewLine = z.object({ type: z.literal('ReviewLine'), data: z.object({ skuId: Id, commentId: Id }) });
export type ReviewLine = z.infer<typeof ReviewLine>;

/** One purchased line's review with its content (spec §3 Comment); ids allocated by the caller. */
export const LineReview = z.object({
  skuId: Id,
  commentId: Id,
  comment: z.string().min(1),
  star: z.number().int().min(1).max(5),
  impressions: z.array(z.string()),
  images: z.array(z.string()).max(5),
});
export type LineReview = z.infer<typeof LineReview>;

/** POST /order/addComment: the lines of one order reviewed together, all recorded or none. */
export const ReviewLines = z.object({ type: z.literal('ReviewLines'), data: z.object({ reviews: z.array(LineReview).min(1) }) });
export type ReviewLines = z.infer<typeof ReviewLines>;

export const OpenAfterSale = z.object({
  type: z.literal('OpenAfterSale'),
  data: z.object({
    afterSaleId: Id,
    afterType: z.union([z.literal(1), z.literal(2)]),
    lines: z.array(AfterSaleLine).min(1),
  }),
});
export type OpenAfterSale = z.infer<typeof OpenAfterSale>;

export const CloseAfterSale = z.object({
  type: z.literal('CloseAfterSale'),
  data: z.object({
    afterSaleId: Id,
    outcome: AfterSaleOutcome,
    afterState: z.number().int().min(1).max(10),
    refundAmount: Fen,
  }),
});
export type CloseAfterSale = z.infer<typeof CloseAfterSale>;

export const OrderCommand = z.discriminatedUnion('type', [
  PlaceOrder, PayOrder, MarkGroupSucceeded, ShipOrder, ConfirmReceipt, ConfirmReceiptAutomatically, CancelOrder,
  CloseUnpaidOrder, CancelForFailedGroup, DeleteOrder, ReviewLine, ReviewLines, OpenAfterSale, CloseAfterSale,
]);
export type OrderCommand = z.infer<typeof OrderCommand>;
