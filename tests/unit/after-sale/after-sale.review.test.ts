import { afterStateAfter, history, iso, plusDays, ref, rejection, returnAddress, SHOP, T0, when } from './after-sale.fixtures';

const now = plusDays(T0, 1);

describe('a refund-only application under review', () => {
  it('is approved into refunding without a deadline', () => {
    const command = { type: 'ApproveAfterSale', shopId: SHOP, returnAddress } as const;
    expect(when(history.underReview(1), command, now)).toEqual([
      { type: 'AfterSaleApproved', data: { ...ref, afterType: 1, returnAddress: null, autoCloseAt: null } },
    ]);
    expect(afterStateAfter(history.underReview(1), command, now)).toBe(2);
  });

  it('is rejected into 审核不通过 with the shopper given 3 days', () => {
    const command = { type: 'RejectAfterSale', shopId: SHOP, reason: '商品已使用' } as const;
    expect(when(history.underReview(1), command, now)).toEqual([
      { type: 'AfterSaleRejected', data: { ...ref, reason: '商品已使用', autoCloseAt: iso(plusDays(now, 3)) } },
    ]);
    expect(afterStateAfter(history.underReview(1), command, now)).toBe(6);
  });

  it('cannot be handled by another shop', () => {
    expect(rejection(() => when(history.underReview(1), { type: 'ApproveAfterSale', shopId: 10, returnAddress: null })).code).toBe('300002');
  });
});

describe('a return-and-refund application under review', () => {
  it('is approved into 审核通过 with the return address and 3 days to ship back', () => {
    const command = { type: 'ApproveAfterSale', shopId: SHOP, returnAddress } as const;
    expect(when(history.underReview(2), command, now)).toEqual([
      { type: 'AfterSaleApproved', data: { ...ref, afterType: 2, returnAddress, autoCloseAt: iso(plusDays(now, 3)) } },
    ]);
    expect(afterStateAfter(history.underReview(2), command, now)).toBe(10);
  });

  it('cannot be approved without a return address', () => {
    expect(rejection(() => when(history.underReview(2), { type: 'ApproveAfterSale', shopId: SHOP, returnAddress: null }))).toEqual({
      code: '300011', message: '请填写退货地址',
    });
  });
});

describe('an after-sale no longer under review', () => {
  it.each([
    ['approved again while refunding', history.refunding(), { type: 'ApproveAfterSale', shopId: SHOP, returnAddress: null }],
    ['rejected after rejection', history.reviewRejected(1), { type: 'RejectAfterSale', shopId: SHOP, reason: '' }],
    ['rejected while awaiting the return', history.awaitingReturn(), { type: 'RejectAfterSale', shopId: SHOP, reason: '' }],
  ] as const)('refuses being %s with 售后单状态已变更', (_, events, command) => {
    expect(rejection(() => when([...events], command))).toEqual({ code: '300001', message: '售后单状态已变更' });
  });
});

describe('an after-sale that does not exist', () => {
  it('answers not found to a merchant', () => {
    expect(rejection(() => when([], { type: 'RejectAfterSale', shopId: SHOP, reason: '' })).code).toBe('300002');
  });
});
