/**
 * Money back for a closed order, a step of the process that closed it (an order's close, a failed group): 
 * `RequestRefund` on the order's payment (an auditor sees the request before the provider is asked), then the
 * provider's refund, then its outcome recorded. Idempotent per refundId: a repeat finds the request already recorded
 * (answered from its command id) and the provider answers the same refund again. A provider that fails or answers
 * PROCESSING leaves the refund pending on the payment: the payment's resumer asks again (resume-payment.ts).
 */
import { paymentDecider } from '../../domain/payment/payment.decider';
import type { PaymentCommand } from '../../domain/payment/payment.commands';
import type { RefundReason } from '../../domain/payment/payment.events';
import { decideOn, type StepContext } from '../processes/process-step';
import type { OrderServiceDeps } from './order-command';

export interface OrderRefund {
  paymentId: string;
  orderId: number;
  /** fen */
  amount: number;
  reason: RefundReason;
  /** WeChat out_refund_no: 6–32 characters of [0-9A-Za-z_-|*] */
  refundId: string;
}

export type RefundOutcome = 'refunded' | 'pending' | 'failed';

const REASON_TEXT: Record<RefundReason, string> = {
  'order-cancelled': '订单取消退款', 'group-failed': '拼团失败退款', 'after-sale': '售后退款', 'paid-after-close': '订单关闭后支付退款',
};

export async function refundOrder(
  deps: Pick<OrderServiceDeps, 'provider' | 'log'>, ctx: StepContext, refund: OrderRefund,
): Promise<RefundOutcome> {
  const { paymentId, refundId } = refund;
  const run = (command: PaymentCommand, commandId: string) => decideOn(ctx, `payment-${paymentId}`, paymentDecider, command, commandId);
  const requested = await run({
    type: 'RequestRefund',
    data: { refundId, orderId: refund.orderId, amount: refund.amount, reason: refund.reason, afterSaleId: null },
  }, `refund:${refundId}`);
  const record = requested.state.context.refunds[refundId];
  if (record?.status === 'refunded') return 'refunded';
  if (record?.status === 'failed') return 'failed';
  const totalFen = requested.state.context.payment?.amount ?? refund.amount;
  try {
    const answer = await deps.provider.refund({
      paymentId, refundId, amountFen: refund.amount, totalFen, reason: REASON_TEXT[refund.reason],
    });
    if (answer.status === 'SUCCESS') {
      await run({ type: 'RecordRefundSuccess', data: { refundId } }, `refund-succeeded:${refundId}`);
      return 'refunded';
    }
    if (answer.status === 'PROCESSING') return 'pending';
    await run({ type: 'RecordRefundFailure', data: { refundId, reason: answer.status } }, `refund-failed:${refundId}`);
    return 'failed';
  } catch (error) {
    deps.log(`[orders] refund ${refundId} of payment ${paymentId} stays pending: ${error instanceof Error ? error.message : String(error)}`);
    return 'pending';
  }
}
