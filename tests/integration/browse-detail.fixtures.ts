/**
 * Catalogue events the detail-slice tests append on top of the demo seed, with ids far from the seed's (88xxxx):
 * an enabled and a disabled shop, a multi-spec (颜色 × 尺码) and a single-spec (单款项) product, an unshelved one,
 * promotions around `now` (running, upcoming, ended, overlapping), and platform and shop coupons.
 */
import { randomUUID } from 'node:crypto';
import { CatalogEvents, type CatalogEventType } from '../../domain/catalog/catalog.events';
import type { EventStore, RecordedEvent } from '../../services/event-store/event-store.port';
import type { TestServer } from '../support/test-server';

export const ids = {
  shop: 880001, disabledShop: 880002, category: 880013,
  multi: 880101, single: 880102, unshelved: 880103, inDisabledShop: 880104, similarA: 880105, similarB: 880106,
  sku: { red_s: 88010101, red_m: 88010102, black_s: 88010103, black_m: 88010104, single: 88010201 },
  seckill: 880201, upcomingDiscount: 880202, groupWork: 880203, overlappedSeckill: 880204, endedSeckill: 880205,
  disabledShopSeckill: 880206,
  coupon: { scarce: 880301, onlySingle: 880302, notStarted: 880303, expired: 880304, twice: 880305 },
  shopCoupon: { discount: 880401, otherShop: 880402 },
} as const;

const HOUR = 3600_000;
const at = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** Seller HTML with a script, a handler and a javascript: link (the detail must answer it sanitised). */
export const DIRTY_TEXT = '<h3>规格参数</h3><p onclick="steal()">纯棉<script>alert(1)</script></p>'
  + '<a href="javascript:alert(2)">点我</a><img src="/images/product/t.svg" onerror="x()">';

type Event = { type: CatalogEventType; data: Record<string, unknown> };

async function append(store: EventStore, streamId: string, events: Event[], occurredAt: string): Promise<RecordedEvent[]> {
  const result = await store.appendToStream(streamId, events.map((e) => ({
    type: e.type,
    // a fixture the projections could not parse would stall them: check it against the event schema first
    data: CatalogEvents[e.type].parse(e.data),
    metadata: { eventId: randomUUID(), actor: { kind: 'platform' as const }, occurredAt, schemaVersion: 1 },
  })));
  return result.events;
}

const shop = (shopId: number, shopName: string) => ({
  shopId, shopName, shopBrief: '测试店铺', shopLogo: `/images/shop-logo/${shopId}.svg`, shopPhone: '02088886666',
  chargePersonPhone: '13800000000', province: '广东省', city: '广州市', addressDetail: '天河路1号',
  returnPerson: '张三', returnPhone: '13800000001', returnAddress: '广东省广州市天河路1号',
});

const logistics = { logisticsId: 880501, name: '全国包邮', chargeType: 3, first: 0, additional: 0 };
const sku = (skuId: number, valueCodes: string[], price: number, stock: number) =>
  ({ skuId, valueCodes, price, originalPrice: price + 5000, stock, weightGrams: 300, image: `/images/product/${skuId}.svg` });

const product = (productId: number, shopId: number, name: string, extra: Record<string, unknown>) => ({
  productId, shopId, categoryId: ids.category, shopClassifyId: 0, productName: name, productBrief: `${name}简介`,
  text: '<p>详情</p>', images: [`/images/product/${productId}-1.svg`, `/images/product/${productId}-2.svg`],
  names: [], skus: [sku(productId * 100 + 1, [], 3900, 10)], logistics, fictitiousSales: 0, ...extra,
});

const multiSpec = product(ids.multi, ids.shop, '纯棉圆领T恤', {
  text: DIRTY_TEXT,
  fictitiousSales: 120,
  names: [
    { nameCode: 'attr_code_0', skuName: '颜色', values: [
      { valueCode: 'attr_code_0_value_0', skuValue: '红色' }, { valueCode: 'attr_code_0_value_1', skuValue: '黑色' }] },
    { nameCode: 'attr_code_1', skuName: '尺码', values: [
      { valueCode: 'attr_code_1_value_0', skuValue: 'S' }, { valueCode: 'attr_code_1_value_1', skuValue: 'M' }] },
  ],
  skus: [
    sku(ids.sku.red_s, ['attr_code_0_value_0', 'attr_code_1_value_0'], 15900, 30),
    sku(ids.sku.red_m, ['attr_code_0_value_0', 'attr_code_1_value_1'], 16900, 0),
    sku(ids.sku.black_s, ['attr_code_0_value_1', 'attr_code_1_value_0'], 15900, 12),
    sku(ids.sku.black_m, ['attr_code_0_value_1', 'attr_code_1_value_1'], 16900, 8),
  ],
});

const promotion = (kind: string, activityId: number, shopId: number, name: string, start: string, end: string,
  items: Array<{ skuId: number; price: number; limitStock: number; productId?: number }>, productId: number = ids.multi) => ({
  kind, activityId, shopId, activityName: name, startTime: start, endTime: end, limitNumber: 2,
  person: kind === 'group-work' ? 3 : 0, effectiveHours: kind === 'group-work' ? 24 : 0, ifAdd: 1,
  items: items.map((item) => ({ productId, ...item })),
});

const coupon = (fields: Record<string, unknown>) => ({
  couponId: 0, shopCouponId: 0, shopId: 0, activityName: '平台满减券', couponType: 1, threshold: 10000, reduceMoney: 1000,
  discountTenths: 0, productIds: [], ifAdd: 1, stock: 100, perUserLimit: 1, ...fields,
});

/** Appends the fixture and answers every recorded event (to wait for the projections). */
export async function appendDetailFixture(store: EventStore, now: Date): Promise<RecordedEvent[]> {
  const t = now.toISOString();
  const window = { startTime: at(now, -24 * HOUR), endTime: at(now, 30 * 24 * HOUR) };
  const out: RecordedEvent[] = [];
  const add = async (stream: string, events: Event[]) => { out.push(...await append(store, stream, events, t)); };
  await add(`category-${ids.category}`, [{ type: 'CategoryDefined', data: {
    categoryId: ids.category, parentId: 0, level: 3, name: '测试T恤', image: '/images/category/t.svg', sort: 1 } }]);
  await add(`shop-${ids.shop}`, [{ type: 'ShopOpened', data: shop(ids.shop, '测试服饰旗舰店') }]);
  await add(`shop-${ids.disabledShop}`, [{ type: 'ShopOpened', data: shop(ids.disabledShop, '停用的店') }]);
  await add(`product-${ids.multi}`, [{ type: 'ProductListed', data: multiSpec }]);
  await add(`product-${ids.single}`, [{ type: 'ProductListed', data: product(ids.single, ids.shop, '保温杯', {
    skus: [sku(ids.sku.single, [], 5900, 40)], fictitiousSales: 300 }) }]);
  await add(`product-${ids.unshelved}`, [
    { type: 'ProductListed', data: product(ids.unshelved, ids.shop, '下架的商品', {}) },
    { type: 'ProductUnshelved', data: { productId: ids.unshelved } }]);
  await add(`product-${ids.inDisabledShop}`, [{ type: 'ProductListed', data: product(ids.inDisabledShop, ids.disabledShop, '停用店的商品', {}) }]);
  await add(`product-${ids.similarA}`, [{ type: 'ProductListed', data: product(ids.similarA, ids.shop, '同类A', { fictitiousSales: 50 }) }]);
  await add(`product-${ids.similarB}`, [{ type: 'ProductListed', data: product(ids.similarB, ids.disabledShop, '同类B', { fictitiousSales: 999 }) }]);
  await add(`shop-${ids.disabledShop}`, [{ type: 'ShopDisabled', data: { shopId: ids.disabledShop } }]);

  const promotions = [
    promotion('seckill', ids.seckill, ids.shop, '整点秒杀', at(now, -HOUR), at(now, 2 * HOUR), [{ skuId: ids.sku.red_s, price: 9900, limitStock: 50 }]),
    promotion('discount', ids.upcomingDiscount, ids.shop, '限时折扣', at(now, 2 * HOUR), at(now, 24 * HOUR), [{ skuId: ids.sku.red_m, price: 12000, limitStock: 20 }]),
    promotion('group-work', ids.groupWork, ids.shop, '三人拼团', at(now, -HOUR), at(now, 48 * HOUR), [{ skuId: ids.sku.black_s, price: 8800, limitStock: 0 }]),
    promotion('seckill', ids.overlappedSeckill, ids.shop, '又一个秒杀', at(now, -HOUR), at(now, 3 * HOUR), [
      { skuId: ids.sku.black_s, price: 7700, limitStock: 5 }, { skuId: ids.sku.single, price: 4900, limitStock: 10, productId: ids.single }]),
    promotion('seckill', ids.endedSeckill, ids.shop, '已结束秒杀', at(now, -5 * HOUR), at(now, -HOUR), [{ skuId: ids.sku.black_m, price: 100, limitStock: 5 }]),
    promotion('seckill', ids.disabledShopSeckill, ids.disabledShop, '停用店秒杀', at(now, -HOUR), at(now, 2 * HOUR), [
      { skuId: ids.inDisabledShop * 100 + 1, price: 100, limitStock: 5 }], ids.inDisabledShop),
  ];
  for (const p of promotions) await add(`${p.kind}-${p.activityId}`, [{ type: 'PromotionScheduled', data: p }]);

  const coupons = [
    coupon({ couponId: ids.coupon.scarce, activityName: '限量五张', stock: 5, threshold: 0, reduceMoney: 500, ...window }),
    coupon({ couponId: ids.coupon.onlySingle, activityName: '保温杯专享', productIds: [ids.single], ...window }),
    coupon({ couponId: ids.coupon.notStarted, activityName: '明日开抢', startTime: at(now, 24 * HOUR), endTime: at(now, 48 * HOUR) }),
    coupon({ couponId: ids.coupon.expired, activityName: '已过期', startTime: at(now, -48 * HOUR), endTime: at(now, -HOUR) }),
    coupon({ couponId: ids.coupon.twice, activityName: '每人两张', perUserLimit: 2, ...window }),
    coupon({ shopCouponId: ids.shopCoupon.discount, shopId: ids.shop, activityName: '店铺九折券', couponType: 2, threshold: 20000,
      reduceMoney: 0, discountTenths: 90, ifAdd: 0, perUserLimit: 2, ...window }),
    coupon({ shopCouponId: ids.shopCoupon.otherShop, shopId: ids.disabledShop, activityName: '别家店铺券', ...window }),
  ];
  for (const c of coupons) {
    const stream = c.couponId ? `coupon-${c.couponId}` : `shop-coupon-${c.shopCouponId}`;
    await add(stream, [{ type: 'CouponIssued', data: c }]);
  }
  return out;
}

export interface Envelope { code: string; message: string; data: unknown }

/** Appends the fixture and waits until the read models have it; says which projection lags when they do not. */
export async function settleDetailFixture(server: TestServer, now: Date): Promise<void> {
  const events = await appendDetailFixture(server.runtime.store, now);
  if (await server.runtime.projections.waitFor(events, { timeoutMs: 60000 })) return;
  const lagging = (await server.runtime.projections.status()).filter((p) => p.lag !== 0 || p.lastError);
  throw new Error(`fixture not projected within 60 s: ${JSON.stringify(lagging, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`);
}

/** Fetch helpers over the test server; `data` is parsed by the tests with the contract's schemas. */
export function client(url: string) {
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Envelope };
  };
  return {
    get: (path: string, token?: string) => call('GET', path, token),
    post: (path: string, body: unknown, token?: string) => call('POST', path, token, body),
    put: (path: string, body: unknown, token?: string) => call('PUT', path, token, body),
  };
}
