/**
 * What the store says of one payment, folded from its stream (`payment-<paymentId>`, domain/payment/payment.events.ts):
 * the amount it was created for, its recorded success (PaymentSucceeded: transaction and amount) and its refunds
 * (RefundRequested amounts; PaymentRefunded / RefundFailed outcomes).
 */
import type { RecordedEvent } from '../../event-store/event-store.port';

export type RefundRecord = { refundId: string; amountFen: number; status: 'requested' | 'refunded' | 'failed' };

export interface PaymentFacts {
  paymentId: string;
  /** false: no stream at all (the store never created this payment). */
  exists: boolean;
  success: { transactionId: string; amountFen: number } | null;
  refunds: Map<string, RefundRecord>;
}

export function paymentFactsOf(paymentId: string, events: readonly RecordedEvent[]): PaymentFacts {
  const facts: PaymentFacts = { paymentId, exists: events.length > 0, success: null, refunds: new Map() };
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'PaymentSucceeded':
        facts.success = { transactionId: String(data.transactionId), amountFen: Number(data.amount) };
        break;
      case 'RefundRequested':
        facts.refunds.set(String(data.refundId), { refundId: String(data.refundId), amountFen: Number(data.amount), status: 'requested' });
        break;
      case 'PaymentRefunded':
      case 'RefundFailed': {
        const refund = facts.refunds.get(String(data.refundId));
        if (refund) refund.status = event.type === 'PaymentRefunded' ? 'refunded' : 'failed';
        break;
      }
      default:
        break;
    }
  }
  return facts;
}
