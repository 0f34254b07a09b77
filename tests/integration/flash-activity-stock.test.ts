/**
 * A flash sale with its own activity stock (limitStock 3 of a SKU holding 10), over HTTP: eight shoppers at once make
 * exactly three orders and the rest hear 600002 活动商品已售罄 from the activity's quota stream. Once the stock read
 * model shows the sale sold out, a late shopper is refused at planning, before anything is appended; the product
 * detail and the layout's flash-sale block show what is left (limitStockNumber), so the 已抢 progress moves.
 */
import { checkoutStream } from '../../domain/checkout/checkout.events';
import { checkoutIdOf } from '../../services/checkout/checkout-ids';
import { appendCatalogEvents, ids, product, promotion, settleCheckoutFixture, sku, templates } from './checkout.fixtures';
import { line, newShopper, shopOf, until, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const PRODUCT = 770109;
const SKU = 77010901;
const SECKILL = 770204;
const LIMIT_STOCK = 3;

let server: TestServer;
let buyers: Shopper[];

const buy = (buyer: Shopper, key: string) =>
  buyer.submit({ type: 3, shopSeckillId: SECKILL, shops: [shopOf(ids.shop, [line(SKU, 1, 0)])] }, key);

async function publicGet<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`);
  const body = (await response.json()) as { code: string; data: T };
  if (body.code !== '200') throw new Error(`${path}: ${body.code}`);
  return body.data;
}

interface Detail { total: number; surplusNumber: number; skuTool?: unknown; limitStockNumber?: number }
interface Block { shopSeckillId: number; products: Array<{ skuId: number; limitNumber: number; limitStockNumber: number }> }

const detail = () => publicGet<Detail>(`/product/getById?shopId=${ids.shop}&productId=${PRODUCT}&skuId=${SKU}`);
const block = async () => (await publicGet<Block[]>(`/canvas/getPlatformSeckills?ids=${SECKILL}`))[0].products[0];

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
  const events = await appendCatalogEvents(server.runtime.store, [
    [`product-${PRODUCT}`, [{ type: 'ProductListed', data: product(PRODUCT, ids.shop, '限量秒杀杯', [sku(SKU, 8000, 10)], templates.free) }]],
    [`seckill-${SECKILL}`, [{ type: 'PromotionScheduled', data: promotion('seckill', SECKILL, ids.shop, '限量秒杀', NOW,
      { productId: PRODUCT, skuId: SKU, price: 3900, limitStock: LIMIT_STOCK }, { limitNumber: 1 }) }]],
  ], NOW);
  if (!(await server.runtime.projections.waitFor(events, { timeoutMs: 60_000 }))) throw new Error('sale not projected');
  buyers = await Promise.all(Array.from({ length: 9 }, () => newShopper(server, NOW)));
}, 300_000);
afterAll(async () => server?.stop());

describe('before anyone buys', () => {
  it('shows the whole activity stock left', async () => {
    expect(await detail()).toEqual(expect.objectContaining({ total: LIMIT_STOCK, surplusNumber: LIMIT_STOCK }));
    expect(await block()).toEqual(expect.objectContaining({ skuId: SKU, limitNumber: LIMIT_STOCK, limitStockNumber: LIMIT_STOCK }));
  });
});

describe('eight shoppers buying at once', () => {
  let codes: string[];
  beforeAll(async () => {
    const answers = await Promise.all(buyers.slice(0, 8).map((buyer, i) => buy(buyer, `limited-${i}`)));
    codes = answers.map((a) => a.body.code);
  }, 120_000);

  it('make exactly three orders; the others hear 活动商品已售罄', () => {
    expect(codes.filter((c) => c === '200')).toHaveLength(LIMIT_STOCK);
    expect(codes.filter((c) => c === '600002')).toHaveLength(8 - LIMIT_STOCK);
  });

  it('leave nothing of the activity stock in the detail and the flash-sale block', async () => {
    await until(async () => (await detail()).surplusNumber === 0);
    expect(await detail()).toEqual(expect.objectContaining({ total: LIMIT_STOCK, surplusNumber: 0 }));
    expect(await block()).toEqual(expect.objectContaining({ limitNumber: LIMIT_STOCK, limitStockNumber: 0 }));
  });
});

describe('a shopper coming after the sale sold out', () => {
  it('is refused with 600002 at planning: no checkout is recorded', async () => {
    const late = buyers[8];
    const { body } = await buy(late, 'late');
    expect(body).toMatchObject({ code: '600002', message: '活动商品已售罄' });
    const stream = checkoutStream(checkoutIdOf(late.userId, 'late'));
    expect(await server.runtime.store.readStream(stream)).toEqual([]);
  });
});
