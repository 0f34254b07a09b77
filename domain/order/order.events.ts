import { z } from 'zod';

/**
 * Order events (stream `order-<orderId>`): past-tense facts, money in integer fen, times ISO strings.
 * Each event is also the order machine's event: `{ type, data }` is what the machine transitions on.
 */
const Id = z.number().int().positive();
const Fen = z.number().int().nonnegative();
const Instant = z.iso.datetime({ offset: true });

export const OrderLine = z.object({
  skuId: Id,
  productId: Id,
  productName: z.string(),
  image: z.string(),
  /** the chosen option values (e.g. ['红色', 'XL']) as shown on the line */
  values: z.array(z.string()),
  number: z.number().int().positive(),
  /** unit price actually charged, fen */
  price: Fen,
  /** this line's share of the order's coupon reductions, fen: the basis for pro-rated refunds */
  discount: Fen,
});
export type OrderLine = z.infer<typeof OrderLine>;

export const ReceiveSnapshot = z.object({
  receiveName: z.string(),
  receivePhone: z.string(),
  receiveAdress: z.string(),
  address: z.string(),
});
export type ReceiveSnapshot = z.infer<typeof ReceiveSnapshot>;

export const OrderPlaced = z.object({
  type: z.literal('OrderPlaced'),
  data: z.object({
    orderId: Id,
    orderFormid: z.string().regex(/^\d{15}$/),
    userId: Id,
    shopId: Id,
    lines: z.array(OrderLine).min(1),
    /** goods + shipping, fen */
    orderPrice: Fen,
    logisticsPrice: Fen,
    /** all coupon reductions, fen (= Σ line.discount) */
    discountPrice: Fen,
    /** payable = orderPrice − discountPrice, fen */
    price: Fen,
    platformCouponId: Id.nullable(),
    shopCouponId: Id.nullable(),
    receive: ReceiveSnapshot,
    remark: z.string(),
    paymentMode: z.number().int(),
    shopGroupWorkId: Id.nullable(),
    shopSeckillId: Id.nullable(),
    shopDiscountId: Id.nullable(),
    /** 0 = not a group-buy order */
    collageId: z.number().int().nonnegative(),
    placedAt: Instant,
    /** placedAt + 1 hour (spec §4): the unpaid order closes then */
    paymentDeadline: Instant,
  }),
});
export type OrderPlaced = z.infer<typeof OrderPlaced>;

export const OrderPaid = z.object({
  type: z.literal('OrderPaid'),
  data: z.object({
    paymentId: z.string().min(1),
    transactionId: z.string().min(1),
    amount: Fen,
    paidAt: Instant,
    /** a group-buy order whose group is still forming waits in 6 (待成团) */
    intoFormingGroup: z.boolean(),
  }),
});
export type OrderPaid = z.infer<typeof OrderPaid>;

export const OrderGroupSucceeded = z.object({
  type: z.literal('OrderGroupSucceeded'),
  data: z.object({ collageId: Id, succeededAt: Instant }),
});
export type OrderGroupSucceeded = z.infer<typeof OrderGroupSucceeded>;

export const OrderShipped = z.object({
  type: z.literal('OrderShipped'),
  data: z.object({
    /** express company code (the dictionary id the tracking lookup takes) and its display name */
    express: z.string().min(1),
    expressName: z.string().min(1),
    deliverFormid: z.string().min(1),
    shippedAt: Instant,
    /** shippedAt + 15 days: receipt is confirmed automatically then (paused while an after-sale is open) */
    autoConfirmAt: Instant,
  }),
});
export type OrderShipped = z.infer<typeof OrderShipped>;

export const ReceiptConfirmed = z.object({
  type: z.literal('ReceiptConfirmed'),
  data: z.object({
    auto: z.boolean(),
    confirmedAt: Instant,
    /**
     * When after-sales on the completed order close: confirmedAt + the shop's window (AFTER_SALE_WINDOW_DAYS, never
     * below the law's 七天无理由退货). Absent on events recorded before the window existed: those orders get the
     * legal floor, confirmedAt + 7 days (afterSaleUntilOf), since no longer window was ever promised to them.
     */
    afterSaleUntil: Instant.optional(),
  }),
});
export type ReceiptConfirmed = z.infer<typeof ReceiptConfirmed>;

export const CancelReason = z.enum(['shopper', 'unpaid-timeout', 'group-failed']);
export type CancelReason = z.infer<typeof CancelReason>;

export const OrderCancelled = z.object({
  type: z.literal('OrderCancelled'),
  data: z.object({
    reason: CancelReason,
    /** fen to return to the shopper: 0 when unpaid, the paid amount when cancelled while waiting for the group */
    refundAmount: Fen,
    cancelledAt: Instant,
  }),
});
export type OrderCancelled = z.infer<typeof OrderCancelled>;

export const OrderRefundedInFull = z.object({
  type: z.literal('OrderRefundedInFull'),
  data: z.object({ closedAt: Instant }),
});
export type OrderRefundedInFull = z.infer<typeof OrderRefundedInFull>;

export const OrderDeleted = z.object({
  type: z.literal('OrderDeleted'),
  data: z.object({ deletedAt: Instant }),
});
export type OrderDeleted = z.infer<typeof OrderDeleted>;

export const LineReviewed = z.object({
  type: z.literal('LineReviewed'),
  data: z.object({
    skuId: Id,
    commentId: Id,
    reviewedAt: Instant,
    /**
     * The review itself (spec §3 Comment), recorded with the line's review in one append. Optional (additive): the
     * ReviewLine command does not carry it yet; the product comments read model shows what is there.
     */
    comment: z.string().optional(),
    star: z.number().int().min(1).max(5).optional(),
    /** impression tags (spec §3: 物美价廉, 物流很快, 值得买, 一般, 还可以, 差评) */
    impressions: z.array(z.string()).optional(),
    images: z.array(z.string()).optional(),
  }),
});
export type LineReviewed = z.infer<typeof LineReviewed>;

export const AfterSaleLine = z.object({ skuId: Id, number: z.number().int().positive() });
export type AfterSaleLine = z.infer<typeof AfterSaleLine>;

export const AfterSaleOpened = z.object({
  type: z.literal('AfterSaleOpened'),
  data: z.object({
    afterSaleId: Id,
    /** 1 refund only, 2 return and refund */
    afterType: z.union([z.literal(1), z.literal(2)]),
    lines: z.array(AfterSaleLine).min(1),
    openedAt: Instant,
  }),
});
export type AfterSaleOpened = z.infer<typeof AfterSaleOpened>;

export const AfterSaleOutcome = z.enum(['refunded', 'refund-refused', 'withdrawn', 'closed']);
export type AfterSaleOutcome = z.infer<typeof AfterSaleOutcome>;

export const AfterSaleClosed = z.object({
  type: z.literal('AfterSaleClosed'),
  data: z.object({
    afterSaleId: Id,
    outcome: AfterSaleOutcome,
    /** the after-sale's final afterState (4 退款成功, 8 退货完成拒绝退款, 9 已关闭) as the line shows it */
    afterState: z.number().int().min(1).max(10),
    refundAmount: Fen,
    closedAt: Instant,
  }),
});
export type AfterSaleClosed = z.infer<typeof AfterSaleClosed>;

export const AutoConfirmPaused = z.object({
  type: z.literal('AutoConfirmPaused'),
  data: z.object({ remainingMs: z.number().int().nonnegative(), pausedAt: Instant }),
});
export type AutoConfirmPaused = z.infer<typeof AutoConfirmPaused>;

export const AutoConfirmResumed = z.object({
  type: z.literal('AutoConfirmResumed'),
  data: z.object({ autoConfirmAt: Instant, resumedAt: Instant }),
});
export type AutoConfirmResumed = z.infer<typeof AutoConfirmResumed>;

export const OrderEvent = z.discriminatedUnion('type', [
  OrderPlaced, OrderPaid, OrderGroupSucceeded, OrderShipped, ReceiptConfirmed, OrderCancelled,
  OrderRefundedInFull, OrderDeleted, LineReviewed, AfterSaleOpened, AfterSaleClosed, AutoConfirmPaused,
  AutoConfirmResumed,
]);
export type OrderEvent = z.infer<typeof OrderEvent>;
export type OrderEventType = OrderEvent['type'];
export const orderEventTypes: readonly OrderEventType[] = OrderEvent.options.map((o) => o.shape.type.value);
