import { afterStateAfter, BUYER, history, iso, plusDays, ref, rejection, T0, when } from './after-sale.fixtures';

const request = (images: string[] = ['proof.png'], buyerUserId = BUYER) =>
  ({ type: 'RequestPlatformIntervention', buyerUserId, reason: ' 商家无理拒绝 ', images }) as const;
const rule = (ruling: 'shopper' | 'merchant') => ({ type: 'RuleOnIntervention', ruling, reason: '证据充分' }) as const;

describe('a rejected application (审核不通过)', () => {
  it('goes to 平台介入中 when the shopper asks the platform', () => {
    expect(when(history.reviewRejected(1), request())).toEqual([{
      type: 'AfterSalePlatformInterventionRequested',
      data: { ...ref, reason: '商家无理拒绝', images: ['proof.png'], fromAfterState: 6 },
    }]);
    expect(afterStateAfter(history.reviewRejected(1), request())).toBe(7);
  });

  it('refuses six images', () => {
    expect(rejection(() => when(history.reviewRejected(1), request(['1', '2', '3', '4', '5', '6'])))).toEqual({
      code: '300009', message: '最多上传5张图片',
    });
  });

  it('refuses another shopper as not found', () => {
    expect(rejection(() => when(history.reviewRejected(1), request([], 70))).code).toBe('300002');
  });
});

describe('a refused refund after the return (退货完成拒绝退款)', () => {
  it('goes to 平台介入中 remembering where it came from', () => {
    const [event] = when(history.returnRefused(), request());
    expect(event.type === 'AfterSalePlatformInterventionRequested' && event.data.fromAfterState).toBe(8);
    expect(afterStateAfter(history.returnRefused(), request())).toBe(7);
  });
});

describe('an application the merchant has not refused', () => {
  it.each([
    ['under review', history.underReview(1)],
    ['refunding', history.refunding()],
    ['already under arbitration', history.underArbitration(1, 6)],
  ])('refuses platform intervention while %s', (_, events) => {
    expect(rejection(() => when(events, request())).code).toBe('300001');
  });
});

describe('a refund-only arbitration after a rejected review', () => {
  it('goes to refunding when the platform rules for the shopper', () => {
    expect(when(history.underArbitration(1, 6), rule('shopper'))).toEqual([{
      type: 'AfterSalePlatformRuledForShopper', data: { ...ref, reason: '证据充分', returnRequired: false, autoCloseAt: null },
    }]);
    expect(afterStateAfter(history.underArbitration(1, 6), rule('shopper'))).toBe(2);
  });

  it('closes when the platform rules for the merchant', () => {
    expect(when(history.underArbitration(1, 6), rule('merchant'))).toEqual([
      { type: 'AfterSalePlatformRuledForMerchant', data: { ...ref, reason: '证据充分' } },
    ]);
    expect(afterStateAfter(history.underArbitration(1, 6), rule('merchant'))).toBe(9);
  });
});

describe('a return-and-refund arbitration with the goods still with the shopper', () => {
  it('sends the shopper to ship them back (审核通过) with 3 days to do it', () => {
    const now = plusDays(T0, 2);
    const [event] = when(history.underArbitration(2, 6), rule('shopper'), now);
    expect(event).toEqual({
      type: 'AfterSalePlatformRuledForShopper', data: { ...ref, reason: '证据充分', returnRequired: true, autoCloseAt: iso(plusDays(now, 3)) },
    });
    expect(afterStateAfter(history.underArbitration(2, 6), rule('shopper'), now)).toBe(10);
  });
});

describe('a return-and-refund arbitration after the merchant refused the returned goods', () => {
  it('goes to refunding when the platform rules for the shopper', () => {
    expect(afterStateAfter(history.underArbitration(2, 8), rule('shopper'))).toBe(2);
  });

  it('closes when the platform rules for the merchant', () => {
    expect(afterStateAfter(history.underArbitration(2, 8), rule('merchant'))).toBe(9);
  });
});

describe('an after-sale not under arbitration', () => {
  it.each([['shopper'], ['merchant']] as const)('refuses a ruling for the %s', (ruling) => {
    expect(rejection(() => when(history.reviewRejected(1), rule(ruling))).code).toBe('300001');
  });
});
