import type { AnyMachineSnapshot } from 'xstate';
import { PaymentEvent, paymentEventTypes } from '../payment/payment.events';
import type { RefundReason } from '../payment/payment.events';
import type { PaymentContext } from '../payment/payment.machine';
import { paymentMachine } from '../payment/payment.machine';
import { paymentStatus, paymentStatusNames } from '../payment/payment.view';
import { formatYuan } from '../shared/money';
import { machineLifecycle } from './lifecycle';
import type { RecordedFact } from './lifecycle';

const yuan = (fen: number): string => `¥${formatYuan(fen)}`;

const refundReasons: Record<RefundReason, string> = {
  'order-cancelled': '订单取消', 'group-failed': '拼团失败', 'after-sale': '售后退款', 'paid-after-close': '关闭后到账',
};

function summarizePayment(fact: RecordedFact, before: AnyMachineSnapshot): string {
  const parsed = PaymentEvent.safeParse(fact);
  if (!parsed.success) return fact.type;
  const event = parsed.data;
  const refundAmount = (refundId: string) => (before.context as PaymentContext).refunds[refundId]?.amount ?? 0;
  switch (event.type) {
    case 'PaymentCreated':
      return `发起${event.data.provider === 'sandbox' ? '沙箱' : '微信'}支付（${yuan(event.data.amount)}，二维码已生成）`;
    case 'PaymentSucceeded':
      return `支付成功（${yuan(event.data.amount)}，交易号 ${event.data.transactionId}）`;
    case 'PaymentFailed':
      return `支付失败（${event.data.reason}）`;
    case 'PaymentClosed':
      return event.data.reason === 'expired' ? '支付超时，已关闭' : '订单已取消，关闭支付';
    case 'RefundRequested':
      return `申请退款 ${yuan(event.data.amount)}（${refundReasons[event.data.reason]}）`;
    case 'PaymentRefunded':
      return `退款成功 ${yuan(refundAmount(event.data.refundId))}`;
    case 'RefundFailed':
      return `退款失败（${event.data.reason}）`;
    default: {
      const unknown: never = event;
      return (unknown as RecordedFact).type;
    }
  }
}

export const paymentLifecycle = machineLifecycle(paymentMachine, {
  name: 'payment',
  types: paymentEventTypes,
  status: (state) => {
    const s = paymentStatus(state as Parameters<typeof paymentStatus>[0]);
    return s === null ? null : { code: s, name: paymentStatusNames[s] };
  },
  summarize: summarizePayment,
});
