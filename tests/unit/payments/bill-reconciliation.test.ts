/**
 * The provider's bill of a day against the store (services/payments/reconciliation): each kind of difference, named
 * with its payment, and a store fact absent from the bill asked at the provider before it is called a difference.
 * The store is given as payment streams and the day's recorded facts; the provider as its bill and query answers.
 */
import type { RecordedEvent } from '../../../services/event-store/event-store.port';
import { PaymentProviderError, type BillLine, type PaymentResult, type RefundResult } from '../../../services/payments/payment-provider';
import { reconcileBill, type ReconcileDeps } from '../../../services/payments/reconciliation/reconcile-bill';
import { formatReconciliation } from '../../../services/payments/reconciliation/reconciliation.format';
import { parsePaymentsArgs } from '../../../services/ops/payments.command';

const DAY = '2026-12-06';
const TX = '4200001122202612061234567890';
const AT = '2026-12-06T02:00:00.000Z';

type Stream = Array<{ type: string; data: Record<string, unknown> }>;
const created = (amount: number) => ({ type: 'PaymentCreated', data: { amount } });
const succeeded = (amount: number, transactionId = TX) => ({ type: 'PaymentSucceeded', data: { transactionId, amount } });
const refundRequested = (refundId: string, amount: number) => ({ type: 'RefundRequested', data: { refundId, amount } });
const refunded = (refundId: string) => ({ type: 'PaymentRefunded', data: { refundId } });

const paidLine = (paymentId: string, amountFen: number, transactionId = TX): BillLine =>
  ({ paymentId, transactionId, tradeState: 'SUCCESS', amountFen, time: AT });
const refundLine = (paymentId: string, refundId: string, refundFen: number, refundStatus = 'SUCCESS'): BillLine =>
  ({ paymentId, transactionId: TX, tradeState: 'REFUND', amountFen: 479900, refundId, providerRefundId: '5030001', refundFen, refundStatus, time: AT });

interface Given {
  bill?: BillLine[];
  streams?: Record<string, Stream>;
  /** What the store recorded that day: PaymentSucceeded per payment, refund events per [payment, refund]. */
  recordedPaid?: string[];
  recordedRefunds?: Array<[string, string]>;
  queries?: Record<string, Partial<PaymentResult> | 'ORDER_NOT_EXIST'>;
  refundQueries?: Record<string, RefundResult['status'] | 'RESOURCE_NOT_EXISTS'>;
}

function reconcile(given: Given) {
  const rows = [
    ...(given.recordedPaid ?? []).map((id) => ({ stream_id: `payment-${id}`, type: 'PaymentSucceeded', refund_id: null })),
    ...(given.recordedRefunds ?? []).map(([id, refundId]) => ({ stream_id: `payment-${id}`, type: 'PaymentRefunded', refund_id: refundId })),
  ];
  const asked: string[] = [];
  const deps: ReconcileDeps = {
    eventsDb: { query: async () => ({ rows }) } as unknown as ReconcileDeps['eventsDb'],
    store: {
      readStream: async (streamId) => (given.streams?.[streamId.slice('payment-'.length)] ?? []) as unknown as RecordedEvent[],
    },
    provider: {
      tradeBill: async () => given.bill ?? [],
      async queryPayment(paymentId) {
        asked.push(paymentId);
        const answer = given.queries?.[paymentId];
        if (!answer || answer === 'ORDER_NOT_EXIST') throw new PaymentProviderError('ORDER_NOT_EXIST', '订单不存在', 404);
        return { paymentId, transactionId: TX, amountFen: 479900, tradeState: 'SUCCESS', successTime: AT, ...answer };
      },
      async queryRefund(refundId) {
        asked.push(refundId);
        const status = given.refundQueries?.[refundId];
        if (!status || status === 'RESOURCE_NOT_EXISTS') throw new PaymentProviderError('RESOURCE_NOT_EXISTS', '退款单不存在', 404);
        return { status, providerRefundId: '5030001' };
      },
    },
  };
  return { report: reconcileBill(deps, DAY), asked };
}

const kinds = async (given: Given) => (await reconcile(given).report).differences.map((d) => [d.kind, d.paymentId, d.refundId ?? null]);

describe('a day whose bill and store agree', () => {
  it('reports nothing, and asks the provider nothing', async () => {
    const { report, asked } = reconcile({
      bill: [paidLine('P1', 479900), refundLine('P1', 'R1', 100000)],
      streams: { P1: [created(479900), succeeded(479900), refundRequested('R1', 100000), refunded('R1')] },
      recordedPaid: ['P1'], recordedRefunds: [['P1', 'R1']],
    });
    expect(await report).toEqual({ billDate: DAY, billLines: 2, paymentsChecked: 1, differences: [] });
    expect(asked).toEqual([]);
  });
});

describe('a payment the provider took', () => {
  it('is paid-not-recorded when the store has no success for it (a lost callback), or no payment at all', async () => {
    expect(await kinds({ bill: [paidLine('P1', 479900), paidLine('P2', 100)], streams: { P1: [created(479900)] } }))
      .toEqual([['paid-not-recorded', 'P1', null], ['paid-not-recorded', 'P2', null]]);
  });

  it('differs in amount or transaction when the store recorded another', async () => {
    const { report } = reconcile({
      bill: [paidLine('P1', 479900), paidLine('P2', 100, '4200000000000000000000000002')],
      streams: { P1: [created(479800), succeeded(479800)], P2: [created(100), succeeded(100)] }, recordedPaid: ['P1', 'P2'],
    });
    expect((await report).differences).toEqual([
      { kind: 'amount-differs', paymentId: 'P1', provider: `SUCCESS ¥4799.00 ${TX}`, store: `SUCCESS ¥4798.00 ${TX}` },
      { kind: 'transaction-differs', paymentId: 'P2', provider: 'SUCCESS ¥1.00 4200000000000000000000000002', store: `SUCCESS ¥1.00 ${TX}` },
    ]);
  });
});

describe('a payment the store recorded paid that day but the bill lacks', () => {
  const given: Given = { streams: { P1: [created(479900), succeeded(479900)] }, recordedPaid: ['P1'] };

  it('is recorded-paid-not-at-provider when the provider does not know it, with its answer', async () => {
    const { report } = reconcile(given);
    expect((await report).differences).toEqual([{
      kind: 'recorded-paid-not-at-provider', paymentId: 'P1', provider: 'absent from the bill; query: ORDER_NOT_EXIST', store: `SUCCESS ¥4799.00 ${TX}`,
    }]);
    expect(await kinds({ ...given, queries: { P1: { tradeState: 'NOTPAY', transactionId: '', successTime: null } } }))
      .toEqual([['recorded-paid-not-at-provider', 'P1', null]]);
  });

  it('is no difference when the provider paid it on the day before (recorded after midnight): that bill has it', async () => {
    const { report, asked } = reconcile({ ...given, queries: { P1: { successTime: '2026-12-05T15:59:59.000Z' } } });
    expect((await report).differences).toEqual([]);
    expect(asked).toEqual(['P1']);
  });
});

describe('refunds', () => {
  it('are refund-not-recorded when the bill has one the store never asked for, or did not record as succeeded', async () => {
    expect(await kinds({
      bill: [refundLine('P1', 'R1', 100), refundLine('P1', 'R2', 200)],
      streams: { P1: [created(479900), succeeded(479900), refundRequested('R2', 200)] },
    })).toEqual([['refund-not-recorded', 'P1', 'R1'], ['refund-not-recorded', 'P1', 'R2']]);
  });

  it('are no difference while the bill says PROCESSING and the store waits for the outcome', async () => {
    expect(await kinds({
      bill: [refundLine('P1', 'R2', 200, 'PROCESSING')], streams: { P1: [created(479900), succeeded(479900), refundRequested('R2', 200)] },
    })).toEqual([]);
  });

  it('differ in amount when the store asked for another', async () => {
    expect(await kinds({
      bill: [refundLine('P1', 'R1', 100)], streams: { P1: [created(479900), succeeded(479900), refundRequested('R1', 150), refunded('R1')] },
    })).toEqual([['refund-amount-differs', 'P1', 'R1']]);
  });

  it('are refund-recorded-not-at-provider when recorded succeeded, absent from the bill and unknown to the provider', async () => {
    const streams = { P1: [created(479900), succeeded(479900), refundRequested('R1', 100), refunded('R1')] };
    expect(await kinds({ streams, recordedRefunds: [['P1', 'R1']] })).toEqual([['refund-recorded-not-at-provider', 'P1', 'R1']]);
    expect(await kinds({ streams, recordedRefunds: [['P1', 'R1']], refundQueries: { R1: 'SUCCESS' } })).toEqual([]);
  });
});

describe('the ops command', () => {
  it('takes reconcile with an optional real date, and refuses anything else', () => {
    expect(parsePaymentsArgs(['reconcile'])).toEqual({ kind: 'payments-reconcile', date: null });
    expect(parsePaymentsArgs(['reconcile', '--date', '2026-12-06'])).toEqual({ kind: 'payments-reconcile', date: '2026-12-06' });
    for (const args of [[], ['reconcile', '--date'], ['reconcile', '--date', '2026-02-30'], ['reconcile', '2026-12-06'], ['refund']]) {
      expect(parsePaymentsArgs(args)).toBeNull();
    }
  });

  it('prints one line per difference, then the summary', () => {
    expect(formatReconciliation({
      billDate: DAY, billLines: 3, paymentsChecked: 2,
      differences: [{ kind: 'paid-not-recorded', paymentId: 'P1', provider: `SUCCESS ¥4799.00 ${TX}`, store: 'not paid' }],
    })).toBe(`✗ paid-not-recorded                P1  provider: SUCCESS ¥4799.00 ${TX}  store: not paid\n` +
      `✗ ${DAY}: 1 difference(s) between the provider's bill (3 lines) and the store`);
    expect(formatReconciliation({ billDate: DAY, billLines: 0, paymentsChecked: 0, differences: [] }))
      .toBe(`✓ ${DAY}: the provider's bill (0 lines) and the store agree on 0 payment(s)`);
  });
});
