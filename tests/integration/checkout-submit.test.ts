/**
 * POST /api/order/submit over HTTP (spec §5 submit rules, §7 Submit order; origin-contract §5.2 with its defects fixed):
 * one order per shop at the server's prices, stock reserved, coupons used and re-validated, one payment with a QR,
 * the cart emptied of what was bought; idempotent under an Idempotency-Key; refusals that give everything back.
 */
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { available, cupOrder, line, newShopper, shopOf, typesOf, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
});
afterAll(async () => server?.stop());

const placed = async (orderId: number) => {
  const events = await server.runtime.store.readStream(`order-${orderId}`);
  return events.find((e) => e.type === 'OrderPlaced')?.data as Record<string, unknown> & { price: number; lines: Array<{ skuId: number; discount: number }> };
};

describe('a shopper checking out the cart from two shops', () => {
  let shopper: Shopper;
  let answer: Awaited<ReturnType<Shopper['submit']>>['body'];
  beforeAll(async () => {
    shopper = await newShopper(server, NOW);
    await shopper.call('POST', '/cart/addCart', { skuId: ids.sku.cupRed, number: 2 });
    await shopper.call('POST', '/cart/addCart', { skuId: ids.sku.tea, number: 3 });
    answer = (await shopper.submit({
      price: 0.01, discountPrice: 999,
      shops: [
        shopOf(ids.shop, [line(ids.sku.cupRed, 2)], { distribution: { distributionPrice: 0, logisticsId: 1 } }),
        shopOf(ids.otherShop, [line(ids.sku.tea, 3)]),
      ],
    }, 'cart-two-shops')).body;
  });

  it('answers the pay info of one payment: the server\'s money, the first order, a QR image and its code url', () => {
    expect(answer.code).toBe('200');
    expect(answer.data).toMatchObject({ money: 309, collageId: 0 });
    expect(answer.data.orderIds).toHaveLength(2);
    expect(answer.data.orderId).toBe(answer.data.orderIds[0]);
    expect(answer.data.url).toBe(`/api/pay/qr/${answer.data.paymentId}`);
    expect(answer.data.codeUrl).toBe(`${server.url}/pay/sandbox/${answer.data.paymentId}`);
  });

  it('serves the QR at its url without a token: an SVG of the code url, kept by the browser', async () => {
    const image = await fetch(`${server.url}${answer.data.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(await image.text()).toBe(await server.runtime.payments.qrSvg(answer.data.codeUrl));
    const missing = (await (await fetch(`${server.url}/api/pay/qr/NO-SUCH-PAYMENT`)).json()) as { code: string; message: string };
    expect(missing).toMatchObject({ code: '404', message: '支付不存在' });
  });

  it('answers a malformed payment id in the QR url with 400 and a Chinese message naming it', async () => {
    const response = await fetch(`${server.url}/api/pay/qr/${'x'.repeat(65)}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('400');
    expect(body.message).toContain('paymentId');
  });

  it('places one order per shop in state 1 with a payment deadline one hour later, ignoring client prices', async () => {
    const [cups, tea] = await Promise.all(answer.data.orderIds.map(placed));
    expect(cups).toMatchObject({ shopId: ids.shop, userId: shopper.userId, price: 21000, logisticsPrice: 1000,
      paymentDeadline: new Date(NOW.getTime() + 3600_000).toISOString() });
    expect(tea).toMatchObject({ shopId: ids.otherShop, price: 9900, logisticsPrice: 900 });
    const states = await Promise.all(answer.data.orderIds.map((id) => shopper.call<{ code: string; state: number }>('GET', `/order/checkPay?orderId=${id}&type=2`)));
    expect(states.map((s) => s.body.data)).toEqual([expect.objectContaining({ code: 'NOTPAY', state: 1 }), expect.objectContaining({ code: 'NOTPAY', state: 1 })]);
  });

  it('reserves the stock on each SKU stream and creates one payment for both orders', async () => {
    expect(await typesOf(server, `sku-${ids.sku.tea}`)).toEqual(['StockInitialised', 'StockReserved']);
    expect(await available(server, ids.sku.tea)).toBe(97);
    const payment = (await server.runtime.store.readStream(`payment-${answer.data.paymentId}`))[0];
    expect(payment).toMatchObject({ type: 'PaymentCreated', data: { amount: 30900, orderIds: answer.data.orderIds, provider: 'sandbox' } });
  });

  it('records every step for an auditor on the checkout stream and correlates the orders with it', async () => {
    const order = (await server.runtime.store.readStream(`order-${answer.data.orderId}`))[0];
    const checkout = order.metadata.correlationId as string;
    expect(checkout).toMatch(/^checkout-\d+$/);
    expect(await typesOf(server, checkout)).toEqual(['CheckoutStarted', 'CheckoutCommitted', 'CheckoutCompleted']);
  });

  it('takes the bought lines out of the cart', async () => {
    const cart = await shopper.call<unknown[]>('GET', '/cart/getCart');
    expect(cart.body.data).toEqual([]);
  });
});

describe('the same submit sent twice under one Idempotency-Key', () => {
  it('makes one set of orders and answers the same pay info, one after the other', async () => {
    const shopper = await newShopper(server, NOW);
    const first = await shopper.submit({ shops: cupOrder(1) }, 'double-click-1');
    const second = await shopper.submit({ shops: cupOrder(1) }, 'double-click-1');
    expect(second.body).toEqual(first.body);
    expect(await typesOf(server, `order-${first.body.data.orderId}`)).toEqual(['OrderPlaced']);
  });

  it('makes one set of orders when both arrive at once', async () => {
    const shopper = await newShopper(server, NOW);
    const before = await available(server, ids.sku.cupRed) ?? 50;
    const [a, b] = await Promise.all([1, 2].map(() => shopper.submit({ shops: cupOrder(2) }, 'double-click-2')));
    expect(a.body.code).toBe('200');
    expect(b.body).toEqual(a.body);
    expect(await available(server, ids.sku.cupRed)).toBe(before - 2);
  });

  it('refuses a different body under a key already used with 00001 重复请求', async () => {
    const shopper = await newShopper(server, NOW);
    expect((await shopper.submit({ shops: cupOrder(1) }, 'reused-key')).body.code).toBe('200');
    expect((await shopper.submit({ shops: cupOrder(3) }, 'reused-key')).body).toMatchObject({ code: '00001', message: '重复请求' });
  });
});

describe('coupons at submit, re-validated on the server', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await newShopper(server, NOW);
    for (const ref of [{ couponId: ids.coupon.twentyOff }, { couponId: ids.coupon.huge }, { shopCouponId: ids.shopCoupon.ninetyPercent },
      { shopCouponId: ids.shopCoupon.otherShopSolo }, { shopCouponId: ids.shopCoupon.tenOff }]) await shopper.claim(ref);
  });

  it('refuses a platform coupon not less than the payable: 优惠券金额不能大于付款金额', async () => {
    const { body } = await shopper.submit({ couponId: ids.coupon.huge, shops: cupOrder(1) });
    expect(body).toMatchObject({ code: '310001', message: '优惠券金额不能大于付款金额' });
  });

  it('refuses a platform coupon with one non-stacking shop coupon: 此店铺券不能叠加平台券', async () => {
    const { body } = await shopper.submit({ couponId: ids.coupon.twentyOff, shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 2)], { shopCouponId: ids.shopCoupon.ninetyPercent })] });
    expect(body).toMatchObject({ code: '310003', message: '此店铺券不能叠加平台券' });
  });

  it('refuses a platform coupon among chosen shop coupons one of which does not stack: 已选择的店铺券中存在不能叠加的', async () => {
    const { body } = await shopper.submit({ couponId: ids.coupon.twentyOff, shops: [
      shopOf(ids.shop, [line(ids.sku.cupRed, 2)], { shopCouponId: ids.shopCoupon.tenOff }),
      shopOf(ids.otherShop, [line(ids.sku.tea, 1)], { shopCouponId: ids.shopCoupon.otherShopSolo }),
    ] });
    expect(body).toMatchObject({ code: '310002', message: '已选择的店铺券中存在不能叠加的' });
  });

  it('uses the coupons once: the order carries the reductions, the claim cannot be used again', async () => {
    const ok = await shopper.submit({ couponId: ids.coupon.twentyOff, shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 2)], { shopCouponId: ids.shopCoupon.tenOff })] });
    expect(ok.body.data.money).toBe(200 + 10 - 10 - 20);
    const order = await placed(ok.body.data.orderId);
    expect(order).toMatchObject({ discountPrice: 3000, platformCouponId: ids.coupon.twentyOff, shopCouponId: ids.shopCoupon.tenOff });
    const again = await shopper.submit({ couponId: ids.coupon.twentyOff, shops: cupOrder(2) });
    expect(again.body).toMatchObject({ code: '81005', message: '优惠券不可用' });
  });
});

describe('goods the stock cannot cover', () => {
  it('refuses with 商品库存不足 and takes nothing', async () => {
    const shopper = await newShopper(server, NOW);
    const { body } = await shopper.submit({ shops: [shopOf(ids.shop, [line(ids.sku.cupBlue, 6)])] });
    expect(body).toMatchObject({ code: '80001', message: '商品库存不足' });
    expect(await typesOf(server, `sku-${ids.sku.cupBlue}`)).toEqual([]);
  });

  it('gives back the stock of an attempt whose coupon was taken by a concurrent one: one order, one reservation', async () => {
    const shopper = await newShopper(server, NOW);
    await shopper.claim({ shopCouponId: ids.shopCoupon.tenOff });
    const before = await available(server, ids.sku.cupRed) ?? 50;
    const order = { shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 1)], { shopCouponId: ids.shopCoupon.tenOff })] };
    const answers = await Promise.all(['race-a', 'race-b'].map((key) => shopper.submit(order, key)));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['200', '81005']);
    expect(await available(server, ids.sku.cupRed)).toBe(before - 1);
    const cupEvents = await server.runtime.store.readStream(`sku-${ids.sku.cupRed}`);
    const reserved = cupEvents.filter((e) => e.type === 'StockReserved' && (e.data as { userId: number }).userId === shopper.userId)
      .map((e) => (e.data as { reservationId: number }).reservationId);
    const released = cupEvents.filter((e) => e.type === 'StockReleased' && reserved.includes((e.data as { reservationId: number }).reservationId));
    const held = reserved.length - released.length;
    expect(held).toBe(1);
    const loser = ['race-a', 'race-b'][answers.findIndex((a) => a.body.code === '81005')];
    expect((await shopper.submit(order, loser)).body).toMatchObject({ code: '81005', message: '优惠券不可用' });
    expect(await available(server, ids.sku.cupRed)).toBe(before - 1);
  });
});

describe('a submit missing its choices', () => {
  it('asks for an address (请选择您的收货地址) and a pay method (请选择支付方式)', async () => {
    const shopper = await newShopper(server, NOW, false);
    expect((await shopper.submit({ receiveId: null, shops: cupOrder(1) })).body.message).toBe('请选择您的收货地址');
    expect((await shopper.submit({ receiveId: 1, paymentMode: null, shops: cupOrder(1) })).body.message).toBe('请选择支付方式');
    expect((await shopper.submit({ receiveId: 999999999, shops: cupOrder(1) })).body).toMatchObject({ code: '81004', message: '请选择您的收货地址' });
  });
});

describe('an order that costs nothing', () => {
  it('is placed and marked paid by the system: state 2, no QR to scan', async () => {
    const shopper = await newShopper(server, NOW);
    await shopper.claim({ shopCouponId: ids.shopCoupon.giftVoucher });
    const { body } = await shopper.submit({ shops: [shopOf(ids.otherShop, [line(ids.sku.gift, 1)], { shopCouponId: ids.shopCoupon.giftVoucher })] });
    expect(body.data).toMatchObject({ money: 0, url: '', codeUrl: '', paymentId: '' });
    expect(await typesOf(server, `order-${body.data.orderId}`)).toEqual(['OrderPlaced', 'OrderPaid']);
    const check = await shopper.call<{ code: string; state: number }>('GET', `/order/checkPay?orderId=${body.data.orderId}&type=1`);
    expect(check.body.data).toMatchObject({ code: 'SUCCESS', state: 2 });
  });
});

describe('malformed input to the checkout and payment endpoints', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await newShopper(server, NOW);
  });

  it.each([
    ['POST', '/order/getSettlement', { type: 'two', shops: [] }],
    ['POST', '/work/getSettlement', { shopGroupWorkId: -1 }],
    ['POST', '/order/submit', { shops: 'all' }],
    ['PUT', '/order/pay', { orderId: 'abc', type: 2 }],
    ['GET', '/order/getUrl?orderId=abc', undefined],
    ['GET', '/order/checkPay?orderId=', undefined],
  ] as const)('%s %s answers HTTP 400, code 400 and a Chinese message, never a 500', async (method, path, body) => {
    const { status, body: answer } = await shopper.call(method, path, body);
    expect(status).toBe(400);
    expect(answer.code).toBe('400');
    expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers a ship request without a waybill with 400 物流单号格式错误', async () => {
    const response = await fetch(`${server.url}/internal/orders/1/ship`, {
      method: 'POST', headers: { 'x-ops-token': server.opsToken, 'content-type': 'application/json' }, body: JSON.stringify({ express: '顺丰' }),
    });
    const answer = (await response.json()) as { code: string; message: string };
    expect(response.status).toBe(400);
    expect(answer.code).toBe('400');
    expect(answer.message).toBe('物流单号格式错误');
  });
});

describe('the streams a submit and its payment read', () => {
  /** Reads of process streams (checkout, order, payment) while `work` runs; hot stock and quota streams aside. */
  const readsDuring = async (work: () => Promise<unknown>) => {
    const store = server.runtime.store;
    const read = store.readStream;
    const reads: string[] = [];
    store.readStream = (streamId, options) => {
      if (/^(checkout|order|payment)-/.test(streamId)) reads.push(streamId.replace(/-.*/, ''));
      return read(streamId, options);
    };
    try {
      await work();
    } finally {
      store.readStream = read;
    }
    return reads;
  };

  it('reads only its own checkout stream for a new submit, and each stream once when the payment arrives', async () => {
    const shopper = await newShopper(server, NOW);
    let pay: Awaited<ReturnType<Shopper['submit']>>['body']['data'] | undefined;
    const submitReads = await readsDuring(async () => {
      const answer = await shopper.submit({ shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 1)])] }, 'reads-once');
      expect(answer.body.code).toBe('200');
      pay = answer.body.data;
    });
    expect(submitReads).toEqual(['checkout']);
    const paymentId = pay?.paymentId ?? '';
    const callbackReads = await readsDuring(async () => {
      const confirmed = await fetch(`${server.url}/pay/sandbox/${paymentId}/confirm`, { method: 'POST' });
      expect(confirmed.status).toBe(200);
    });
    // the payment checked once and decided on; the order loaded once to pay it (the push reads the orders read model)
    expect(callbackReads.sort()).toEqual(['order', 'payment']);
  });
});
