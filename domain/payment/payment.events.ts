import { z } from 'zod';

/**
 * Payment events (stream `payment-<paymentId>`): one WeChat Native (or sandbox) payment covering one or more
 * orders of a checkout, and the refunds taken from it. Money in integer fen, times ISO strings.
 */
const Id = z.number().int().positive();
const Fen = z.number().int().nonnegative();
const Instant = z.iso.datetime({ offset: true });

export const PaymentProvider = z.enum(['wechat-native', 'sandbox']);
export type PaymentProvider = z.infer<typeof PaymentProvider>;

export const PaymentCreated = z.object({
  type: z.literal('PaymentCreated'),
  data: z.object({
    paymentId: z.string().min(1),
    orderIds: z.array(Id).min(1),
    /** 0 = not a group buy */
    collageId: z.number().int().nonnegative(),
    amount: Fen.positive(),
    provider: PaymentProvider,
    /** what the QR encodes (WeChat code_url, or the sandbox page) */
    codeUrl: z.string().min(1),
    createdAt: Instant,
    expiresAt: Instant,
  }),
});
export type PaymentCreated = z.infer<typeof PaymentCreated>;

export const PaymentSucceeded = z.object({
  type: z.literal('PaymentSucceeded'),
  data: z.object({ transactionId: z.string().min(1), amount: Fen, paidAt: Instant }),
});
export type PaymentSucceeded = z.infer<typeof PaymentSucceeded>;

export const PaymentFailed = z.object({
  type: z.literal('PaymentFailed'),
  data: z.object({ reason: z.string(), failedAt: Instant }),
});
export type PaymentFailed = z.infer<typeof PaymentFailed>;

export const PaymentCloseReason = z.enum(['expired', 'order-cancelled']);
export type PaymentCloseReason = z.infer<typeof PaymentCloseReason>;

export const PaymentClosed = z.object({
  type: z.literal('PaymentClosed'),
  data: z.object({ reason: PaymentCloseReason, closedAt: Instant }),
});
export type PaymentClosed = z.infer<typeof PaymentClosed>;

export const RefundReason = z.enum(['order-cancelled', 'group-failed', 'after-sale', 'paid-after-close']);
export type RefundReason = z.infer<typeof RefundReason>;

export const RefundRequested = z.object({
  type: z.literal('RefundRequested'),
  data: z.object({
    refundId: z.string().min(1),
    orderId: Id,
    amount: Fen.positive(),
    reason: RefundReason,
    afterSaleId: Id.nullable(),
    requestedAt: Instant,
  }),
});
export type RefundRequested = z.infer<typeof RefundRequested>;

export const PaymentRefunded = z.object({
  type: z.literal('PaymentRefunded'),
  data: z.object({ refundId: z.string().min(1), refundedAt: Instant }),
});
export type PaymentRefunded = z.infer<typeof PaymentRefunded>;

export const RefundFailed = z.object({
  type: z.literal('RefundFailed'),
  data: z.object({ refundId: z.string().min(1), reason: z.string(), failedAt: Instant }),
});
export type RefundFailed = z.infer<typeof RefundFailed>;

export const PaymentEvent = z.discriminatedUnion('type', [
  PaymentCreated, PaymentSucceeded, PaymentFailed, PaymentClosed, RefundRequested, PaymentRefunded, RefundFailed,
]);
export type PaymentEvent = z.infer<typeof PaymentEvent>;
export const paymentEventTypes: readonly PaymentEvent['type'][] = PaymentEvent.options.map((o) => o.shape.type.value);
