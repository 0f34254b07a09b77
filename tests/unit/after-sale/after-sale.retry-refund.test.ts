import { afterStateAfter, history, ref, rejection, when } from './after-sale.fixtures';

const failed = { type: 'AfterSaleRefundFailed', data: { ...ref, reason: '退款渠道返回ABNORMAL' } } as const;
const retry = { type: 'RetryRefund' } as const;
const refundFailed = () => [...history.refunding(), failed];

describe('an after-sale whose refund failed (退款失败)', () => {
  it('goes back to 退款中 as the second attempt when ops retries', () => {
    expect(when(refundFailed(), retry)).toEqual([{ type: 'AfterSaleRefundRetried', data: { ...ref, attempt: 2 } }]);
    expect(afterStateAfter(refundFailed(), retry)).toBe(2);
  });

  it('numbers a retry after a second failure as the third attempt', () => {
    const again = [...refundFailed(), ...when(refundFailed(), retry), failed];
    expect(when(again, retry)).toEqual([{ type: 'AfterSaleRefundRetried', data: { ...ref, attempt: 3 } }]);
  });

  it('can then be refunded', () => {
    const retried = [...refundFailed(), ...when(refundFailed(), retry)];
    expect(afterStateAfter(retried, { type: 'RecordRefundSucceeded', refundId: 'AS88R2' })).toBe(4);
  });
});

describe('a retry where no refund failed', () => {
  it.each([
    ['while refunding', history.refunding()],
    ['under review', history.underReview(1)],
    ['after the refund succeeded', [...history.refunding(), { type: 'AfterSaleRefundSucceeded', data: { ...ref, refundFen: 9000, refundId: 'AS88R1' } }]],
  ] as const)('is refused %s with 售后单状态已变更', (_, events) => {
    expect(rejection(() => when([...events], retry))).toEqual({ code: '300001', message: '售后单状态已变更' });
  });

  it('answers not found before any application', () => {
    expect(rejection(() => when([], retry)).code).toBe('300002');
  });
});
