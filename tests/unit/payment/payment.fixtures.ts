import type { PaymentCommand } from '../../../domain/payment/payment.commands';
import type { PaymentEvent } from '../../../domain/payment/payment.events';

export const T0 = Date.parse('2025-03-01T02:00:00.000Z');
export const at = (minutes: number): Date => new Date(T0 + minutes * 60_000);
export const iso = (minutes: number): string => at(minutes).toISOString();

export const created: PaymentEvent = {
  type: 'PaymentCreated',
  data: {
    paymentId: 'pay-1', orderIds: [7001, 7002], collageId: 0, amount: 20000, provider: 'sandbox',
    codeUrl: 'http://localhost:3000/sandbox-pay/pay-1', createdAt: iso(0), expiresAt: iso(60),
  },
};
export const succeeded = (transactionId = 'wx-1', amount = 20000): PaymentEvent =>
  ({ type: 'PaymentSucceeded', data: { transactionId, amount, paidAt: iso(5) } });
export const refundRequested = (refundId: string, amount: number, orderId = 7001): PaymentEvent => ({
  type: 'RefundRequested',
  data: { refundId, orderId, amount, reason: 'after-sale', afterSaleId: 1, requestedAt: iso(100) },
});
export const refunded = (refundId: string): PaymentEvent => ({ type: 'PaymentRefunded', data: { refundId, refundedAt: iso(110) } });
export const refundFailed = (refundId: string): PaymentEvent =>
  ({ type: 'RefundFailed', data: { refundId, reason: '余额不足', failedAt: iso(110) } });
export const closed = (reason: 'expired' | 'order-cancelled' = 'expired'): PaymentEvent =>
  ({ type: 'PaymentClosed', data: { reason, closedAt: iso(60) } });

export const cmd = <T extends PaymentCommand['type']>(type: T, data: Extract<PaymentCommand, { type: T }>['data']): PaymentCommand =>
  ({ type, data }) as PaymentCommand;
export const requestRefund = (refundId: string, amount: number, orderId = 7001): PaymentCommand =>
  cmd('RequestRefund', { refundId, orderId, amount, reason: 'after-sale', afterSaleId: 1 });
