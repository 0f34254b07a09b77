/**
 * A refund the provider did not settle at once (PROCESSING, or no answer) stays pending on the payment; the
 * payment's resumer asks again with the same refund id until an outcome is recorded (services/checkout/refunds.ts,
 * resume-payment.ts), and the deadline rules arm its row from each RefundRequested and outcome.
 */
import { deadlineChanges } from '../../../projections/deadlines/deadline-rules';
import { refundFromPayment, settlePendingRefunds, type RefundDeps } from '../../../services/checkout/refunds';
import { PaymentProviderError, type RefundRequest, type RefundResult } from '../../../services/payments/payment-provider';
import { MemoryStore } from './memory-store';

const NOW = new Date('2025-03-01T02:00:00.000Z');

function setup(answers: Array<RefundResult['status'] | 'unreachable'>) {
  const store = new MemoryStore();
  const asked: RefundRequest[] = [];
  const deps: RefundDeps = {
    store, clock: () => NOW, log: () => undefined,
    ids: { refundId: (paymentId, orderId) => `RF${paymentId}O${orderId}` },
    payments: {
      provider: {
        refund: async (r): Promise<RefundResult> => {
          asked.push(r);
          const answer = answers.shift() ?? 'SUCCESS';
          if (answer === 'unreachable') throw new PaymentProviderError('HTTP_503', '微信支付暂不可用');
          return { status: answer, providerRefundId: `wxr-${r.refundId}` };
        },
      },
    },
  };
  return { store, asked, deps };
}

async function paidPayment(store: MemoryStore, paymentId: string, orderIds: number[], amount: number) {
  await store.seed(`payment-${paymentId}`, 'PaymentCreated', {
    paymentId, orderIds, collageId: 0, amount, provider: 'sandbox', codeUrl: 'http://x', createdAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 3600_000).toISOString(),
  });
  await store.seed(`payment-${paymentId}`, 'PaymentSucceeded', { transactionId: 'wx1', amount, paidAt: NOW.toISOString() });
}

const ask = (paymentId: string, orderId: number, amountFen: number) =>
  ({ paymentId, orderId, amountFen, reason: 'paid-after-close' as const });

describe('a refund the provider answers PROCESSING', () => {
  it('stays pending, then is settled by the deadline with the same refund id', async () => {
    const { store, deps, asked } = setup(['PROCESSING', 'PROCESSING', 'SUCCESS']);
    await paidPayment(store, 'P1', [1], 5000);
    await refundFromPayment(deps, ask('P1', 1, 5000));
    expect(store.types('payment-P1')).toEqual(['PaymentCreated', 'PaymentSucceeded', 'RefundRequested']);

    await expect(settlePendingRefunds(deps, 'P1')).rejects.toThrow('refunds still pending on P1: RFP1O1 (PROCESSING)');
    await settlePendingRefunds(deps, 'P1');
    expect(store.types('payment-P1')).toEqual(['PaymentCreated', 'PaymentSucceeded', 'RefundRequested', 'PaymentRefunded']);
    expect(asked.map((r) => [r.refundId, r.amountFen, r.totalFen])).toEqual([['RFP1O1', 5000, 5000], ['RFP1O1', 5000, 5000], ['RFP1O1', 5000, 5000]]);

    await settlePendingRefunds(deps, 'P1'); // nothing pending any more: no call, no event
    expect(asked).toHaveLength(3);
    expect(store.types('payment-P1')).toHaveLength(4);
  });
});

describe('a refund the provider could not be reached for', () => {
  it('is sent again by the deadline; a final failure is recorded, not retried', async () => {
    const { store, deps } = setup(['unreachable', 'unreachable', 'ABNORMAL']);
    await paidPayment(store, 'P2', [2, 3], 8000);
    await refundFromPayment(deps, ask('P2', 2, 5000));
    await expect(settlePendingRefunds(deps, 'P2')).rejects.toThrow('RFP2O2 (HTTP_503 微信支付暂不可用)');
    await settlePendingRefunds(deps, 'P2');
    expect(store.types('payment-P2').slice(-2)).toEqual(['RefundRequested', 'RefundFailed']);
    await settlePendingRefunds(deps, 'P2');
  });
});

describe('the payment process\'s resumer row', () => {
  const at = '2025-03-01T02:00:00.000Z';
  it('is armed by each refund request and each outcome, so pending refunds are asked again', () => {
    for (const type of ['RefundRequested', 'PaymentRefunded', 'RefundFailed']) {
      expect(deadlineChanges({ type, streamId: 'payment-JS1', data: {}, metadata: { occurredAt: at } }))
        .toEqual([{ op: 'set', kind: 'resume-process', dueText: at }]);
    }
  });
});
