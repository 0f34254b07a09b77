/**
 * Giving money back from a payment: RequestRefund on `payment-<id>` (the audit trail), then the provider's refund,
 * then its outcome (RecordRefundSuccess / RecordRefundFailure). The refund id derives from (payment, order), so asking
 * twice is one refund. A provider that answers PROCESSING (or fails to answer) leaves the refund pending on the
 * payment; the `settle-refund` deadline asks again until it is settled (settlePendingRefunds).
 */
import { paymentDecider } from '../../domain/payment/payment.decider';
import { pendingIds, type PaymentContext } from '../../domain/payment/payment.machine';
import type { RefundReason } from '../../domain/payment/payment.events';
import { PaymentProviderError } from '../payments/payment-provider';
import type { RecordedEvent } from '../event-store/event-store.port';
import type { PaymentProvider } from '../payments/payment-provider';
import type { CheckoutIds } from './checkout-ids';
import type { CheckoutDeps } from './checkout.deps';
import { decideOn, processContext, type StepContext } from '../processes/process-step';
import { loadPayment } from './payment-service';

export type RefundDeps = Pick<CheckoutDeps, 'store' | 'clock' | 'log'> & {
  ids: Pick<CheckoutIds, 'refundId'>;
  payments: { provider: Pick<PaymentProvider, 'refund'> };
};

export interface RefundAsk { paymentId: string; orderId: number; amountFen: number; reason: RefundReason }

export async function refundFromPayment(deps: RefundDeps, ask: RefundAsk): Promise<RecordedEvent[]> {
  const streamId = `payment-${ask.paymentId}`;
  const ctx = processContext(deps, 'payment', streamId);
  const refundId = deps.ids.refundId(ask.paymentId, ask.orderId);
  const requested = await decideOn(ctx, streamId, paymentDecider, {
    type: 'RequestRefund',
    data: { refundId, orderId: ask.orderId, amount: ask.amountFen, reason: ask.reason, afterSaleId: null },
  }, `refund:${refundId}`);
  const out = [...requested.events];
  // a repeat answers with the state as of the request: the outcome may have been recorded since
  const c = requested.repeated ? (await loadPayment(deps, ask.paymentId)).context : requested.state.context;
  const outcome = await askProvider(deps, ctx, ask.paymentId, refundId, c);
  if (outcome.events) out.push(...outcome.events);
  return out;
}

/**
 * The `settle-refund` deadline (projections/deadlines/deadline-rules.ts), due a while after each RefundRequested:
 * every refund of the payment still pending — the provider answered PROCESSING, or could not be reached — is asked
 * again (the same refund id, so WeChat answers the refund it already has rather than paying twice) and its outcome
 * recorded. Throws while one is still pending, so the scheduler retries with doubling backoff (up to 5 minutes).
 */
export async function settlePendingRefunds(deps: RefundDeps, paymentId: string): Promise<void> {
  const streamId = `payment-${paymentId}`;
  const ctx = processContext(deps, 'payment', streamId);
  const c = (await loadPayment(deps, paymentId)).context;
  const stillPending: string[] = [];
  for (const refundId of pendingIds(c)) {
    const outcome = await askProvider(deps, ctx, paymentId, refundId, c);
    if (!outcome.events) stillPending.push(`${refundId} (${outcome.why})`);
  }
  if (stillPending.length > 0) throw new Error(`refunds still pending on ${paymentId}: ${stillPending.join(', ')}`);
}

type Asked = { events: RecordedEvent[] } | { events: null; why: string };

/** Sends (or re-sends) one pending refund and records a final answer; PROCESSING or no answer leaves it pending. */
async function askProvider(deps: RefundDeps, ctx: StepContext, paymentId: string, refundId: string, c: PaymentContext): Promise<Asked> {
  const refund = c.refunds[refundId];
  if (refund?.status !== 'pending' || !c.payment) return { events: [] };
  try {
    const result = await deps.payments.provider.refund({
      paymentId, refundId, amountFen: refund.amount, totalFen: c.success?.amount ?? c.payment.amount,
      reason: '订单已关闭，退回款项',
    });
    if (result.status === 'PROCESSING') return { events: null, why: 'PROCESSING' };
    const outcome = result.status === 'SUCCESS'
      ? { type: 'RecordRefundSuccess' as const, data: { refundId } }
      : { type: 'RecordRefundFailure' as const, data: { refundId, reason: result.status } };
    const recorded = await decideOn(ctx, `payment-${paymentId}`, paymentDecider, outcome, `refund-outcome:${refundId}`);
    return { events: recorded.events };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log(`[checkout] refund ${refundId} of ${paymentId} not sent: ${error.code} ${error.message}`);
    return { events: null, why: `${error.code} ${error.message}` };
  }
}
