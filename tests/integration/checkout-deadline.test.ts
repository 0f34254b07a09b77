/**
 * The unpaid-order deadline (spec §4: pay within 1 hour or the order is cancelled; origin-contract §11: stock and
 * coupons come back): under a clock the test moves, the scheduler closes the order at its deadline and gives back
 * its stock, its coupons and its QR; the deadline is a read model of the events, so a new runtime on the same store
 * still fires it.
 */
import { openFreshPGlite } from '../support/pglite-snapshot';
import type { PGlite } from '@electric-sql/pglite';
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { available, line, newShopper, Shopper, shopOf, typesOf, until, type PayInfo } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

let offset = 0;
const clock = () => new Date(Date.now() + offset);
const MINUTE = 60_000;
let pglite: PGlite;
let server: TestServer;

beforeAll(async () => {
  pglite = await openFreshPGlite();
  server = await startTestServer({ web: false, clock, pglite });
  await settleCheckoutFixture(server, clock());
});
afterAll(async () => {
  await server?.stop();
  await pglite?.close();
});

const orderState = async (shopper: Shopper, orderId: number) =>
  (await shopper.call<{ state: number }>('GET', `/order/checkPay?orderId=${orderId}&type=2`)).body;

describe('an order left unpaid for an hour', () => {
  let shopper: Shopper;
  let pay: PayInfo;
  let stockBefore: number;
  beforeAll(async () => {
    shopper = await newShopper(server, clock());
    await shopper.claim({ couponId: ids.coupon.twentyOff });
    await shopper.claim({ shopCouponId: ids.shopCoupon.tenOff });
    stockBefore = (await available(server, ids.sku.cupRed)) ?? 50;
    pay = (await shopper.submit({
      couponId: ids.coupon.twentyOff, shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 2)], { shopCouponId: ids.shopCoupon.tenOff })],
    })).body.data;
    expect(pay.money).toBe(180);
  });

  it('is still open one minute before its deadline', async () => {
    offset += 59 * MINUTE;
    await server.runtime.scheduler.tick(clock());
    expect((await orderState(shopper, pay.orderId)).data).toMatchObject({ code: 'NOTPAY', state: 1 });
  });

  it('closes at its deadline (订单状态已变更 to the poll) and gives back its stock, coupons and QR', async () => {
    offset += 2 * MINUTE;
    await server.runtime.scheduler.tick(clock());
    await until(async () => (await orderState(shopper, pay.orderId)).code === '400001');
    expect(await typesOf(server, `order-${pay.orderId}`)).toEqual(['OrderPlaced', 'OrderCancelled']);
    expect(await available(server, ids.sku.cupRed)).toBe(stockBefore);
    expect((await typesOf(server, `payment-${pay.paymentId}`))).toEqual(['PaymentCreated', 'PaymentClosed']);
    const offered = (await shopper.settle({ shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 2)])] })).body.data;
    expect(offered.coupons.map((c) => c.couponId)).toEqual([ids.coupon.twentyOff]);
    expect(offered.shops[0].shopCoupons.map((c) => c.shopCouponId)).toEqual([ids.shopCoupon.tenOff]);
  });

  it('cannot be paid any more', async () => {
    expect((await shopper.call('PUT', '/order/pay', { orderId: pay.orderId, type: 1 })).body).toMatchObject({ code: '400001' });
  });
});

describe('a deadline due while the server was down', () => {
  it('fires in the next runtime on the same store', async () => {
    const shopper = await newShopper(server, clock());
    const pay = (await shopper.submit({ shops: [shopOf(ids.otherShop, [line(ids.sku.tea, 1)])] })).body.data;
    const stockAfterSubmit = await available(server, ids.sku.tea);
    await server.stop();
    offset += 61 * MINUTE;
    server = await startTestServer({ web: false, clock, pglite });
    const revived = new Shopper(server, shopper.userId, shopper.token);
    await server.runtime.scheduler.tick(clock());
    await until(async () => (await orderState(revived, pay.orderId)).code === '400001', 15000);
    expect(await available(server, ids.sku.tea)).toBe((stockAfterSubmit ?? 0) + 1);
  });
});
