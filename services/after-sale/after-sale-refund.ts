/**
 * Money back for an after-sale in 2 退款中, through the payment port like the other refunds (services/checkout/
 * refunds.ts): `RequestRefund` on the order's `payment-<id>` (with the after-sale's id, so an auditor sees why), then
 * the provider's refund, then its outcome on both streams — the payment's, and the after-sale's (4 退款成功, or
 * 5 退款失败, which ops can retry: a new attempt, a new refund id). The refund id derives from the after-sale and the
 * attempt, so asking twice is one refund; a repeated callback or a second settle finds the outcome recorded and
 * records nothing. A provider that answers PROCESSING leaves it in 2 until its notification (or ops `settle`).
 */
import { afterStateOf, type AfterSaleSnapshot } from '../../domain/after-sale/after-sale.machine';
import { paymentDecider } from '../../domain/payment/payment.decider';
import type { PaymentCommand } from '../../domain/payment/payment.commands';
import { DomainError } from '../../domain/shared/errors';
import { handleCommand } from '../commands/handle-command';
import { PaymentProviderError } from '../payments/payment-provider';
import { loadOrder } from '../orders/order-command';
import { afterSaleRefundId } from './after-sale-ids';
import { loadAfterSale, runAfterSaleCommand, SYSTEM, type AfterSaleDeps } from './after-sale-command';
import { settleOrderSide } from './after-sale-order';

type RefundDeps = Pick<AfterSaleDeps, 'store' | 'waitFor' | 'clock' | 'provider' | 'log'>;

type Outcome = { status: 'refunded' } | { status: 'failed'; reason: string } | { status: 'pending' };

export async function refundAfterSale(deps: RefundDeps, afterId: number): Promise<AfterSaleSnapshot> {
  const state = await loadAfterSale(deps.store, afterId);
  const a = state.context.application;
  if (!a || afterStateOf(state) !== 2) return state;
  const refundId = afterSaleRefundId(afterId, state.context.refundAttempt);
  const outcome = a.priceFen === 0 ? { status: 'refunded' as const } : await refundOnPayment(deps, a.orderId, afterId, refundId, a.priceFen);
  return recordOutcome(deps, afterId, refundId, outcome);
}

/** The provider's answer to a refund (its notification), recorded like a synchronous one. */
export async function recordRefundNotification(
  deps: RefundDeps, afterId: number, refundId: string, succeeded: boolean, reason: string,
): Promise<AfterSaleSnapshot> {
  const state = await loadAfterSale(deps.store, afterId);
  const payment = (await loadOrder(deps.store, state.context.application?.orderId ?? 0)).context.payment;
  if (!payment || afterStateOf(state) !== 2 || afterSaleRefundId(afterId, state.context.refundAttempt) !== refundId) return state;
  await paymentCommand(deps, payment.paymentId, succeeded
    ? { type: 'RecordRefundSuccess', data: { refundId } }
    : { type: 'RecordRefundFailure', data: { refundId, reason } }, `refund-outcome:${refundId}`);
  return recordOutcome(deps, afterId, refundId, succeeded ? { status: 'refunded' } : { status: 'failed', reason });
}

async function recordOutcome(deps: RefundDeps, afterId: number, refundId: string, outcome: Outcome): Promise<AfterSaleSnapshot> {
  if (outcome.status === 'pending') return loadAfterSale(deps.store, afterId);
  const result = await runAfterSaleCommand(deps, afterId, outcome.status === 'refunded'
    ? { type: 'RecordRefundSucceeded', refundId }
    : { type: 'RecordRefundFailed', reason: outcome.reason }, SYSTEM, `refund-outcome:${refundId}`);
  await settleOrderSide(deps, result.state);
  return result.state;
}

const paymentCommand = (deps: RefundDeps, paymentId: string, command: PaymentCommand, commandId: string) => handleCommand({
  store: deps.store, streamId: `payment-${paymentId}`, decider: paymentDecider, command, now: deps.clock(), actor: SYSTEM,
  commandId, retryOnConflict: true,
});

async function refundOnPayment(deps: RefundDeps, orderId: number, afterId: number, refundId: string, amountFen: number): Promise<Outcome> {
  const payment = (await loadOrder(deps.store, orderId)).context.payment;
  if (!payment) throw new DomainError('afterSaleRefundUnavailable');
  const requested = await paymentCommand(deps, payment.paymentId, {
    type: 'RequestRefund', data: { refundId, orderId, amount: amountFen, reason: 'after-sale', afterSaleId: afterId },
  }, `refund:${refundId}`);
  const record = requested.state.context.refunds[refundId];
  if (record?.status === 'refunded') return { status: 'refunded' };
  if (record?.status === 'failed') return { status: 'failed', reason: '退款被支付渠道拒绝' };
  const totalFen = requested.state.context.success?.amount ?? requested.state.context.payment?.amount ?? amountFen;
  try {
    const answer = await deps.provider.refund({ paymentId: payment.paymentId, refundId, amountFen, totalFen, reason: '售后退款' });
    if (answer.status === 'PROCESSING') return { status: 'pending' };
    if (answer.status === 'SUCCESS') {
      await paymentCommand(deps, payment.paymentId, { type: 'RecordRefundSuccess', data: { refundId } }, `refund-outcome:${refundId}`);
      return { status: 'refunded' };
    }
    await paymentCommand(deps, payment.paymentId, { type: 'RecordRefundFailure', data: { refundId, reason: answer.status } },
      `refund-outcome:${refundId}`);
    return { status: 'failed', reason: `退款渠道返回${answer.status}` };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log(`[after-sale] refund ${refundId} of ${payment.paymentId} failed: ${error.code} ${error.message}`);
    await paymentCommand(deps, payment.paymentId, { type: 'RecordRefundFailure', data: { refundId, reason: error.code } },
      `refund-outcome:${refundId}`);
    return { status: 'failed', reason: `退款渠道返回${error.code}` };
  }
}
