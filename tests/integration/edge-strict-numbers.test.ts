/**
 * Numbers at the edge (issue 13): ids and counts are integers given as JSON numbers or decimal strings only. A boolean
 * is not 1 (couponId true claimed coupon 1, number true bought 1) and "1e3" is not 1000; decimal strings, which the
 * origin's clients send in queries and some bodies, keep working.
 */
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { line, newShopper, shopOf, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;
let shopper: Shopper;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
  shopper = await newShopper(server, NOW);
}, 120_000);
afterAll(async () => server?.stop());

describe('claiming a coupon', () => {
  const wallet = async () => (await shopper.call('GET', '/coupon/getCouponList?state=0')).body;
  let walletBefore: unknown;
  beforeAll(async () => { walletBefore = await wallet(); });

  it.each([[true], ['1e0'], ['0x1'], [1.5], [[1]]])('refuses couponId %p with 400 naming couponId', async (couponId) => {
    const { status, body } = await shopper.call('POST', '/coupon/takeCoupon', { couponId });
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toContain('couponId');
    expect(await wallet()).toEqual(walletBefore);
  });
});

describe('buying a quantity', () => {
  it.each([[true], ['1e3'], [1.5], ['1.5'], ['0x10'], [' ']])('settlement refuses number %p with 400', async (number) => {
    const { status, body } = await shopper.settle({ shops: [{ shopId: ids.shop, skus: [{ skuId: ids.sku.cupRed, number, selected: 1 }] }] });
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toMatch(/商品数量|number/);
  });

  it.each([[true], ['1e3'], [1.5]])('the cart refuses number %p with 400', async (number) => {
    const { status, body } = await shopper.call('POST', '/cart/addCart', { skuId: ids.sku.cupRed, number });
    expect(status).toBe(400);
    expect(body.code).toBe('400');
  });

  it('still reads ids and counts sent as decimal strings', async () => {
    const asNumbers = await shopper.settle({ shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 2)])] });
    const asStrings = await shopper.settle({
      shops: [{ shopId: String(ids.shop), skus: [{ skuId: String(ids.sku.cupRed), number: '2', selected: '1' }] }],
      receiveId: String(shopper.receiveId),
    });
    expect(asStrings.body.code).toBe('200');
    expect(asStrings.body.data).toEqual(asNumbers.body.data);
  });
});

describe('query strings', () => {
  it('reads page and pageSize as decimal text', async () => {
    const { status, body } = await shopper.call('GET', '/order/getAll?page=1&pageSize=12');
    expect(status).toBe(200);
    expect(body.code).toBe('200');
  });

  it.each(['1e1', '0x10', 'true', '2.5'])('refuses pageSize=%s with 400 naming pageSize', async (pageSize) => {
    const { status, body } = await shopper.call('GET', `/order/getAll?page=1&pageSize=${pageSize}`);
    expect(status).toBe(400);
    expect(body.message).toContain('pageSize');
  });
});

describe('after-sale ids (their routes read the body or the query, and once coerced any value to a number)', () => {
  it.each([['1e0'], ['0x1'], ['true'], ['1.5']])('GET /after/getById refuses afterId=%s with 400 naming afterId', async (afterId) => {
    const { status, body } = await shopper.call('GET', `/after/getById?afterId=${afterId}`);
    expect(status).toBe(400);
    expect(body.message).toContain('afterId');
  });

  it.each([[true], ['1e0'], [[1]]])('POST /after/returnRefund refuses afterId %p with 400 naming afterId', async (afterId) => {
    const { status, body } = await shopper.call('POST', '/after/returnRefund', { afterId, orderId: 1 });
    expect(status).toBe(400);
    expect(body.message).toContain('afterId');
  });

  it('GET /after/getAll refuses state=true with 400 and still reads state=2', async () => {
    expect((await shopper.call('GET', '/after/getAll?state=true')).status).toBe(400);
    expect((await shopper.call('GET', '/after/getAll?state=2')).body.code).toBe('200');
  });

  it('still answers a decimal-string id it does not know as a missing after-sale', async () => {
    const { body } = await shopper.call('GET', '/after/getById?afterId=999999');
    expect(body.code).toBe('300002');
  });
});

describe('the other checkout and cart routes', () => {
  const events = async () => Number((await server.runtime.db.query<{ n: string }>('select count(*) as n from events')).rows[0].n);

  it.each([
    ['submit number true', '/order/submit', { receiveId: 1, paymentMode: 1, shops: [{ shopId: ids.shop, skus: [{ skuId: ids.sku.cupRed, number: true, selected: 1 }] }] }, 'number'],
    ['submit number "1e3"', '/order/submit', { receiveId: 1, paymentMode: 1, shops: [{ shopId: ids.shop, skus: [{ skuId: ids.sku.cupRed, number: '1e3', selected: 1 }] }] }, 'number'],
    ['submit couponId true', '/order/submit', { receiveId: 1, paymentMode: 1, couponId: true, shops: [{ shopId: ids.shop, skus: [{ skuId: ids.sku.cupRed, number: 1, selected: 1 }] }] }, 'couponId'],
    ['settlement couponId true', '/order/getSettlement', { type: 2, couponId: true, shops: [{ shopId: ids.shop, skus: [{ skuId: ids.sku.cupRed, number: 1, selected: 1 }] }] }, 'couponId'],
    ['cart update number "1e3"', '/cart/updateNumber', { skuId: ids.sku.cupRed, number: '1e3' }, ''],
    ['cart update number true', '/cart/updateNumber', { skuId: ids.sku.cupRed, number: true }, ''],
    ['cart delete ids [true]', '/cart/delete', { ids: [true] }, ''],
    ['cart select skuId true', '/cart/selected', { shopCarts: [{ shopId: ids.shop, skus: [{ skuId: true, selected: 1 }] }] }, 'skuId'],
  ])('%s answers 400 and records nothing', async (_name, path, body, field) => {
    const before = await events();
    const { status, body: answer } = await shopper.call('POST', path, body);
    expect(status).toBe(400);
    expect(answer.code).toBe('400');
    if (field) expect(answer.message).toMatch(new RegExp(`${field}|商品数量`));
    expect(await events()).toBe(before);
  });
});
