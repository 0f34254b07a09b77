/**
 * What the shop's processes ended in, counted from the events this process appends (one place: every path that
 * records an outcome appends its event, resumer and retries included): checkouts completed, failed (with the refusal's
 * code: "how many checkouts failed in the last hour, and why") or abandoned; payments paid, failed or closed; refunds
 * paid out or failed; after-sales submitted, refunded, refused, withdrawn or closed. Counted once per event, by the
 * instance that appended it: Prometheus sums the instances.
 */
import type { NewEvent } from '../event-store/event-store.port';
import { counter } from './registry';

const checkouts = counter('jishi_checkouts_total', 'Checkouts by outcome (completed, failed, abandoned) and refusal code', ['outcome', 'code']);
const payments = counter('jishi_payments_total', 'Payments by outcome (created, paid, failed, closed) and reason', ['outcome', 'reason']);
const refunds = counter('jishi_refunds_total', 'Refunds by outcome (requested, refunded, failed) and reason', ['outcome', 'reason']);
const afterSales = counter('jishi_after_sales_total', 'After-sales by outcome (submitted, approved, rejected, refunded, refund_failed, withdrawn, closed)', ['outcome']);

type Count = (data: Record<string, unknown>) => void;
const text = (value: unknown): string => (typeof value === 'string' && value.length <= 40 ? value : '');

const counted: Record<string, Count> = {
  CheckoutCompleted: () => checkouts.inc({ outcome: 'completed', code: '' }),
  CheckoutFailed: (d) => checkouts.inc({ outcome: 'failed', code: text(d.code) }),
  CheckoutAbandoned: () => checkouts.inc({ outcome: 'abandoned', code: '' }),
  PaymentCreated: () => payments.inc({ outcome: 'created', reason: '' }),
  PaymentSucceeded: () => payments.inc({ outcome: 'paid', reason: '' }),
  PaymentFailed: () => payments.inc({ outcome: 'failed', reason: '' }),
  PaymentClosed: (d) => payments.inc({ outcome: 'closed', reason: text(d.reason) }),
  RefundRequested: (d) => refunds.inc({ outcome: 'requested', reason: text(d.reason) }),
  PaymentRefunded: () => refunds.inc({ outcome: 'refunded', reason: '' }),
  RefundFailed: () => refunds.inc({ outcome: 'failed', reason: '' }),
  AfterSaleSubmitted: () => afterSales.inc({ outcome: 'submitted' }),
  AfterSaleApproved: () => afterSales.inc({ outcome: 'approved' }),
  AfterSaleRejected: () => afterSales.inc({ outcome: 'rejected' }),
  AfterSaleRefundSucceeded: () => afterSales.inc({ outcome: 'refunded' }),
  AfterSaleRefundFailed: () => afterSales.inc({ outcome: 'refund_failed' }),
  AfterSaleApplicationWithdrawn: () => afterSales.inc({ outcome: 'withdrawn' }),
  AfterSaleReturnWithdrawn: () => afterSales.inc({ outcome: 'withdrawn' }),
  AfterSaleAutoClosed: () => afterSales.inc({ outcome: 'closed' }),
};

export function countOutcomes(events: readonly NewEvent[]): void {
  for (const event of events) counted[event.type]?.((event.data ?? {}) as Record<string, unknown>);
}
