/**
 * A flash sale's per-person limit (限购) is said before submit (issue 12 walkthrough): the cart refuses to add or step
 * past it and the settlement refuses a checkout holding more, with 已超出最大限制购买数量 (80005), as origin's addCart
 * does. Demo catalogue: 鲜果整点秒杀 (shop 9, running, 2 per person) sells SKU 500101.
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { line, newShopper, shopOf, type Shopper } from './checkout.support';

const SHOP = 9;
const SKU = 500101;
const OVER_LIMIT = { code: '80005', message: '已超出最大限制购买数量' };
let server: TestServer;
let shopper: Shopper;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  shopper = await newShopper(server, new Date());
});
afterAll(async () => server?.stop());

describe('given a flash-sale SKU limited to 2 per person', () => {
  it('shows the limit on the cart line', async () => {
    expect((await shopper.call('POST', '/cart/addCart', { skuId: SKU, number: 1 })).body.code).toBe('200');
    const cart = await shopper.call<Array<{ skus: Array<{ skuId: number; userLimit: number }> }>>('GET', '/cart/getCart');
    expect(cart.body.data.flatMap((s) => s.skus).find((s) => s.skuId === SKU)?.userLimit).toBe(2);
  });

  it('refuses to step the cart line past the limit, and keeps the quantity', async () => {
    expect((await shopper.call('PUT', '/cart/updateNumber', { skuId: SKU, number: 2 })).body.code).toBe('200');
    const refused = await shopper.call('PUT', '/cart/updateNumber', { skuId: SKU, number: 3 });
    expect(refused.body).toMatchObject(OVER_LIMIT);
    const cart = await shopper.call<Array<{ skus: Array<{ skuId: number; number: number }> }>>('GET', '/cart/getCart');
    expect(cart.body.data.flatMap((s) => s.skus).find((s) => s.skuId === SKU)?.number).toBe(2);
  });

  it('refuses an add that would take the line past the limit', async () => {
    expect((await shopper.call('POST', '/cart/addCart', { skuId: SKU, number: 1 })).body).toMatchObject(OVER_LIMIT);
  });

  it('settles 2 at the flash-sale price, the price the cart line shows, but refuses 3 at settlement', async () => {
    const two = await shopper.settle({ shops: [shopOf(SHOP, [line(SKU, 2)])] });
    expect(two.body.code).toBe('200');
    const settled = two.body.data.shops[0].skus[0] as { skuId: number; number: number; activityType: number; price: number };
    expect(settled).toMatchObject({ skuId: SKU, number: 2, activityType: 2 });
    const cart = await shopper.call<Array<{ skus: Array<{ skuId: number; price: number }> }>>('GET', '/cart/getCart');
    expect(cart.body.data.flatMap((s) => s.skus).find((s) => s.skuId === SKU)?.price).toBe(settled.price);
    const three = await shopper.settle({ shops: [shopOf(SHOP, [line(SKU, 3)])] });
    expect(three.body).toMatchObject(OVER_LIMIT);
  });
});
