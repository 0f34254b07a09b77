/**
 * For the after-sale tests: a storefront server on PGlite or PostgreSQL under a controllable clock, orders placed,
 * paid on the sandbox and shipped through the real deciders, and the shopper's and merchant's after-sale calls.
 */
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { startTestServer, type TestServer } from '../support/test-server';
import { call, line, openShop, payOrder, placeOrder, shipDirectly, tokenFor } from './orders.support';
import { uploadedPicture } from './uploads.support';

export const DAY = 24 * 60 * 60 * 1000;
export const SHOP = 9001;

export interface AfterSaleWorld {
  server: TestServer;
  now: Date;
  advance(ms: number): void;
  stop(): Promise<void>;
}

export type Backend = 'pglite' | 'postgres';

/** The backends this run has: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.DATABASE_URL) console.log('after-sale suites: DATABASE_URL not set, PostgreSQL runs skipped (PGlite only)');

export async function openWorld(backend: Backend, label: string): Promise<AfterSaleWorld> {
  let pg: FreshPostgres | null = null;
  if (backend === 'postgres') pg = await freshPostgres(label);
  const world = { now: new Date('2025-06-01T02:00:00.000Z') } as AfterSaleWorld;
  const server = await startTestServer({ web: false, clock: () => world.now, databaseUrl: pg?.url });
  await openShop(server, SHOP, '山野户外旗舰店');
  world.server = server;
  world.advance = (ms) => { world.now = new Date(world.now.getTime() + ms); };
  world.stop = async () => {
    await server.stop();
    await pg?.drop();
  };
  return world;
}

/** Order `orderId` of `userId`: two lines (sku 11 ×2 at 299.00, sku 12 ×1 at 59.00), shipping 10.00, paid, shipped. */
export async function shippedOrder(world: AfterSaleWorld, orderId: number, userId: number, shipped = true): Promise<string> {
  await placeOrder(world.server, orderId, {
    userId, lines: [line(11, '轻薄透气网面跑步鞋', 29900, 2), line(12, '速干运动袜', 5900, 1)], logisticsPrice: 1000,
  });
  const paymentId = await payOrder(world.server, orderId);
  if (shipped) await shipDirectly(world.server, orderId);
  return paymentId;
}

export const shopper = (world: AfterSaleWorld, userId: number) => tokenFor(world.server, userId);

export interface SubmitAnswer { afterId: number; orderId: number; afterState: number; afterFormid: string; price: number }

export const submit = (world: AfterSaleWorld, token: string, body: unknown) =>
  call<SubmitAnswer>(world.server, 'POST', '/api/after/submit', { token, body });

export const merchant = (world: AfterSaleWorld, afterId: number, verb: string, body: unknown = {}) =>
  call<{ afterId: number; afterState: number }>(world.server, 'POST', `/internal/after-sales/${afterId}/${verb}`, { body, ops: true });

export interface Detail {
  afterId: number; afterState: number; afterType: number; price: number; time: number; orderState: number; reason: string;
  returnAdress: string; returnPerson: string; returnPhone: string; express: number; deliverFormid: string;
  image: string; images: string[]; skus: Array<{ skuId: number; number: number; productName: string; refundPrice: number }>;
  afterHistory: Array<{ title: string; reason: string; name: string; time: string; image: string; images: string[] }>;
  [key: string]: unknown;
}

export const detail = async (world: AfterSaleWorld, token: string, afterId: number) =>
  (await call<Detail>(world.server, 'GET', `/api/after/getById?afterId=${afterId}`, { token })).body;

export interface OrderDetail { state: number; time: number; ifAfter: number; skus: Array<{ skuId: number; afterState: number; ifAfter: number }> }

export const orderDetail = async (world: AfterSaleWorld, token: string, orderId: number) =>
  (await call<OrderDetail>(world.server, 'GET', `/api/order/getById?orderId=${orderId}`, { token })).body.data;

export const streamTypes = async (world: AfterSaleWorld, streamId: string) =>
  (await world.server.runtime.store.readStream(streamId)).map((e) => e.type);

export const refundOnly = (orderId: number, skus = [{ skuId: 11, number: 2 }], extra: Record<string, unknown> = {}) => ({
  orderId, afterType: 1, goodsState: 1, returnReason: '多拍/拍错/不想要', explain: '尺码不合适', image: '', skus, ...extra,
});

/** Proof pictures the server issued (POST /api/file/upload), as the web's picker sends them. */
export const pictures = async (world: AfterSaleWorld, token: string, kinds: Array<'png' | 'jpg'> = ['png', 'jpg']): Promise<string[]> =>
  Promise.all(kinds.map((kind) => uploadedPicture(world.server, token, kind)));
