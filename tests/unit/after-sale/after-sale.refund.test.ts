import { afterStateAfter, BUYER, history, ref, rejection, when } from './after-sale.fixtures';

const succeeded = { type: 'RecordRefundSucceeded', refundId: 'RF-1' } as const;
const failed = { type: 'RecordRefundFailed', reason: '原路退回失败' } as const;

describe('an after-sale refunding (退款中)', () => {
  it('ends in 退款成功 with the application\'s refund when the refund succeeds', () => {
    expect(when(history.refunding(), succeeded)).toEqual([
      { type: 'AfterSaleRefundSucceeded', data: { ...ref, refundFen: 9000, refundId: 'RF-1' } },
    ]);
    expect(afterStateAfter(history.refunding(), succeeded)).toBe(4);
  });

  it('ends in 退款失败 when the refund fails', () => {
    expect(when(history.refunding(), failed)).toEqual([{ type: 'AfterSaleRefundFailed', data: { ...ref, reason: '原路退回失败' } }]);
    expect(afterStateAfter(history.refunding(), failed)).toBe(5);
  });
});

describe('an after-sale not refunding', () => {
  it.each([
    ['a success under review', history.underReview(1), succeeded],
    ['a failure awaiting the return', history.awaitingReturn(), failed],
  ] as const)('refuses %s', (_, events, command) => {
    expect(rejection(() => when([...events], command)).code).toBe('300001');
  });

  it('refuses a second result after a refund succeeded', () => {
    const done = [...history.refunding(), ...when(history.refunding(), succeeded)];
    expect(rejection(() => when(done, failed)).code).toBe('300001');
  });

  it('answers not found before any application', () => {
    expect(rejection(() => when([], succeeded)).code).toBe('300002');
  });
});

const withdrawApplication = { type: 'WithdrawApplication', buyerUserId: BUYER } as const;
const withdrawReturn = { type: 'WithdrawReturn', buyerUserId: BUYER } as const;

describe('a refund-only application the shopper withdraws (撤销申请)', () => {
  it.each([
    ['under review', history.underReview(1)],
    ['after rejection', history.reviewRejected(1)],
  ])('closes %s', (_, events) => {
    expect(when(events, withdrawApplication)).toEqual([{ type: 'AfterSaleApplicationWithdrawn', data: ref }]);
    expect(afterStateAfter(events, withdrawApplication)).toBe(9);
  });

  it.each([
    ['while refunding', history.refunding(), withdrawApplication],
    ['with 撤销退货', history.underReview(1), withdrawReturn],
  ] as const)('is refused %s', (_, events, command) => {
    expect(rejection(() => when([...events], command)).code).toBe('300001');
  });

  it('is refused for another shopper as not found', () => {
    expect(rejection(() => when(history.underReview(1), { type: 'WithdrawApplication', buyerUserId: 70 })).code).toBe('300002');
  });
});

describe('a return-and-refund application the shopper withdraws (撤销退货)', () => {
  it.each([
    ['under review', history.underReview(2)],
    ['after rejection', history.reviewRejected(2)],
  ])('closes %s', (_, events) => {
    expect(when(events, withdrawReturn)).toEqual([{ type: 'AfterSaleReturnWithdrawn', data: ref }]);
    expect(afterStateAfter(events, withdrawReturn)).toBe(9);
  });

  it.each([
    ['once approved (the spec offers no withdrawal in 10)', history.awaitingReturn(), withdrawReturn],
    ['with 撤销申请', history.underReview(2), withdrawApplication],
    ['once the goods are on their way', history.returning(), withdrawReturn],
  ] as const)('is refused %s', (_, events, command) => {
    expect(rejection(() => when([...events], command)).code).toBe('300001');
  });
});
