import {
  assertStackable, chooseShopCoupon, choosePlatformCoupon, couponContent, couponReduction, discountReduction, noCoupons, type Coupon,
} from '../../../domain/pricing/coupons';
import { DomainError } from '../../../domain/shared/errors';

const platform = (stackable = true): Coupon => ({ couponId: 11, scope: 'platform', rate: { kind: 'amountOff', amountFen: 1000 }, thresholdFen: 10000, productIds: [], stackable });
const shopCoupon = (stackable: boolean, shopId = 9): Coupon => ({ couponId: 21, scope: 'shop', shopId, rate: { kind: 'discount', figure: 9 }, thresholdFen: 0, productIds: [], stackable });

const messageOf = (run: () => unknown): string => {
  try { run(); } catch (e) { if (e instanceof DomainError) return e.message; throw e; }
  throw new Error('expected a rejection');
};

describe('a discount coupon', () => {
  it.each([
    [10000, 9, 1000],
    [999, 9, 99],
    [1000, 8.5, 150],
    [1001, 8.5, 150],
    [12345, 9.99, 12],
    [1, 9, 0],
    [3333, 0.5, 3166],
  ])('on %i fen at %s折 takes off %i fen (rounded down)', (goods, figure, reduction) => {
    expect(discountReduction(goods, figure)).toBe(reduction);
  });

  it.each([[0], [10], [9.123], [-1]])('refuses the figure %s', (figure) => {
    expect(() => discountReduction(1000, figure)).toThrow(RangeError);
  });
});

describe('an amount-off coupon of 10.00', () => {
  it.each([[3000, 1000], [1000, 1000], [600, 600], [0, 0]])('on %i fen of eligible goods takes off %i, never more than the goods', (eligible, reduction) => {
    expect(couponReduction({ kind: 'amountOff', amountFen: 1000 }, eligible)).toBe(reduction);
  });
});

describe('coupon texts', () => {
  it.each([
    [{ rate: { kind: 'amountOff', amountFen: 1000 }, thresholdFen: 10000 }, '满100减10元'],
    [{ rate: { kind: 'amountOff', amountFen: 550 }, thresholdFen: 0 }, '减5.50元'],
    [{ rate: { kind: 'discount', figure: 9 }, thresholdFen: 0 }, '9折券'],
  ] as const)('%j reads %s', (coupon, text) => {
    expect(couponContent(coupon)).toBe(text);
  });
});

describe('a shopper choosing coupons at checkout', () => {
  it('may stack a platform coupon on a stackable shop coupon, in either order', () => {
    const a = choosePlatformCoupon(chooseShopCoupon(noCoupons(), 9, shopCoupon(true)), platform());
    const b = chooseShopCoupon(choosePlatformCoupon(noCoupons(), platform()), 9, shopCoupon(true));
    expect(a).toEqual(b);
    expect(() => assertStackable(a)).not.toThrow();
  });

  it('cannot choose the platform coupon over a non-stackable shop coupon', () => {
    const chosen = chooseShopCoupon(noCoupons(), 9, shopCoupon(false));
    expect(messageOf(() => choosePlatformCoupon(chosen, platform()))).toBe('已选择的店铺券中存在不能叠加的');
  });

  it('cannot choose a non-stackable shop coupon over the platform coupon', () => {
    const chosen = choosePlatformCoupon(noCoupons(), platform());
    expect(messageOf(() => chooseShopCoupon(chosen, 9, shopCoupon(false)))).toBe('此店铺券不能叠加平台券');
  });

  it('may take the non-stackable shop coupon once the platform coupon is cleared', () => {
    const cleared = choosePlatformCoupon(choosePlatformCoupon(noCoupons(), platform()), null);
    expect(chooseShopCoupon(cleared, 9, shopCoupon(false)).shops[9]?.couponId).toBe(21);
  });

  it('drops a shop coupon when the shop\'s choice is cleared', () => {
    expect(chooseShopCoupon(chooseShopCoupon(noCoupons(), 9, shopCoupon(true)), 9, null).shops).toEqual({});
  });

  it('finds a whole selection mixing both invalid', () => {
    expect(messageOf(() => assertStackable({ platform: platform(), shops: { 9: shopCoupon(false) } }))).toBe('已选择的店铺券中存在不能叠加的');
  });
});
