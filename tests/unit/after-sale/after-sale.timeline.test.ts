import type { AfterSaleEvent } from '../../../domain/after-sale/after-sale.events';
import { AfterSaleEvent as AfterSaleEventSchema } from '../../../domain/after-sale/after-sale.events';
import { afterStateOf } from '../../../domain/after-sale/after-sale.machine';
import { afterSaleLifecycle } from '../../../domain/after-sale/after-sale.lifecycle';
import { afterStateAfterEvent as stateOf, summarizeAfterSale as summaryOf } from '../../../domain/after-sale/after-sale.timeline';
import { timeline } from '../../../domain/audit/timeline';
import { given, history, ref, submitted } from './after-sale.fixtures';

const histories: AfterSaleEvent[][] = [
  [...history.refunding(), { type: 'AfterSaleRefundSucceeded', data: { ...ref, refundFen: 9000, refundId: 'RF-1' } }],
  [...history.refunding(), { type: 'AfterSaleRefundFailed', data: { ...ref, reason: '' } }],
  [...history.returnRefused(), { type: 'AfterSalePlatformInterventionRequested', data: { ...ref, reason: '', images: [], fromAfterState: 8 } },
    { type: 'AfterSalePlatformRuledForMerchant', data: { ...ref, reason: '' } }],
  [...history.underArbitration(2, 6), { type: 'AfterSalePlatformRuledForShopper', data: { ...ref, reason: '', returnRequired: true, autoCloseAt: null } }],
  [...history.underArbitration(1, 6), { type: 'AfterSalePlatformRuledForShopper', data: { ...ref, reason: '', returnRequired: false, autoCloseAt: null } }],
  [...history.reviewRejected(1), { type: 'AfterSaleApplicationWithdrawn', data: ref }],
  [...history.underReview(2), { type: 'AfterSaleReturnWithdrawn', data: ref }],
  [...history.awaitingReturn(), { type: 'AfterSaleAutoClosed', data: { ...ref, dueAt: '2025-03-05T02:00:00.000Z' } }],
  [...history.returning(), { type: 'AfterSaleReturnReceived', data: ref }],
];

describe('an audited after-sale history', () => {
  it.each(histories.map((events) => [events.map((e) => e.type).join(' → '), events]))('%s: each event names the afterState the machine reaches', (_, events) => {
    const typed = events as AfterSaleEvent[];
    typed.forEach((event, i) => {
      expect(stateOf(event)).toBe(afterStateOf(given(typed.slice(0, i + 1))));
    });
  });

  it('keeps to the event schemas', () => {
    for (const event of histories.flat()) expect(AfterSaleEventSchema.safeParse(event).success).toBe(true);
  });
});

describe('the timeline of a submission', () => {
  it('reads as a Chinese sentence with the refund in yuan', () => {
    expect(summaryOf(submitted(2))).toBe('买家申请退货退款（不想要了），退款金额¥90.00');
  });
});

describe('the timeline of a merchant\'s refusal', () => {
  it('carries the merchant\'s reason when there is one', () => {
    expect(summaryOf(history.returnRefused()[3])).toBe('商家收到退货后拒绝退款：货物有损');
    expect(summaryOf({ type: 'AfterSaleRejected', data: { ...ref, reason: ' ', autoCloseAt: '2025-03-04T02:00:00.000Z' } })).toBe('商家拒绝售后申请');
  });
});

describe('an after-sale stream on the audit timeline', () => {
  const events = [...history.returning(), { type: 'AfterSaleReturnReceived', data: ref }, { type: 'AfterSaleRefundFailed', data: { ...ref, reason: '' } }];
  const entries = timeline(
    events.map((e, i) => ({ ...e, streamId: 'after-sale-88', metadata: { actor: i % 2 ? 'merchant:9' : 'user:7', occurredAt: `2025-03-0${i + 1}T02:00:00.000Z` } })),
    { lifecycles: [afterSaleLifecycle] },
  );

  it('shows each transition from → to with the API numbers and names, verified by the machine', () => {
    expect(entries.map((e) => [e.from?.code ?? null, e.to?.code, e.to?.name, e.verified])).toEqual([
      [null, 1, '审核中', true], [1, 10, '审核通过', true], [10, 3, '退货中', true], [3, 2, '退款中', true], [2, 5, '退款失败', true],
    ]);
  });

  it('uses the after-sale summaries', () => {
    expect(entries[2].summary).toBe('买家已寄回商品，物流单号75123456789');
  });

  it('flags an event the machine would not accept', () => {
    const [entry] = timeline([{ type: 'AfterSaleRefundSucceeded', data: { ...ref, refundFen: 1, refundId: 'x' }, metadata: { actor: 'system', occurredAt: '2025-03-01T02:00:00.000Z' } }], { lifecycles: [afterSaleLifecycle] });
    expect(entry.verified).toBe(false);
  });
});
