/**
 * The after-sale window of a completed order over HTTP (issue 29): confirming receipt records when after-sales close
 * (AFTER_SALE_WINDOW_DAYS after it, here 10), the order detail shows it as 售后截止时间, and past it the order stops
 * offering after-sales and a submission answers 300016 已超过售后期限 — until then one is accepted.
 */
import { loadConfig } from '../../services/config';
import { startTestServer } from '../support/test-server';
import { call, openShop } from './orders.support';
import { DAY, SHOP, orderDetail, refundOnly, shippedOrder, shopper, submit, type AfterSaleWorld } from './after-sale.support';

const USER = 8301;
const WINDOW_DAYS = 10;

describe('a completed order\'s after-sale window', () => {
  let world: AfterSaleWorld;
  let token: string;

  beforeAll(async () => {
    world = { now: new Date('2025-06-01T02:00:00.000Z') } as AfterSaleWorld;
    world.server = await startTestServer({ web: false, clock: () => world.now, env: { AFTER_SALE_WINDOW_DAYS: String(WINDOW_DAYS) } });
    world.advance = (ms) => { world.now = new Date(world.now.getTime() + ms); };
    world.stop = () => world.server.stop();
    await openShop(world.server, SHOP, '山野户外旗舰店');
    token = await shopper(world, USER);
    await shippedOrder(world, 6301, USER);
    await shippedOrder(world, 6302, USER);
    world.advance(2 * DAY);
    for (const orderId of [6301, 6302]) {
      const { body } = await call(world.server, 'POST', '/api/order/confirm', { token, body: { orderId } });
      expect(body).toMatchObject({ code: '200', data: { orderId, state: 4 } });
    }
  });
  afterAll(async () => world?.stop());

  it('shows 售后截止时间 on the detail: receipt plus the configured window (Asia/Shanghai)', async () => {
    const order = await orderDetail(world, token, 6301) as unknown as { state: number; ifAfter: number; receiveTime: string; afterSaleUntil: string };
    expect(order).toMatchObject({ state: 4, ifAfter: 1, receiveTime: '2025-06-03 10:00:00', afterSaleUntil: '2025-06-13 10:00:00' });
  });

  it('accepts an application on the window\'s last day', async () => {
    world.advance(WINDOW_DAYS * DAY - 60_000);
    token = await shopper(world, USER); // a session lasts 7 days
    const { body } = await submit(world, token, refundOnly(6301, [{ skuId: 11, number: 1 }]));
    expect(body).toMatchObject({ code: '200', message: '售后申请成功' });
  });

  it('past the window stops offering after-sales and refuses a submission with 300016 已超过售后期限', async () => {
    world.advance(2 * 60_000);
    const order = await orderDetail(world, token, 6302);
    expect(order.ifAfter).toBe(0);
    expect(order.skus.map((s) => s.ifAfter)).toEqual([0, 0]);
    const { body } = await submit(world, token, refundOnly(6302, [{ skuId: 11, number: 1 }]));
    expect(body).toEqual({ code: '300016', message: '已超过售后期限', data: null });
  });
});

describe('AFTER_SALE_WINDOW_DAYS', () => {
  it('defaults to 15 days and refuses to start below the law\'s 7 (七天无理由退货)', () => {
    expect(loadConfig({}).AFTER_SALE_WINDOW_DAYS).toBe(15);
    expect(loadConfig({ AFTER_SALE_WINDOW_DAYS: '7' }).AFTER_SALE_WINDOW_DAYS).toBe(7);
    expect(() => loadConfig({ AFTER_SALE_WINDOW_DAYS: '6' })).toThrow(/AFTER_SALE_WINDOW_DAYS/);
  });
});
