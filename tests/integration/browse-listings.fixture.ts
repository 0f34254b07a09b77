/**
 * Catalogue events for the listings tests, appended straight to the store of a test server (as the seed or the
 * ops CLI would), then awaited in the read model. Ids from 900000 up, so they never meet the demo seed's.
 */
import { randomUUID } from 'node:crypto';
import type {
  CanvasPublished, CategoryDefined, ProductListed, ShopOpened,
} from '../../domain/catalog/catalog.events';
import { OrderPaid, OrderPlaced } from '../../domain/order/order.events';
import type { TestServer } from '../support/test-server';

export interface Appender { append(stream: string, type: string, data: unknown, occurredAt?: string): Promise<void> }

export function appenderFor(server: TestServer): Appender {
  return {
    async append(stream, type, data, occurredAt = new Date().toISOString()) {
      const result = await server.runtime.store.appendToStream(stream, [{
        type, data, metadata: { eventId: randomUUID(), actor: { kind: 'platform' }, occurredAt, schemaVersion: 1 },
      }], { expectedRevision: 'any' });
      if (!(await server.runtime.projections.waitFor(result, { timeoutMs: 10000 }))) {
        throw new Error(`read model did not reach ${type} on ${stream}`);
      }
    },
  };
}

export const category = (categoryId: number, parentId: number, level: 1 | 2 | 3, name: string): CategoryDefined => ({
  categoryId, parentId, level, name, image: `https://img.test/category/${categoryId}.jpg`, sort: categoryId % 100,
});

export const shop = (shopId: number, shopName: string, extra: Partial<ShopOpened> = {}): ShopOpened => ({
  shopId, shopName, shopBrief: `${shopName}的简介`, shopLogo: `https://img.test/shop/${shopId}.png`, shopPhone: '0755-1234567',
  chargePersonPhone: '13800000000', province: '广东省', city: '深圳市', addressDetail: '南山区科技园',
  returnPerson: '王五', returnPhone: '13900000000', returnAddress: '广东省深圳市南山区科技园1号', ...extra,
});

export interface ProductSpec {
  productId: number; shopId: number; categoryId: number; name: string; brief?: string;
  /** fen of each SKU, first is the list price */
  prices: number[]; fictitiousSales?: number; shopClassifyId?: number;
}

export function product(spec: ProductSpec): ProductListed {
  const multi = spec.prices.length > 1;
  const colours = ['蓝色', '红色', '黑色', '白色'];
  return {
    productId: spec.productId,
    shopId: spec.shopId,
    categoryId: spec.categoryId,
    shopClassifyId: spec.shopClassifyId ?? 0,
    productName: spec.name,
    productBrief: spec.brief ?? '',
    text: '<p>详情</p>',
    images: [`https://img.test/product/${spec.productId}-1.jpg`, `https://img.test/product/${spec.productId}-2.jpg`],
    names: multi ? [{
      nameCode: 'attr_code_0', skuName: '颜色',
      values: spec.prices.map((_, i) => ({ valueCode: `attr_code_0_value_${i}`, skuValue: colours[i % colours.length] })),
    }] : [],
    skus: spec.prices.map((price, i) => ({
      skuId: spec.productId * 10 + i,
      valueCodes: multi ? [`attr_code_0_value_${i}`] : [],
      price,
      originalPrice: price + 1000,
      stock: 100,
      weightGrams: 500,
      image: `https://img.test/sku/${spec.productId * 10 + i}.jpg`,
    })),
    logistics: { logisticsId: 1, name: '全国包邮', chargeType: 3, first: 0, additional: 0 },
    fictitiousSales: spec.fictitiousSales ?? 0,
  };
}

export const canvas = (canvasId: number, type: 1 | 2 | 3, shopId: number, customId: number, json: unknown[]): CanvasPublished => ({
  canvasId, terminal: 4, type, shopId, customId, name: `页面${canvasId}`, json: JSON.stringify(json),
});

/** Waits until the demo seed reached the catalog read model (it may hold no catalogue yet: then nothing to wait for). */
export async function settleSeed(server: TestServer): Promise<void> {
  const head = await server.runtime.store.headPosition();
  if (!head) return;
  const all = await server.runtime.store.readAll({ limit: 100000 });
  await server.runtime.projections.waitFor(all.filter((e) => e.type === 'ProductListed' || e.type === 'CanvasPublished'),
    { timeoutMs: 30000 });
}

/** Ids of the listings fixture: two enabled shops and one that gets disabled, a 3-level tree defined leaf first. */
export const ids = {
  digital: 900001, phones: 900002, smartPhones: 900003, seniorPhones: 900004, fruit: 900005, freshFruit: 900006, mango: 900007,
  flagship: 900101, orchard: 900102, closed: 900103,
  proPhone: 900201, litePhone: 900202, seniorPhone: 900203, mangoBox: 900204, apple: 900205, closedPhone: 900206, phoneCase: 900207,
  phoneTab: 900401, accessoryTab: 900402, orchardTab: 900403,
} as const;

const MINUTE = 60_000;

/** Appends the fixture in listing order (one minute apart, oldest first), then pays one order of 3 Lite phones. */
export async function seedListings(a: Appender): Promise<void> {
  const start = Date.now() - 60 * MINUTE;
  let tick = 0;
  const at = () => new Date(start + (tick += 1) * MINUTE).toISOString();
  // the leaf comes before its ancestors: products learn their level-1/2 ids when the ancestors arrive
  await a.append(`category-${ids.smartPhones}`, 'CategoryDefined', category(ids.smartPhones, ids.phones, 3, '琉璃智能手机'), at());
  for (const [stream, type, data] of [
    [`shop-${ids.flagship}`, 'ShopOpened', shop(ids.flagship, '琉璃数码旗舰店')],
    [`shop-${ids.orchard}`, 'ShopOpened', shop(ids.orchard, '琉璃果园', { province: '海南省', city: '三亚市' })],
    [`shop-${ids.closed}`, 'ShopOpened', shop(ids.closed, '琉璃停业店')],
    [`shop-${ids.flagship}`, 'ShopClassifyDefined', { shopId: ids.flagship, classifyId: ids.accessoryTab, classifyName: '配件', sort: 2 }],
    [`shop-${ids.flagship}`, 'ShopClassifyDefined', { shopId: ids.flagship, classifyId: ids.phoneTab, classifyName: '手机', sort: 1 }],
    [`shop-${ids.orchard}`, 'ShopClassifyDefined', { shopId: ids.orchard, classifyId: ids.orchardTab, classifyName: '鲜果', sort: 1 }],
    [`product-${ids.proPhone}`, 'ProductListed', product({ productId: ids.proPhone, shopId: ids.flagship, categoryId: ids.smartPhones,
      name: '琉璃手机 Pro 256G', brief: '旗舰影像', prices: [399900, 429900], fictitiousSales: 50, shopClassifyId: ids.phoneTab })],
    [`product-${ids.litePhone}`, 'ProductListed', product({ productId: ids.litePhone, shopId: ids.flagship, categoryId: ids.smartPhones,
      name: '琉璃手机 Lite', brief: '轻薄长续航', prices: [159900], fictitiousSales: 300, shopClassifyId: ids.phoneTab })],
    [`product-${ids.seniorPhone}`, 'ProductListed', product({ productId: ids.seniorPhone, shopId: ids.flagship, categoryId: ids.seniorPhones,
      name: '琉璃老人手机', brief: '大字大声', prices: [19900], fictitiousSales: 10, shopClassifyId: ids.phoneTab })],
    [`product-${ids.mangoBox}`, 'ProductListed', product({ productId: ids.mangoBox, shopId: ids.orchard, categoryId: ids.mango,
      name: '琉璃芒果 5斤装', brief: '新鲜水果 100%_纯甜', prices: [2500], fictitiousSales: 1000, shopClassifyId: ids.orchardTab })],
    [`product-${ids.apple}`, 'ProductListed', product({ productId: ids.apple, shopId: ids.orchard, categoryId: ids.mango,
      name: '琉璃苹果', prices: [1500, 2000] })],
    [`product-${ids.closedPhone}`, 'ProductListed', product({ productId: ids.closedPhone, shopId: ids.closed, categoryId: ids.smartPhones,
      name: '琉璃手机 停业款', prices: [99900] })],
    [`product-${ids.phoneCase}`, 'ProductListed', product({ productId: ids.phoneCase, shopId: ids.flagship, categoryId: ids.smartPhones,
      name: '琉璃手机壳 100%_硅胶', prices: [990], fictitiousSales: 5, shopClassifyId: ids.accessoryTab })],
    [`product-${ids.apple}`, 'ProductUnshelved', { productId: ids.apple }],
    [`shop-${ids.closed}`, 'ShopDisabled', { shopId: ids.closed }],
    [`category-${ids.phones}`, 'CategoryDefined', category(ids.phones, ids.digital, 2, '琉璃手机通讯')],
    [`category-${ids.digital}`, 'CategoryDefined', category(ids.digital, 0, 1, '琉璃数码')],
    [`category-${ids.seniorPhones}`, 'CategoryDefined', category(ids.seniorPhones, ids.phones, 3, '琉璃老人机')],
    [`category-${ids.fruit}`, 'CategoryDefined', category(ids.fruit, 0, 1, '琉璃水果')],
    [`category-${ids.freshFruit}`, 'CategoryDefined', category(ids.freshFruit, ids.fruit, 2, '琉璃鲜果')],
    [`category-${ids.mango}`, 'CategoryDefined', category(ids.mango, ids.freshFruit, 3, '琉璃芒果')],
  ] as const) await a.append(stream, type, data, at());
  const placedAt = at();
  await a.append('order-900301', 'OrderPlaced', paidOrderOfLitePhones(placedAt).placed, placedAt);
  await a.append('order-900301', 'OrderPaid', paidOrderOfLitePhones(placedAt).paid, at());
}

/** A valid order (as the order slice records it) of 3 Lite phones, and its payment. */
function paidOrderOfLitePhones(placedAt: string) {
  const line = { skuId: ids.litePhone * 10, productId: ids.litePhone, productName: '琉璃手机 Lite', image: 'https://img.test/p.jpg',
    values: [], number: 3, price: 159900, discount: 0 };
  const placed = OrderPlaced.shape.data.parse({
    orderId: 900301, orderFormid: '202401010000001', userId: 900901, shopId: ids.flagship, lines: [line],
    orderPrice: 479700, logisticsPrice: 0, discountPrice: 0, price: 479700, platformCouponId: null, shopCouponId: null,
    receive: { receiveName: '张三', receivePhone: '13800000000', receiveAdress: '广东省-深圳市-南山区', address: '科技园1号' },
    remark: '', paymentMode: 1, shopGroupWorkId: null, shopSeckillId: null, shopDiscountId: null, collageId: 0,
    placedAt, paymentDeadline: new Date(Date.parse(placedAt) + 3600_000).toISOString(),
  });
  const paid = OrderPaid.shape.data.parse({
    paymentId: 'pay-900301', transactionId: 'wx-900301', amount: 479700, paidAt: placedAt, intoFormingGroup: false,
  });
  return { placed, paid };
}
