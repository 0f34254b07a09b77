/**
 * The promotion zones over HTTP (spec §7 Promotions, origin-contract §8): `/seckill/getIndex`, `/discount/getIndex`,
 * `/work/getIndex` on the demo seed's running activities (services/ops/seed/catalog/promotions.data.ts): one
 * activity of one shop, the platform entry (every shop's activity products), category filter, sort, paging, and
 * bad input answering 400 naming the field.
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { newShopper } from './checkout.support';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  const all = await server.runtime.store.readAll({ limit: 100000 });
  await server.runtime.projections.waitFor(all, { timeoutMs: 60000 });
}, 120_000);
afterAll(async () => server?.stop());

interface Item {
  productId: number; shopId: number; skuId: number; price: number; originalPrice: number; limitNumber: number;
  limitStockNumber: number; users: number; shopSeckillId: number; shopDiscountId: number; shopGroupWorkId: number;
}
interface Classify { classifyId: number; childs: Classify[] }
interface Zone {
  shopId: number; shopName: string; shopLogo: string; number: number; time: number; ifEnable: number; limitNumber: number;
  classifies: Classify[]; page: { list: Item[]; total: number };
}

const get = async (path: string) => {
  const response = await fetch(`${server.url}/api${path}`);
  return { status: response.status, body: await response.json() as { code: string; message: string; data: Zone } };
};
const zone = async (path: string) => {
  const { status, body } = await get(path);
  expect([status, body.code]).toEqual([200, '200']);
  return body.data;
};
const HOUR = 3600_000;
/** The seed's activity times are whole minutes (services/ops/seed/catalog/catalog-clock.ts). */
const expectEndsIn = (time: number, hours: number) => {
  expect(time).toBeGreaterThan(hours - 60_000);
  expect(time).toBeLessThanOrEqual(hours);
};

describe('a shop flash sale (鲜果整点秒杀, shop 9, ends in 6 h, 2 per shopper)', () => {
  it('lists its products with activity price, stock and the time to its end', async () => {
    const z = await zone('/seckill/getIndex?shopId=9&shopSeckillId=2');
    expect(z).toMatchObject({ shopId: 9, limitNumber: 2, ifEnable: 0 });
    expectEndsIn(z.time, 6 * HOUR);
    expect(z.shopName).not.toBe('');
    expect(z.page.list.map((p) => p.productId).sort()).toEqual([5001, 5002, 5007]);
    expect(z.page.total).toBe(3);
    for (const p of z.page.list) {
      expect(p).toMatchObject({ shopId: 9, shopSeckillId: 2, limitNumber: expect.any(Number) });
      expect(p.price).toBeLessThan(p.originalPrice);
      expect(p.limitStockNumber).toBeLessThanOrEqual(p.limitNumber);
    }
    expect(z.classifies.length).toBeGreaterThan(0);
  });

  it('sorts by price ascending (type 1) and descending (type 2), and pages', async () => {
    const up = (await zone('/seckill/getIndex?shopId=9&shopSeckillId=2&type=1')).page.list.map((p) => p.price);
    const down = (await zone('/seckill/getIndex?shopId=9&shopSeckillId=2&type=2')).page.list.map((p) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...up].reverse());
    const second = await zone('/seckill/getIndex?shopId=9&shopSeckillId=2&page=2&pageSize=2');
    expect([second.page.list.length, second.page.total]).toEqual([1, 3]);
  });

  it('filters by one of its categories, and finds nothing under a category it has no products in', async () => {
    const z = await zone('/seckill/getIndex?shopId=9&shopSeckillId=2');
    const first = z.classifies[0].classifyId;
    expect((await zone(`/seckill/getIndex?shopId=9&shopSeckillId=2&classifyId=${first}`)).page.total).toBeGreaterThan(0);
    expect((await zone('/seckill/getIndex?shopId=9&shopSeckillId=2&classifyId=999999')).page).toEqual({ list: [], total: 0 });
  });

  it('counts to the start of one not started yet (女装新品秒杀, starts in 2 h) and says so with ifEnable 1', async () => {
    const z = await zone('/seckill/getIndex?shopId=3&shopSeckillId=3');
    expect(z).toMatchObject({ shopId: 3, ifEnable: 1 });
    expectEndsIn(z.time, 2 * HOUR);
  });

  it('answers another shop\'s or an unknown activity like a missing one', async () => {
    for (const path of ['/seckill/getIndex?shopId=1&shopSeckillId=2', '/seckill/getIndex?shopSeckillId=999']) {
      const { status, body } = await get(path);
      expect([status, body.code, body.message]).toEqual([200, '81006', '活动不存在或已结束']);
    }
  });
});

describe('a shop entry without an activity id', () => {
  it('lists all of the shop\'s not-ended activities of the kind (冬装限时折扣 of shop 3)', async () => {
    const z = await zone('/discount/getIndex?shopId=3');
    expect(z.shopId).toBe(3);
    expect(z.page.total).toBeGreaterThan(0);
    expect(z.page.list.every((p) => p.shopId === 3 && p.shopDiscountId === 1)).toBe(true);
  });

  it('gives a signed-in shopper the number of lines in the cart', async () => {
    const shopper = await newShopper(server, NOW, false);
    const { skuId } = (await zone('/seckill/getIndex?shopId=9&shopSeckillId=2')).page.list[0];
    expect((await shopper.call('POST', '/cart/addCart', { skuId, number: 1 })).body.code).toBe('200');
    const { body } = await shopper.call<Zone>('GET', '/seckill/getIndex?shopId=9&shopSeckillId=2');
    expect(body.data.number).toBe(1);
  });
});

describe('the platform entry (no shop)', () => {
  it('lists every running and upcoming flash sale product of all shops, with only page and classifies filled', async () => {
    const z = await zone('/seckill/getIndex');
    expect(z).toMatchObject({ shopId: 0, shopName: '', time: 0, limitNumber: 0 });
    expect(new Set(z.page.list.map((p) => p.shopId))).toEqual(new Set([1, 9, 3]));
    expect(z.page.list.length).toBeLessThanOrEqual(12);
  });

  it('sorts by sales when asked (volume), keeping every product', async () => {
    const plain = await zone('/seckill/getIndex?pageSize=100');
    const bySales = await zone('/seckill/getIndex?pageSize=100&volume=2');
    expect(bySales.page.total).toBe(plain.page.total);
    expect(bySales.page.list.map((p) => p.productId).sort()).toEqual(plain.page.list.map((p) => p.productId).sort());
  });
});

describe('timed discounts and group buys', () => {
  it('/discount/getIndex lists one shop discount (美妆限时特惠, shop 14)', async () => {
    const z = await zone('/discount/getIndex?shopId=14&shopDiscountId=2');
    expect(z).toMatchObject({ shopId: 14, limitNumber: 3 });
    expectEndsIn(z.time, 48 * HOUR);
    expect(z.page.total).toBeGreaterThan(0);
    expect(z.page.list.every((p) => p.shopDiscountId === 2 && p.price < p.originalPrice)).toBe(true);
  });

  it('/work/getIndex lists one group buy (坚果两人团, shop 7) and the platform entry lists all shops\'', async () => {
    const z = await zone('/work/getIndex?shopId=7&shopGroupWorkId=1');
    expect(z.shopId).toBe(7);
    expect(z.page.list.every((p) => p.shopGroupWorkId === 1 && p.shopId === 7)).toBe(true);
    const all = await zone('/work/getIndex?pageSize=100');
    expect(new Set(all.page.list.map((p) => p.shopId))).toEqual(new Set([7, 15, 5]));
  });
});

describe('bad input', () => {
  it.each([
    ['/seckill/getIndex?shopSeckillId=abc', 'shopSeckillId'],
    ['/seckill/getIndex?pageSize=0', 'pageSize'],
    ['/discount/getIndex?shopDiscountId=-1', 'shopDiscountId'],
    ['/discount/getIndex?type=7', 'type'],
    ['/work/getIndex?shopGroupWorkId=x', 'shopGroupWorkId'],
    ['/work/getIndex?shopId=1.5', 'shopId'],
    ['/work/getIndex?page=0', 'page'],
  ])('%s answers 400 naming %s', async (path, field) => {
    const { status, body } = await get(path);
    expect([status, body.code]).toEqual([400, '400']);
    expect(body.message).toContain(field);
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
