import { quoteRefund, recordSettlement, type RecordedShopOrder } from '../../../domain/pricing/refund';
import { settle } from '../../../domain/pricing/settlement';
import { amountOff, input, rejection, shop13, shop9 } from './settlement.fixtures';

/** Line 204: 3 units, 100.00 less 0.01 of coupons; line 205: 1 unit, 50.00 less 5.00; shipping 8.00 of which 2.00 paid by coupon. */
const order = (claimed204 = 0, claimed205 = 0): RecordedShopOrder => ({
  shippingFen: 800, shippingReductionFen: 200,
  lines: [
    { skuId: 204, number: 3, goodsFen: 10000, reductionFen: 1, claimedNumber: claimed204 },
    { skuId: 205, number: 1, goodsFen: 5000, reductionFen: 500, claimedNumber: claimed205 },
  ],
});

describe('a refund of part of a line', () => {
  it.each([
    ['the first unit', 0, 1, 3333],
    ['the second unit', 1, 1, 3333],
    ['the last unit, taking the remainder', 2, 1, 3333],
    ['two units at once', 0, 2, 6666],
    ['the last two units', 1, 2, 6666],
  ])('refunds %s pro rata from the recorded net', (_, claimed, number, refundFen) => {
    expect(quoteRefund(order(claimed), [{ skuId: 204, number }], true).lines).toEqual([{ skuId: 204, number, refundFen }]);
  });

  it('sums exactly to the line\'s net over successive claims', () => {
    const total = [0, 1, 2].reduce((sum, c) => sum + quoteRefund(order(c), [{ skuId: 204, number: 1 }], true).totalFen, 0);
    expect(total).toBe(9999);
  });
});

describe('a refund completing every line', () => {
  it('adds the shipping paid when the goods were not received', () => {
    const quote = quoteRefund(order(), [{ skuId: 204, number: 3 }, { skuId: 205, number: 1 }], false);
    expect([quote.shippingRefundFen, quote.totalFen]).toEqual([600, 9999 + 4500 + 600]);
  });

  it('adds it on the claim that completes the order after earlier ones', () => {
    expect(quoteRefund(order(3, 0), [{ skuId: 205, number: 1 }], false).shippingRefundFen).toBe(600);
  });

  it('leaves it out when the goods were received', () => {
    expect(quoteRefund(order(), [{ skuId: 204, number: 3 }, { skuId: 205, number: 1 }], true).shippingRefundFen).toBe(0);
  });
});

describe('a refund leaving units unclaimed', () => {
  it('leaves the shipping out even when the goods were not received', () => {
    expect(quoteRefund(order(), [{ skuId: 204, number: 3 }], false).shippingRefundFen).toBe(0);
  });
});

describe('a refund claim the order cannot honour', () => {
  it.each([
    ['no lines', [], '300006'],
    ['an unknown sku', [{ skuId: 999, number: 1 }], '300007'],
    ['a sku twice', [{ skuId: 205, number: 1 }, { skuId: 205, number: 1 }], '300015'],
    ['zero units', [{ skuId: 204, number: 0 }], '300008'],
    ['more units than remain', [{ skuId: 204, number: 2 }], '300008'],
  ])('is refused for %s', (_, claims, code) => {
    expect(rejection(() => quoteRefund(order(2), claims, true)).code).toBe(code);
  });
});

describe('an order refunded in full from its own settlement', () => {
  it('gives back exactly what the shop was paid', () => {
    const s = settle(input([shop9, shop13], { platform: amountOff('platform', 1234) }));
    for (const shop of s.shops) {
      const claims = shop.lines.map((l) => ({ skuId: l.skuId, number: l.number }));
      expect(quoteRefund(recordSettlement(shop), claims, false).totalFen).toBe(shop.payableFen);
    }
  });
});
