import { afterStateAfter, BUYER, history, ref, rejection, SHOP, when } from './after-sale.fixtures';

const ship = (deliverFormid: string, express = 3, buyerUserId = BUYER) =>
  ({ type: 'EnterReturnLogistics', buyerUserId, express, deliverFormid }) as const;

describe('an approved return awaiting the goods (审核通过)', () => {
  it('moves to 退货中 when the shopper enters the return logistics', () => {
    expect(when(history.awaitingReturn(), ship(' 75123456789 '))).toEqual([
      { type: 'AfterSaleReturnShipped', data: { ...ref, express: 3, deliverFormid: '75123456789' } },
    ]);
    expect(afterStateAfter(history.awaitingReturn(), ship('75123456789'))).toBe(3);
  });

  it.each([
    ['a waybill of 7 digits', ship('7512345'), '物流单号格式错误'],
    ['a waybill with letters', ship('SF12345678'), '物流单号格式错误'],
    ['no logistics company', ship('75123456789', 0), '请选择物流公司'],
  ])('refuses %s with the spec message', (_, command, message) => {
    expect(rejection(() => when(history.awaitingReturn(), command))).toEqual({ code: '300009', message });
  });

  it('refuses logistics from another shopper as not found', () => {
    expect(rejection(() => when(history.awaitingReturn(), ship('75123456789', 3, 70))).code).toBe('300002');
  });
});

describe('an application not approved for return', () => {
  it('refuses return logistics while under review', () => {
    expect(rejection(() => when(history.underReview(2), ship('75123456789'))).code).toBe('300001');
  });
});

describe('returned goods on their way back (退货中)', () => {
  it('go to refunding when the merchant confirms receipt', () => {
    const command = { type: 'ConfirmReturnReceived', shopId: SHOP } as const;
    expect(when(history.returning(), command)).toEqual([{ type: 'AfterSaleReturnReceived', data: ref }]);
    expect(afterStateAfter(history.returning(), command)).toBe(2);
  });

  it('end in 退货完成拒绝退款 when the merchant refuses the refund', () => {
    const command = { type: 'RefuseReturnRefund', shopId: SHOP, reason: '货物有损' } as const;
    expect(when(history.returning(), command)).toEqual([{ type: 'AfterSaleReturnRefused', data: { ...ref, reason: '货物有损' } }]);
    expect(afterStateAfter(history.returning(), command)).toBe(8);
  });
});

describe('a return not yet shipped back', () => {
  it.each([
    ['confirmed as received', { type: 'ConfirmReturnReceived', shopId: SHOP }],
    ['refused', { type: 'RefuseReturnRefund', shopId: SHOP, reason: '' }],
  ] as const)('cannot be %s', (_, command) => {
    expect(rejection(() => when(history.awaitingReturn(), command)).code).toBe('300001');
  });
});
