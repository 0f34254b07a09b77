/**
 * Money back for an after-sale in 2 退款中, steps of the after-sale process, through the payment port like the other
 * refunds (services/checkout/refunds.ts): `RequestRefund` on the order's `payment-<id>` (with the after-sale's id, so
 * an auditor sees why), then the provider's refund, then its outcome on the payment, the after-sale (4 退款成功, or
 * 5 退款失败, which ops can retry: a new attempt, a new refund id) and the order (told how the after-sale ended; closed
 * when every line is refunded). A success goes to those three streams in ONE multi-stream append (all or none on
 * PostgreSQL): there is no moment when the money is back and the order still waits for shipment. The refund id
 * derives from the after-sale and the attempt, so asking twice is one refund; a repeated callback, a second settle or
 * the resumer after a crash finds each step recorded and records nothing. A provider that answers PROCESSING leaves
 * it in 2; the resumer asks again (and its notification settles it).
 */
import { afterSaleDecider } from '../../domain/after-sale/after-sale.decider';
import { afterSaleStream } from '../../domain/after-sale/after-sale.events';
import { afterStateOf, type AfterSaleSnapshot } from '../../domain/after-sale/after-sale.machine';
import { orderDecider } from '../../domain/order/order.decider';
import { paymentDecider } from '../../domain/payment/payment.decider';
import type { PaymentCommand } from '../../domain/payment/payment.commands';
import { fold } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import { decideOn, type StepContext } from '../processes/process-step';
import { appendDecided, decideStep, type DecidedStep } from '../processes/process-together';
import { PaymentProviderError } from '../payments/payment-provider';
import { loadOrder, orderStream } from '../orders/order-command';
import { afterSaleRefundId } from './after-sale-ids';
import { afterSaleProcess, loadAfterSale, runAfterSaleCommand, type AfterSaleDeps } from './after-sale-command';
import { orderSideClose, settleOrderSide } from './after-sale-order';

type RefundDeps = Pick<AfterSaleDeps, 'store' | 'waitFor' | 'clock' | 'provider' | 'log'>;

type Outcome = { status: 'refunded' } | { status: 'failed'; reason: string } | { status: 'pending' };

/** Carries an after-sale in 2 as far as the provider lets it; answers its state afterwards (still 2 while pending). */
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
  if (afterStateOf(state) !== 2 || afterSaleRefundId(afterId, state.context.refundAttempt) !== refundId) return state;
  return recordOutcome(deps, afterId, refundId, succeeded ? { status: 'refunded' } : { status: 'failed', reason });
}

async function recordOutcome(deps: RefundDeps, afterId: number, refundId: string, outcome: Outcome): Promise<AfterSaleSnapshot> {
  if (outcome.status === 'pending') return loadAfterSale(deps.store, afterId);
  if (outcome.status === 'refunded') {
    const together = await refundedTogether(deps, afterId, refundId);
    if (together) {
      await settleOrderSide(deps, together); // the order's step answers from its stream; the stock comes back
      return together;
    }
  }
  const ctx = afterSaleProcess(deps, afterId);
  const payment = await paymentOf(deps, afterId);
  // the payment records the outcome while it still has the refund pending (a repeat, or a notification, found it done)
  if (payment && (await refundOn(deps, payment, refundId))?.status === 'pending') {
    await paymentStep(ctx, payment, outcome.status === 'refunded'
      ? { type: 'RecordRefundSuccess', data: { refundId } }
      : { type: 'RecordRefundFailure', data: { refundId, reason: outcome.reason } }, refundId);
  }
  const result = await runAfterSaleCommand(deps, afterId, outcome.status === 'refunded'
    ? { type: 'RecordRefundSucceeded', refundId }
    : { type: 'RecordRefundFailed', reason: outcome.reason }, ctx.actor, `refund-outcome:${refundId}`);
  await settleOrderSide(deps, result.state);
  return result.state;
}

/**
 * The refund's success on the payment, the after-sale and the order in one append; null (nothing appended) when a
 * step was recorded before or a stream moved on meanwhile — the caller then takes the steps one by one.
 */
async function refundedTogether(deps: RefundDeps, afterId: number, refundId: string): Promise<AfterSaleSnapshot | null> {
  const ctx = afterSaleProcess(deps, afterId);
  const afterSale = await deps.store.readStream(afterSaleStream(afterId));
  const application = fold(afterSaleDecider, afterSale.map((e) => ({ type: e.type, data: e.data }) as never)).context.application;
  const paymentId = application ? (await loadOrder(deps.store, application.orderId)).context.payment?.paymentId : undefined;
  if (!application) return null;
  try {
    const steps: DecidedStep[] = [];
    if (paymentId) {
      const payment = await deps.store.readStream(`payment-${paymentId}`);
      const paid = decideStep(ctx, `payment-${paymentId}`, paymentDecider, { type: 'RecordRefundSuccess', data: { refundId } },
        `refund-outcome:${refundId}`, payment);
      if (!paid) return null;
      steps.push(paid);
    }
    const own = decideStep(ctx, afterSaleStream(afterId), afterSaleDecider, { type: 'RecordRefundSucceeded', refundId },
      `refund-outcome:${refundId}`, afterSale);
    if (!own) return null;
    steps.push(own);
    const close = orderSideClose(own.state as AfterSaleSnapshot);
    if (close) {
      const order = await deps.store.readStream(orderStream(close.orderId));
      const closed = decideStep(ctx, orderStream(close.orderId), orderDecider, close.command, close.commandId, order);
      if (!closed) return null;
      steps.push(closed);
    }
    const appended = await appendDecided(ctx, steps);
    if (!appended) return null;
    await deps.waitFor(appended.events);
    return appended.results[paymentId ? 1 : 0].state as AfterSaleSnapshot;
  } catch (error) {
    if (error instanceof DomainError) return null; // the one-by-one path answers it as before
    throw error;
  }
}

async function paymentOf(deps: RefundDeps, afterId: number): Promise<string | null> {
  const orderId = (await loadAfterSale(deps.store, afterId)).context.application?.orderId ?? 0;
  return (await loadOrder(deps.store, orderId)).context.payment?.paymentId ?? null;
}

async function refundOn(deps: RefundDeps, paymentId: string, refundId: string) {
  const events = await deps.store.readStream(`payment-${paymentId}`);
  return fold(paymentDecider, events.map((e) => ({ type: e.type, data: e.data }) as never)).context.refunds[refundId];
}

const paymentStep = (ctx: StepContext, paymentId: string, command: PaymentCommand, refundId: string) =>
  decideOn(ctx, `payment-${paymentId}`, paymentDecider, command,
    command.type === 'RequestRefund' ? `refund:${refundId}` : `refund-outcome:${refundId}`);

async function refundOnPayment(deps: RefundDeps, orderId: number, afterId: number, refundId: string, amountFen: number): Promise<Outcome> {
  const payment = (await loadOrder(deps.store, orderId)).context.payment;
  if (!payment) throw new DomainError('afterSaleRefundUnavailable');
  const ctx = afterSaleProcess(deps, afterId);
  const requested = await paymentStep(ctx, payment.paymentId, {
    type: 'RequestRefund', data: { refundId, orderId, amount: amountFen, reason: 'after-sale', afterSaleId: afterId },
  }, refundId);
  const record = requested.state.context.refunds[refundId];
  if (record?.status === 'refunded') return { status: 'refunded' };
  if (record?.status === 'failed') return { status: 'failed', reason: '退款被支付渠道拒绝' };
  const totalFen = requested.state.context.success?.amount ?? requested.state.context.payment?.amount ?? amountFen;
  try {
    const answer = await deps.provider.refund({ paymentId: payment.paymentId, refundId, amountFen, totalFen, reason: '售后退款' });
    if (answer.status === 'PROCESSING') return { status: 'pending' };
    if (answer.status === 'SUCCESS') return { status: 'refunded' };
    return { status: 'failed', reason: `退款渠道返回${answer.status}` };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log(`[after-sale] refund ${refundId} of ${payment.paymentId} failed: ${error.code} ${error.message}`);
    return { status: 'failed', reason: `退款渠道返回${error.code}` };
  }
}
