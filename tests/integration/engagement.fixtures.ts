/**
 * Shared givens of the engagement suites: a shop with a product on shelf and one off shelf, registered shoppers with
 * sessions, and raw event appends (order reviews are written by a later slice, so its events are appended here).
 */
import type { ProductListed, ShopOpened } from '../../domain/catalog/catalog.events';
import type { UserRegistered } from '../../domain/identity/user.events';
import { toNewEvents } from '../../services/commands/command-events';
import type { AppendResult } from '../../services/event-store/event-store.port';
import type { TestServer } from '../support/test-server';

export interface Fact { type: string; data: unknown }

/** Appends facts to a stream as the platform would, and waits until every read model has them. */
export async function given(server: TestServer, streamId: string, facts: Fact[], at = new Date()): Promise<AppendResult> {
  const result = await server.runtime.store.appendToStream(
    streamId, toNewEvents(facts, { streamId, now: at, actor: { kind: 'platform' } }), { expectedRevision: 'any' });
  if (!(await server.runtime.projections.waitFor(result, { timeoutMs: 10000 }))) throw new Error(`read models missed ${streamId}`);
  return result;
}

export const shopOpened = (shopId: number): ShopOpened => ({
  shopId, shopName: `测试店铺${shopId}`, shopBrief: '', shopLogo: '/images/shop-logo/test.svg', shopPhone: '13800000000',
  chargePersonPhone: '13800000000', province: '浙江省', city: '杭州市', addressDetail: '文三路 1 号',
  returnPerson: '张三', returnPhone: '13800000000', returnAddress: '浙江省杭州市文三路 1 号',
});

/** A product with two SKUs: 蓝色 at 129.90 and 红色 at 139.00. */
export const productListed = (productId: number, shopId: number, productName: string): ProductListed => ({
  productId, shopId, categoryId: 1, shopClassifyId: 0, productName, productBrief: '', text: '<p>详情</p>',
  images: [`/images/product/${productId}.svg`],
  names: [{ nameCode: 'attr_code_0', skuName: '颜色', values: [
    { valueCode: 'attr_code_0_value_0', skuValue: '蓝色' }, { valueCode: 'attr_code_0_value_1', skuValue: '红色' },
  ] }],
  skus: [
    { skuId: productId * 10 + 1, valueCodes: ['attr_code_0_value_0'], price: 12990, originalPrice: 15900, stock: 10,
      weightGrams: 500, image: `/images/product/${productId}-blue.svg` },
    { skuId: productId * 10 + 2, valueCodes: ['attr_code_0_value_1'], price: 13900, originalPrice: 15900, stock: 10,
      weightGrams: 500, image: `/images/product/${productId}-red.svg` },
  ],
  logistics: { logisticsId: 1, name: '包邮', chargeType: 3, first: 0, additional: 0 },
  fictitiousSales: 0,
});

/** Opens the shop and lists the products (the last ones named in `unshelved` are taken off the shelf). */
export async function givenCatalog(server: TestServer, shopId: number, products: Array<[number, string]>, unshelved: number[] = []) {
  await given(server, `shop-${shopId}`, [{ type: 'ShopOpened', data: shopOpened(shopId) }]);
  for (const [productId, name] of products) {
    const facts: Fact[] = [{ type: 'ProductListed', data: productListed(productId, shopId, name) }];
    if (unshelved.includes(productId)) facts.push({ type: 'ProductUnshelved', data: { productId } });
    await given(server, `product-${productId}`, facts);
  }
}

export interface Shopper { userId: number; name: string; headImage: string; token: string }

/** Registers a shopper (the identity slice's event) and opens a session for them. */
export async function givenShopper(server: TestServer, userId: number, name: string): Promise<Shopper> {
  const registered: UserRegistered = {
    userId, phone: `139${String(userId).padStart(8, '0').slice(-8)}`, name, headImage: `/images/avatar/${userId}.svg`,
    registeredAt: new Date().toISOString(),
  };
  await given(server, `user-${userId}`, [{ type: 'UserRegistered', data: registered }]);
  const token = await server.runtime.sessions.create(userId, 1, new Date());
  return { userId, name, headImage: registered.headImage, token };
}

export interface Answer<T = unknown> { status: number; body: { code: string; message: string; data: T } }

/** One HTTP call: JSON body when given, the shopper's token when given. */
export async function call<T = unknown>(
  server: TestServer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: await response.json() as Answer<T>['body'] };
}
