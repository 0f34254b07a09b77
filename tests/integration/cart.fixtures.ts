/**
 * Catalogue events the cart suites append on top of the demo seed, with ids far from the others' (77xxxx): two shops
 * and a third to disable, a multi-spec product with a sold-out SKU, a single-style product, a product to unshelve,
 * and helpers for tokens, HTTP calls and orders placed straight on their streams (for 再次购买).
 */
import { randomUUID } from 'node:crypto';
import { CatalogEvents, type CatalogEventType } from '../../domain/catalog/catalog.events';
import { orderDecider } from '../../domain/order/order.decider';
import type { OrderCommand } from '../../domain/order/order.commands';
import { handleCommand } from '../../services/commands/handle-command';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { TestServer } from '../support/test-server';

export const ids = {
  shopA: 770001, shopB: 770002, shopC: 770003,
  tee: 770101, cup: 770102, lamp: 770103, pen: 770104, mug: 770105,
  sku: { teeRed: 77010101, teeBlack: 77010102, cup: 77010201, lamp: 77010301, pen: 77010401, mug: 77010501 },
} as const;

type Event = { type: CatalogEventType; data: Record<string, unknown> };

const shop = (shopId: number, shopName: string) => ({
  shopId, shopName, shopBrief: '购物车测试店铺', shopLogo: `/images/shop-logo/${shopId}.svg`, shopPhone: '02088886666',
  chargePersonPhone: '13800000000', province: '湖北省', city: '武汉市', addressDetail: '中北路1号',
  returnPerson: '张三', returnPhone: '13800000001', returnAddress: '湖北省武汉市中北路1号',
});
const sku = (skuId: number, valueCodes: string[], price: number, stock: number) =>
  ({ skuId, valueCodes, price, originalPrice: price + 1000, stock, weightGrams: 300, image: `/images/product/${skuId}.svg` });
const product = (productId: number, shopId: number, productName: string, skus: ReturnType<typeof sku>[], names: unknown[] = []) => ({
  productId, shopId, categoryId: 770901, shopClassifyId: 0, productName, productBrief: `${productName}简介`, text: '<p>详情</p>',
  images: [`/images/product/${productId}-1.svg`], names, skus,
  logistics: { logisticsId: 770501, name: '全国包邮', chargeType: 3, first: 0, additional: 0 }, fictitiousSales: 0,
});

const colours = [{ nameCode: 'attr_code_0', skuName: '颜色', values: [
  { valueCode: 'attr_code_0_value_0', skuValue: '红色' }, { valueCode: 'attr_code_0_value_1', skuValue: '黑色' }] }];

async function append(server: TestServer, streamId: string, events: Event[]): Promise<RecordedEvent[]> {
  const result = await server.runtime.store.appendToStream(streamId, events.map((e) => ({
    type: e.type,
    data: CatalogEvents[e.type].parse(e.data),
    metadata: { eventId: randomUUID(), actor: { kind: 'platform' as const }, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  })));
  return result.events;
}

/** Appends events and waits until every projection handling them has them. */
export async function settle(server: TestServer, streamId: string, events: Event[]): Promise<void> {
  const recorded = await append(server, streamId, events);
  if (!(await server.runtime.projections.waitFor(recorded, { timeoutMs: 60000 }))) throw new Error(`projections lag behind ${streamId}`);
}

export async function settleCartCatalogue(server: TestServer): Promise<void> {
  await settle(server, `shop-${ids.shopA}`, [{ type: 'ShopOpened', data: shop(ids.shopA, '甲店') }]);
  await settle(server, `shop-${ids.shopB}`, [{ type: 'ShopOpened', data: shop(ids.shopB, '乙店') }]);
  await settle(server, `shop-${ids.shopC}`, [{ type: 'ShopOpened', data: shop(ids.shopC, '丙店') }]);
  await settle(server, `product-${ids.tee}`, [{ type: 'ProductListed', data: product(ids.tee, ids.shopA, '纯棉T恤', [
    sku(ids.sku.teeRed, ['attr_code_0_value_0'], 5900, 5), sku(ids.sku.teeBlack, ['attr_code_0_value_1'], 6900, 0)], colours) }]);
  await settle(server, `product-${ids.cup}`, [{ type: 'ProductListed', data: product(ids.cup, ids.shopA, '保温杯', [sku(ids.sku.cup, [], 12850, 100)]) }]);
  await settle(server, `product-${ids.lamp}`, [{ type: 'ProductListed', data: product(ids.lamp, ids.shopB, '台灯', [sku(ids.sku.lamp, [], 9900, 3)]) }]);
  await settle(server, `product-${ids.pen}`, [{ type: 'ProductListed', data: product(ids.pen, ids.shopB, '钢笔', [sku(ids.sku.pen, [], 2500, 10)]) }]);
  await settle(server, `product-${ids.mug}`, [{ type: 'ProductListed', data: product(ids.mug, ids.shopC, '马克杯', [sku(ids.sku.mug, [], 3900, 10)]) }]);
}

export interface Envelope<T = unknown> { code: string; message: string; data: T }

/** HTTP calls as one shopper (or anonymous without a token). */
export function shopper(server: TestServer, token: string | null) {
  const call = async <T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  };
  return {
    call,
    get: <T = unknown>(path: string) => call<T>('GET', path),
    post: <T = unknown>(path: string, body?: unknown) => call<T>('POST', path, body),
    put: <T = unknown>(path: string, body?: unknown) => call<T>('PUT', path, body),
    del: <T = unknown>(path: string, body?: unknown) => call<T>('DELETE', path, body),
  };
}

export const tokenFor = (server: TestServer, userId: number): Promise<string> => server.runtime.sessions.create(userId, 1, new Date());

/** Places an order for `userId` straight on its stream, then runs the given commands on it (CancelOrder → state 5). */
export async function placeOrder(server: TestServer, input: {
  orderId: number; userId: number; lines: Array<{ skuId: number; productId: number; number: number }>;
  shopSeckillId?: number; then?: OrderCommand[];
}): Promise<void> {
  const store = server.runtime.store;
  const streamId = `order-${input.orderId}`;
  const run = (command: OrderCommand) => handleCommand({
    store, streamId, decider: orderDecider, command, now: new Date(), actor: { kind: 'user', id: String(input.userId) },
  });
  await run({ type: 'PlaceOrder', data: {
    orderId: input.orderId, orderFormid: String(input.orderId).padStart(15, '1'), userId: input.userId, shopId: ids.shopA,
    lines: input.lines.map((l) => ({ ...l, productName: '商品', image: '/images/x.svg', values: [], price: 100, discount: 0 })),
    logisticsPrice: 0, platformCouponId: null, shopCouponId: null,
    receive: { receiveName: '张三', receivePhone: '13800138000', receiveAdress: '湖北省-武汉市-武昌区', address: '中北路1号' },
    remark: '', paymentMode: 1, shopGroupWorkId: null, shopSeckillId: input.shopSeckillId ?? null, shopDiscountId: null, collageId: 0,
  } });
  for (const command of input.then ?? []) await run(command);
}
