import { paymentDecider } from '../../../domain/payment/payment.decider';
import type { PaymentEvent } from '../../../domain/payment/payment.events';
import { paymentView } from '../../../domain/payment/payment.view';
import { given, rejectionOf } from '../support/decider-spec';
import {
  at, closed, cmd, created, iso, refundFailed, refundRequested, refunded, requestRefund, succeeded,
} from './payment.fixtures';

const payment = (...history: PaymentEvent[]) => given(paymentDecider, history);
const statusAfter = (history: PaymentEvent[]) => paymentView(payment(...history).state)?.status;
const stateChanged = { code: '400004', message: '支付状态已变更' };
const success = (transactionId: string, amount = 20000) => cmd('RecordPaymentSuccess', { transactionId, amount });

describe('a payment not yet created', () => {
  it('is created with its amount, orders and QR code, awaiting payment', () => {
    const { events } = payment().when(cmd('CreatePayment', {
      paymentId: 'pay-1', orderIds: [7001, 7002], collageId: 0, amount: 20000, provider: 'sandbox',
      codeUrl: 'http://localhost:3000/sandbox-pay/pay-1', expiresAt: iso(60),
    }), at(0));
    expect(events).toEqual([created]);
    expect(paymentView(payment(...events).state)).toMatchObject({ status: 'awaitingPayment', code: '', amount: 20000 });
  });

  it('rejects a zero amount with 70003', () => {
    const free = cmd('CreatePayment', {
      paymentId: 'pay-1', orderIds: [7001], collageId: 0, amount: 0, provider: 'sandbox', codeUrl: 'x', expiresAt: iso(60),
    });
    expect(rejectionOf(payment().when(free, at(0)))).toEqual({ code: '70003', message: '支付金额不能为0' });
  });

  it('rejects a callback for a payment that does not exist', () => {
    expect(rejectionOf(payment().when(success('wx-1'), at(1)))).toEqual(stateChanged);
  });
});

describe('a payment awaiting the shopper', () => {
  it('succeeds with the provider transaction id and answers checkPay with SUCCESS', () => {
    const { events } = payment(created).when(success('wx-1'), at(5));
    expect(events).toEqual([succeeded('wx-1')]);
    expect(paymentView(payment(created, ...events).state)).toMatchObject({ status: 'succeeded', code: 'SUCCESS', transactionId: 'wx-1' });
  });

  it('rejects a success for another amount', () => {
    expect(rejectionOf(payment(created).when(success('wx-1', 19999), at(5))))
      .toEqual({ code: '400005', message: '支付金额与订单金额不一致' });
  });

  it('fails when the provider reports failure', () => {
    const { events } = payment(created).when(cmd('RecordPaymentFailure', { reason: 'USERPAYING timeout' }), at(5));
    expect(statusAfter([created, ...events])).toBe('failed');
  });

  it('closes when the order is cancelled', () => {
    const { events } = payment(created).when(cmd('ClosePayment', { reason: 'order-cancelled' }), at(10));
    expect(events).toEqual([{ type: 'PaymentClosed', data: { reason: 'order-cancelled', closedAt: iso(10) } }]);
    expect(statusAfter([created, ...events])).toBe('closed');
  });

  it('closes as expired only once its time is up', () => {
    expect(payment(created).when(cmd('ClosePayment', { reason: 'expired' }), at(60)).events).toEqual([closed('expired')]);
    expect(rejectionOf(payment(created).when(cmd('ClosePayment', { reason: 'expired' }), at(59)))).toEqual(stateChanged);
  });

  it('rejects a refund before any money arrived', () => {
    expect(rejectionOf(payment(created).when(requestRefund('r-1', 100), at(10)))).toEqual(stateChanged);
  });
});

describe('a succeeded payment', () => {
  const history = [created, succeeded('wx-1')];

  it('decides nothing for a second callback of the same transaction', () => {
    expect(payment(...history).when(success('wx-1'), at(6))).toEqual({ events: [], rejection: null });
  });

  it('rejects a success with a different transaction id', () => {
    expect(rejectionOf(payment(...history).when(success('wx-2'), at(6)))).toEqual(stateChanged);
  });

  it('rejects closing or failing it', () => {
    expect(rejectionOf(payment(...history).when(cmd('ClosePayment', { reason: 'order-cancelled' }), at(60)))).toEqual(stateChanged);
    expect(rejectionOf(payment(...history).when(cmd('RecordPaymentFailure', { reason: 'x' }), at(60)))).toEqual(stateChanged);
  });

  it('takes a refund request for one of its orders', () => {
    const { events } = payment(...history).when(requestRefund('r-1', 5000), at(100));
    expect(events).toEqual([refundRequested('r-1', 5000)]);
    expect(paymentView(payment(...history, ...events).state)).toMatchObject({ status: 'succeeded', refundPending: true });
  });

  it('rejects a refund above what is left with 退款金额超出可退金额', () => {
    const partly = [...history, refundRequested('r-1', 15000)];
    expect(rejectionOf(payment(...partly).when(requestRefund('r-2', 5001), at(100))))
      .toEqual({ code: '400006', message: '退款金额超出可退金额' });
  });

  it('rejects a refund for an order the payment does not cover, or of nothing', () => {
    expect(rejectionOf(payment(...history).when(requestRefund('r-1', 100, 9999), at(100)))).toEqual(stateChanged);
    expect(payment(...history).when(requestRefund('r-1', 0), at(100)).rejection?.code).toBe('400');
  });

  it('treats the same refund request again as done, and a changed one as a conflict', () => {
    const requested = [...history, refundRequested('r-1', 5000)];
    expect(payment(...requested).when(requestRefund('r-1', 5000), at(101)).events).toEqual([]);
    expect(rejectionOf(payment(...requested).when(requestRefund('r-1', 6000), at(101)))).toEqual(stateChanged);
  });
});

describe('a payment with refunds in flight', () => {
  const base = [created, succeeded('wx-1')];

  it('is refunded once every fen went back', () => {
    const all = [...base, refundRequested('r-1', 20000)];
    const { events } = payment(...all).when(cmd('RecordRefundSuccess', { refundId: 'r-1' }), at(110));
    expect(events).toEqual([refunded('r-1')]);
    expect(paymentView(payment(...all, ...events).state)).toMatchObject({ status: 'refunded', refundedAmount: 20000, code: 'SUCCESS' });
  });

  it('settles back to succeeded after a partial refund, ready for another', () => {
    const partial = [...base, refundRequested('r-1', 5000), refunded('r-1')];
    expect(paymentView(payment(...partial).state)).toMatchObject({ status: 'succeeded', refundPending: false, refundedAmount: 5000 });
    expect(payment(...partial).when(requestRefund('r-2', 15000), at(120)).events).toHaveLength(1);
  });

  it('keeps refunding while another request is pending', () => {
    const two = [...base, refundRequested('r-1', 5000), refundRequested('r-2', 5000, 7002), refunded('r-1')];
    expect(paymentView(payment(...two).state)?.refundPending).toBe(true);
  });

  it('records a failed refund and frees its amount for a retry', () => {
    const failing = [...base, refundRequested('r-1', 20000)];
    const { events } = payment(...failing).when(cmd('RecordRefundFailure', { refundId: 'r-1', reason: '余额不足' }), at(110));
    expect(events).toEqual([refundFailed('r-1')]);
    expect(payment(...failing, ...events).when(requestRefund('r-2', 20000), at(120)).events).toHaveLength(1);
  });

  it('decides nothing for a repeated refund outcome and rejects an unknown refund id', () => {
    const done = [...base, refundRequested('r-1', 5000), refunded('r-1')];
    expect(payment(...done).when(cmd('RecordRefundSuccess', { refundId: 'r-1' }), at(111)).events).toEqual([]);
    const failed = [...base, refundRequested('r-1', 5000), refundFailed('r-1')];
    expect(payment(...failed).when(cmd('RecordRefundFailure', { refundId: 'r-1', reason: 'x' }), at(111)).events).toEqual([]);
    expect(rejectionOf(payment(...base, refundRequested('r-1', 5000)).when(cmd('RecordRefundSuccess', { refundId: 'r-9' }), at(111))))
      .toEqual(stateChanged);
  });
});

describe('a closed payment', () => {
  it('still records a success the provider reports late, so the money can be refunded', () => {
    const { events } = payment(created, closed()).when(success('wx-1'), at(61));
    expect(statusAfter([created, closed(), ...events])).toBe('succeeded');
  });

  it('rejects closing it again', () => {
    expect(rejectionOf(payment(created, closed()).when(cmd('ClosePayment', { reason: 'expired' }), at(70)))).toEqual(stateChanged);
  });
});
