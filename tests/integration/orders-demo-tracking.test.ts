/**
 * The demo's simulated carrier (issue 12 walkthrough: 查看物流 showed nothing for half an hour after the demo merchant
 * shipped): with a demo merchant shipping a minute after payment, the carrier's timeline runs on the same scale, so
 * the tracking lookup and the order detail's logistics block show 已揽收 seconds after shipping and 已签收 within two
 * minutes. Controllable clock; the demo merchant's own poller ships.
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { call, eventually, openShop, payOrder, placeOrder, tokenFor } from './orders.support';

interface Detail {
  state: number; express: number; deliverFormid: string;
  logistics: null | { steps: Array<{ time: string; reason: string }> };
}

const SHIP_AFTER_MS = 60_000;
const USER = 7301;
let now = new Date('2025-06-01T02:00:00.000Z');
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => now, demoMerchantShipAfterMs: SHIP_AFTER_MS });
  await openShop(server, 9001, '山野户外旗舰店', '杭州市');
  token = await tokenFor(server, USER);
  await placeOrder(server, 2101, { userId: USER });
  await payOrder(server, 2101);
});
afterAll(async () => server?.stop());

const detail = async () => (await call<Detail>(server, 'GET', '/api/order/getById?orderId=2101', { token })).body.data;
const lookup = async (express: number, deliverFormid: string) => (await call<Array<{ time: string; reason: string }>>(
  server, 'GET', `/api/order/getDilevery?express=${express}&deliverFormid=${deliverFormid}`, { token })).body.data;

describe('given the demo merchant ships a minute after payment', () => {
  let shipped: Detail;

  beforeAll(async () => {
    now = new Date(now.getTime() + SHIP_AFTER_MS);
    shipped = await eventually(async () => {
      const order = await detail();
      return order.state === 3 ? order : null;
    }, 20_000);
  }, 30_000);

  it('shows 已揽收 from the tracking lookup and in the order detail a few seconds after shipping', async () => {
    now = new Date(now.getTime() + 10_000);
    const steps = await lookup(shipped.express, shipped.deliverFormid);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.at(-1)?.reason).toMatch(/已揽收，快件单号 /);
    expect((await detail()).logistics?.steps).toEqual(steps);
  });

  it('has the parcel signed for within two minutes of shipping', async () => {
    now = new Date(now.getTime() + 110_000);
    const steps = await lookup(shipped.express, shipped.deliverFormid);
    expect(steps).toHaveLength(8);
    expect(steps[0].reason).toMatch(/^快件已签收/);
  });
});
