import { z } from 'zod';
import { PaymentCloseReason, PaymentProvider, RefundReason } from './payment.events';

/** Payment commands: from the API (create), the verified provider callbacks, the scheduler and the processes. */
const Id = z.number().int().positive();
const Fen = z.number().int().nonnegative();

export const CreatePayment = z.object({
  type: z.literal('CreatePayment'),
  data: z.object({
    paymentId: z.string().min(1),
    orderIds: z.array(Id).min(1),
    collageId: z.number().int().nonnegative(),
    amount: Fen,
    provider: PaymentProvider,
    codeUrl: z.string().min(1),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
});
export type CreatePayment = z.infer<typeof CreatePayment>;

export const RecordPaymentSuccess = z.object({
  type: z.literal('RecordPaymentSuccess'),
  data: z.object({ transactionId: z.string().min(1), amount: Fen }),
});
export type RecordPaymentSuccess = z.infer<typeof RecordPaymentSuccess>;

export const RecordPaymentFailure = z.object({ type: z.literal('RecordPaymentFailure'), data: z.object({ reason: z.string() }) });
export type RecordPaymentFailure = z.infer<typeof RecordPaymentFailure>;

export const ClosePayment = z.object({ type: z.literal('ClosePayment'), data: z.object({ reason: PaymentCloseReason }) });
export type ClosePayment = z.infer<typeof ClosePayment>;

export const RequestRefund = z.object({
  type: z.literal('RequestRefund'),
  data: z.object({
    refundId: z.string().min(1), orderId: Id, amount: Fen, reason: RefundReason, afterSaleId: Id.nullable(),
  }),
});
export type RequestRefund = z.infer<typeof RequestRefund>;

export const RecordRefundSuccess = z.object({ type: z.literal('RecordRefundSuccess'), data: z.object({ refundId: z.string().min(1) }) });
export type RecordRefundSuccess = z.infer<typeof RecordRefundSuccess>;

export const RecordRefundFailure = z.object({
  type: z.literal('RecordRefundFailure'),
  data: z.object({ refundId: z.string().min(1), reason: z.string() }),
});
export type RecordRefundFailure = z.infer<typeof RecordRefundFailure>;

export const PaymentCommand = z.discriminatedUnion('type', [
  CreatePayment, RecordPaymentSuccess, RecordPaymentFailure, ClosePayment, RequestRefund, RecordRefundSuccess,
  RecordRefundFailure,
]);
export type PaymentCommand = z.infer<typeof PaymentCommand>;
