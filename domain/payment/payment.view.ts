import type { SnapshotFrom } from 'xstate';
import { paymentMachine, refundedAmount } from './payment.machine';

type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

export type PaymentStatus = 'awaitingPayment' | 'succeeded' | 'failed' | 'closed' | 'refunded';

export const paymentStatusNames: Record<PaymentStatus, string> = {
  awaitingPayment: '待支付', succeeded: '支付成功', failed: '支付失败', closed: '已关闭', refunded: '已退款',
};

export function paymentStatus(snapshot: PaymentSnapshot): PaymentStatus | null {
  const statuses: PaymentStatus[] = ['awaitingPayment', 'succeeded', 'failed', 'closed', 'refunded'];
  return statuses.find((s) => snapshot.matches(s)) ?? null;
}

export interface PaymentView {
  paymentId: string;
  status: PaymentStatus;
  /** `/order/checkPay` answers data.code 'SUCCESS' once money arrived (also when later refunded), else '' */
  code: 'SUCCESS' | '';
  amount: number;
  orderIds: number[];
  collageId: number;
  codeUrl: string;
  transactionId: string | null;
  refundedAmount: number;
  refundPending: boolean;
}

export function paymentView(snapshot: PaymentSnapshot): PaymentView | null {
  const status = paymentStatus(snapshot);
  const c = snapshot.context;
  if (!status || !c.payment) return null;
  return {
    paymentId: c.payment.paymentId,
    status,
    code: c.success ? 'SUCCESS' : '',
    amount: c.payment.amount,
    orderIds: c.payment.orderIds,
    collageId: c.payment.collageId,
    codeUrl: c.payment.codeUrl,
    transactionId: c.success?.transactionId ?? null,
    refundedAmount: refundedAmount(c),
    refundPending: snapshot.matches({ succeeded: 'refunding' }),
  };
}
