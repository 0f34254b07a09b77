/**
 * Stock hoarding by unpaid orders (issue 13 item 4): one shopper may hold UNPAID_ORDERS_PER_USER unpaid orders and
 * UNPAID_UNITS_PER_SKU_PER_USER unpaid units of one SKU (lowered here to 3 and 5); past either the submit is refused
 * before anything is reserved or recorded, and paying or cancelling makes room again.
 */
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { available, cupOrder, line, newShopper, shopOf, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    web: false, clock: () => NOW, env: { UNPAID_ORDERS_PER_USER: '3', UNPAID_UNITS_PER_SKU_PER_USER: '5' },
  });
  await settleCheckoutFixture(server, NOW);
}, 120_000);
afterAll(async () => server?.stop());

const eventCount = async () => Number((await server.runtime.db.query<{ n: string }>('select count(*) as n from events')).rows[0].n);

describe('unpaid orders per shopper', () => {
  let shopper: Shopper;
  const orderIds: number[] = [];
  beforeAll(async () => {
    shopper = await newShopper(server, NOW);
    for (let i = 0; i < 3; i += 1) {
      const { body } = await shopper.submit({ shops: cupOrder(1) });
      expect(body.code).toBe('200');
      orderIds.push(body.data.orderId);
    }
  });

  it('the 4th unpaid order is refused with 81007, nothing reserved or recorded', async () => {
    const [stock, events] = [await available(server, ids.sku.cupRed), await eventCount()];
    const { status, body } = await shopper.submit({ shops: cupOrder(1) });
    expect(status).toBe(200);
    expect(body).toEqual({ code: '81007', message: '待付款订单过多，请先支付或取消后再下单', data: null });
    expect(await available(server, ids.sku.cupRed)).toBe(stock);
    expect(await eventCount()).toBe(events);
  });

  it('another shopper is not held back by it', async () => {
    expect((await (await newShopper(server, NOW)).submit({ shops: cupOrder(1) })).body.code).toBe('200');
  });

  it('cancelling one makes room for one order, not for a checkout that places two', async () => {
    expect((await shopper.call('POST', '/order/cancel', { orderId: orderIds[0] })).body.code).toBe('200');
    const twoShops = await shopper.submit({
      shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 1)]), shopOf(ids.otherShop, [line(ids.sku.tea, 1)])],
    });
    expect(twoShops.body.code).toBe('81007');
    expect((await shopper.submit({ shops: cupOrder(1) })).body.code).toBe('200');
  });
});

describe('unpaid units of one SKU per shopper', () => {
  let shopper: Shopper;
  beforeAll(async () => { shopper = await newShopper(server, NOW); });

  it('a single order above the cap is refused with 81008', async () => {
    const { body } = await shopper.submit({ shops: cupOrder(6) });
    expect(body).toEqual({ code: '81008', message: '该商品待付款数量已超出最大限制，请先支付已有订单', data: null });
  });

  it('counts the SKU across unpaid orders: 3 then 3 more is refused, 2 more fits, another SKU has its own cap', async () => {
    expect((await shopper.submit({ shops: cupOrder(3) })).body.code).toBe('200');
    const stock = await available(server, ids.sku.cupRed);
    expect((await shopper.submit({ shops: cupOrder(3) })).body.code).toBe('81008');
    expect(await available(server, ids.sku.cupRed)).toBe(stock);
    expect((await shopper.submit({ shops: cupOrder(2) })).body.code).toBe('200');
    expect((await shopper.submit({ shops: [shopOf(ids.otherShop, [line(ids.sku.tea, 5)])] })).body.code).toBe('200');
  });
});
