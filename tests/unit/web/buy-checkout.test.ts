import { ApiError } from '../../../web/src/lib/api-client';
import { choosePlatform, chooseShop, initialPricing } from '../../../web/src/features/checkout/checkout-pricing';
import { parseCheckoutQuery } from '../../../web/src/features/checkout/place-order.query';
import type { Settlement, SettlementCoupon } from '../../../web/src/features/checkout/settlement.model';
import { submitAttempts } from '../../../web/src/features/checkout/submit-attempts';
import { submitBody } from '../../../web/src/features/checkout/submit-body';

const platform = (over: Partial<SettlementCoupon> = {}): SettlementCoupon => ({
  couponId: 11, shopCouponId: 0, couponType: 1, reduceMoney: 10, fullMoney: 0, content: '减10元', ifAdd: 1, ids: [], ...over,
});
const shopCoupon = (over: Partial<SettlementCoupon> = {}): SettlementCoupon => ({
  id: 501, couponId: 0, shopCouponId: 7, couponType: 1, reduceMoney: 5, fullMoney: 0, content: '减5元', ifAdd: 1, ids: [], ...over,
});

/** Shop 1: 2 × 50.00 + 6.00 shipping; shop 2: 1 × 30.00, free shipping. */
const settlement = (shop1Coupons: SettlementCoupon[] = [], coupons: SettlementCoupon[] = []): Settlement => ({
  receive: null,
  coupons,
  shops: [
    {
      shopId: 1, shopName: '一号店', distribution: { logisticsId: 3, distributionPrice: 6 }, shopCoupons: shop1Coupons,
      skus: [{ skuId: 101, productId: 1001, productName: '篮球', image: '', price: 50, number: 2 }],
    },
    {
      shopId: 2, shopName: '二号店', distribution: { logisticsId: 0, distributionPrice: 0 }, shopCoupons: [],
      skus: [{ skuId: 201, productId: 2001, productName: '芒果', image: '', price: 30, number: 1 }],
    },
  ],
});

const must = <T extends { ok: boolean }>(choice: T): Extract<T, { ok: true }> => {
  if (!choice.ok) throw new Error('expected the choice to be taken');
  return choice as Extract<T, { ok: true }>;
};

describe('given a checkout of two shops without coupons', () => {
  it('pays goods plus shipping', () => {
    const priced = must(initialPricing(settlement())).priced;
    expect(priced.goodsFen).toBe(13000);
    expect(priced.shippingFen).toBe(600);
    expect(priced.payableFen).toBe(13600);
  });
});

describe('given coupons chosen on the page', () => {
  it('takes a shop coupon off its shop and a platform coupon off the order', () => {
    const s = settlement([shopCoupon()], [platform()]);
    const withShop = must(chooseShop(s, must(initialPricing(s)).selection, 1, shopCoupon()));
    const both = must(choosePlatform(s, withShop.selection, platform()));
    expect(both.priced.shopCouponFen).toBe(500);
    expect(both.priced.platformCouponFen).toBe(1000);
    expect(both.priced.payableFen).toBe(13600 - 1500);
  });

  it('takes 10% off with a 9折 shop coupon', () => {
    const s = settlement([shopCoupon({ couponType: 2, discount: 9, reduceMoney: 0, content: '9折券' })]);
    const chosen = must(chooseShop(s, must(initialPricing(s)).selection, 1, s.shops[0].shopCoupons[0]));
    expect(chosen.priced.shopCouponFen).toBe(1000);
  });

  it('refuses a platform coupon while a chosen shop coupon does not stack', () => {
    const s = settlement([shopCoupon({ ifAdd: 0 })], [platform()]);
    const withShop = must(chooseShop(s, must(initialPricing(s)).selection, 1, s.shops[0].shopCoupons[0]));
    expect(choosePlatform(s, withShop.selection, platform())).toEqual({ ok: false, message: '已选择的店铺券中存在不能叠加的' });
  });

  it('refuses a non-stacking shop coupon while a platform coupon is chosen', () => {
    const s = settlement([shopCoupon({ ifAdd: 0 })], [platform()]);
    const withPlatform = must(choosePlatform(s, must(initialPricing(s)).selection, platform()));
    expect(chooseShop(s, withPlatform.selection, 1, s.shops[0].shopCoupons[0])).toEqual({ ok: false, message: '此店铺券不能叠加平台券' });
  });

  it('refuses a platform coupon that is not less than the payable', () => {
    const s = settlement([], [platform({ reduceMoney: 136 })]);
    expect(choosePlatform(s, must(initialPricing(s)).selection, s.coupons[0])).toEqual({ ok: false, message: '优惠券金额不能大于付款金额' });
  });
});

describe('given the submit request of the chosen coupons', () => {
  it('sends the platform couponId, the shop claim id and the cart flags, with informative prices', () => {
    const s = settlement([shopCoupon()], [platform()]);
    const request = parseCheckoutQuery(new URLSearchParams({
      type: '2', ifWork: '0',
      shops: JSON.stringify([{ shopId: 1, skus: [{ skuId: 101, number: 2, selected: 1 }] }, { shopId: 2, skus: [{ skuId: 201, number: 1, selected: 1 }] }]),
    }));
    const withShop = must(chooseShop(s, must(initialPricing(s)).selection, 1, shopCoupon()));
    const both = must(choosePlatform(s, withShop.selection, platform()));
    if (!request) throw new Error('query should parse');
    const body = submitBody(request, s, both.priced, { receiveId: 9, platformCouponId: 11, shopCoupons: { 1: 501 }, remarks: { 2: ' 尽快发货 ' } });
    expect(body).toEqual(expect.objectContaining({ type: null, receiveId: 9, couponId: 11, price: 121, discountPrice: 15, paymentMode: 1, remark: '' }));
    expect(body.shops).toEqual([
      { shopId: 1, id: 501, remark: '', distribution: { distributionPrice: 6, logisticsId: 3 }, skus: [{ skuId: 101, number: 2, selected: 1 }] },
      { shopId: 2, id: null, remark: '尽快发货', distribution: { distributionPrice: 0, logisticsId: 0 }, skus: [{ skuId: 201, number: 1, selected: 1 }] },
    ]);
  });
});

describe('given /placeOrder queries', () => {
  it('reads a buy-now link and a group link, and refuses a broken one', () => {
    const buyNow = parseCheckoutQuery(new URLSearchParams({ type: '1', ifWork: '0', activityType: '2', shops: '[{"shopId":3,"skus":[{"skuId":8,"number":1}]}]' }));
    expect(buyNow).toEqual({ kind: 'goods', type: 1, ifWork: 0, activityType: 2, shops: [{ shopId: 3, skus: [{ skuId: 8, number: 1 }] }] });
    const join = parseCheckoutQuery(new URLSearchParams({
      ifWork: '1', works: JSON.stringify({ shopId: 3, productId: 4, skuId: 8, number: 1, shopGroupWorkId: 6, type: 2, collageId: 1001 }),
    }));
    expect(join).toEqual({ kind: 'group', works: { shopId: 3, productId: 4, skuId: 8, number: 1, shopGroupWorkId: 6, type: 2, collageId: 1001 } });
    expect(parseCheckoutQuery(new URLSearchParams({ shops: '[{"shopId":3,"skus":[{"skuId":8' }))).toBeNull();
  });
});

describe('given submit attempts', () => {
  const keys = () => {
    let n = 0;
    return submitAttempts(() => `key-${(n += 1)}`);
  };

  it('reuses the key when the same request is retried after a timeout', () => {
    const attempts = keys();
    const first = attempts.keyFor({ receiveId: 1 });
    attempts.failed(new ApiError('TIMEOUT', '请求超时!'));
    expect(attempts.keyFor({ receiveId: 1 })).toBe(first);
  });

  it('reuses the key when the server answered 503 服务繁忙，请稍后重试 (ask again)', () => {
    const attempts = keys();
    const first = attempts.keyFor({ receiveId: 1 });
    attempts.failed(new ApiError('503', '服务繁忙，请稍后重试', 503));
    expect(attempts.keyFor({ receiveId: 1 })).toBe(first);
  });

  it('starts a new attempt after a definite refusal', () => {
    const attempts = keys();
    const first = attempts.keyFor({ receiveId: 1 });
    attempts.failed(new ApiError('80001', '商品库存不足', 200));
    expect(attempts.keyFor({ receiveId: 1 })).not.toBe(first);
  });

  it('starts a new attempt when the request changed', () => {
    const attempts = keys();
    const first = attempts.keyFor({ receiveId: 1 });
    expect(attempts.keyFor({ receiveId: 2 })).not.toBe(first);
  });
});
