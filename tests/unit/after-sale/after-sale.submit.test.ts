import { afterStateOf } from '../../../domain/after-sale/after-sale.machine';
import { afterStateAfter, BUYER, given, history, iso, plusDays, rejection, submit, T0, when } from './after-sale.fixtures';

describe('a shopper applying for an after-sale on a received order', () => {
  it('records the application under review with the refund recomputed from the order and a 3-day deadline', () => {
    const [event] = when([], submit(), T0);
    expect(event).toEqual({
      type: 'AfterSaleSubmitted',
      data: expect.objectContaining({
        afterId: 88, orderId: 501, afterFormid: 'SH123456789123456', orderFormid: '123456789123456', shopId: 9,
        buyerUserId: BUYER, afterType: 1, goodsState: 1, returnReason: '不想要了', images: [],
        lines: [{ skuId: 204, number: 2, refundFen: 9000 }], shippingRefundFen: 0, priceFen: 9000,
        autoCloseAt: iso(plusDays(T0, 3)),
      }),
    });
    expect(afterStateAfter([], submit(), T0)).toBe(1);
  });

  it('ignores the price the client sent', () => {
    const [event] = when([], submit({ price: 99999 }), T0);
    expect(event.type === 'AfterSaleSubmitted' && event.data.priceFen).toBe(9000);
  });

  it('keeps the proof images as a list', () => {
    const [event] = when([], submit({ image: ['a.png', 'b.png'] }), T0);
    expect(event.type === 'AfterSaleSubmitted' && event.data.images).toEqual(['a.png', 'b.png']);
  });
});

describe('a shopper applying for part of a line', () => {
  it('refunds the claimed units pro rata, rounded down', () => {
    const [event] = when([], submit({ skus: [{ skuId: 205, number: 1 }] }, {
      lines: [{ skuId: 205, number: 3, goodsFen: 3000, reductionFen: 1, claimedNumber: 0 }],
    }), T0);
    expect(event.type === 'AfterSaleSubmitted' && event.data.priceFen).toBe(999);
  });
});

describe('a shopper who has not received the goods applying for every line', () => {
  it('adds the shipping paid to the refund', () => {
    const [event] = when([], submit({ goodsState: 0, skus: [{ skuId: 204, number: 2 }, { skuId: 205, number: 1 }] }, { state: 2 }), T0);
    expect(event.type === 'AfterSaleSubmitted' && [event.data.shippingRefundFen, event.data.priceFen]).toEqual([600, 14100]);
  });
});

describe('a shopper who has not received the goods applying for some lines', () => {
  it('leaves the shipping out', () => {
    const [event] = when([], submit({ goodsState: 0 }, { state: 2 }), T0);
    expect(event.type === 'AfterSaleSubmitted' && event.data.shippingRefundFen).toBe(0);
  });
});

describe('an application with a form the spec rejects', () => {
  it.each([
    ['no after-sale type', { afterType: undefined }, '请选择售后方式'],
    ['no goods state', { goodsState: undefined }, '请选择货物状态'],
    ['no reason', { returnReason: ' ' }, '请选择售后理由'],
    ['no product', { skus: [] }, '请先选择需要申请售后的商品'],
    ['six proof images', { image: ['1', '2', '3', '4', '5', '6'] }, '最多上传5张图片'],
  ])('is refused for %s with the spec message', (_, overrides, message) => {
    expect(rejection(() => when([], submit(overrides as never), T0))).toEqual({ code: '300009', message });
  });
});

describe('an application the order does not allow', () => {
  it.each([
    ['another shopper\'s order', {}, { buyerUserId: 70 }, '300004'],
    ['a different order than the form names', { orderId: 502 }, {}, '300004'],
    ['an unpaid order', {}, { state: 1 }, '300005'],
    ['a closed order', {}, { state: 5 }, '300005'],
    ['a sku the order does not hold', { skus: [{ skuId: 999, number: 1 }] }, {}, '300007'],
    ['the same sku twice', { skus: [{ skuId: 204, number: 1 }, { skuId: 204, number: 1 }] }, {}, '300015'],
    ['more units than bought', { skus: [{ skuId: 204, number: 3 }] }, {}, '300008'],
    ['units already in another after-sale', {}, { lines: [{ skuId: 204, number: 2, goodsFen: 10000, reductionFen: 0, claimedNumber: 1 }] }, '300008'],
  ])('is refused for %s', (_, formOverrides, orderOverrides, code) => {
    expect(rejection(() => when([], submit(formOverrides as never, orderOverrides), T0)).code).toBe(code);
  });
});

describe('an after-sale already submitted', () => {
  it('refuses a second submission on the same stream', () => {
    expect(rejection(() => when(history.underReview(1), submit())).code).toBe('300003');
  });

  it('stays under review', () => {
    expect(afterStateOf(given(history.underReview(1)))).toBe(1);
  });
});

describe('a shopper applying on a completed order (issue 29: the after-sale window)', () => {
  const completed = { state: 4, afterSaleUntil: iso(plusDays(T0, 15)) };

  it('is accepted up to the order\'s afterSaleUntil, that instant included', () => {
    expect(when([], submit({}, completed), plusDays(T0, 15))[0].type).toBe('AfterSaleSubmitted');
  });

  it('is refused after it with 300016 已超过售后期限', () => {
    const late = new Date(plusDays(T0, 15).getTime() + 1);
    expect(rejection(() => when([], submit({}, completed), late))).toEqual({ code: '300016', message: '已超过售后期限' });
  });

  it('stays open on an order that records no window (before confirmation)', () => {
    expect(when([], submit({}, { state: 3, afterSaleUntil: null }), plusDays(T0, 400))[0].type).toBe('AfterSaleSubmitted');
  });
});
