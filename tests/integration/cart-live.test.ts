/**
 * The cart beyond single requests: the count pushed on the shopper's websocket channel after every change, adds racing
 * on one cart (none lost), 再次购买 from the shopper's own orders (spec §4 rules), and the checkout's removal of the
 * checked-out lines (idempotent per order).
 */
import WebSocket from 'ws';
import { cartStream } from '../../domain/cart/cart.events';
import { removeCheckedOutLines } from '../../services/api/cart/cart.module';
import { comparePositions, parsePosition } from '../../services/event-store/event-store.port';
import { startTestServer, type TestServer } from '../support/test-server';
import { ids, placeOrder, settleCartCatalogue, shopper, tokenFor } from './cart.fixtures';

type Message = { op: string; channel?: string; position?: string | null; payload?: { cartNumber: number }; userId?: number };
interface ShopCart { shopId: number; skus: Array<{ skuId: number; number: number; selected: number }> }

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  await settleCartCatalogue(server);
}, 120_000);
afterAll(async () => server?.stop());

const cartDeps = () => ({ store: server.runtime.store, waitFor: server.runtime.projections.waitFor, clock: server.runtime.clock });
const lines = async (api: ReturnType<typeof shopper>) =>
  ((await api.get<ShopCart[]>('/cart/getCart')).body.data).flatMap((s) => s.skus.map((k) => [k.skuId, k.number, k.selected]));

async function listen(token: string, channel: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`);
  const messages: Message[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
  await new Promise((resolve, reject) => { ws.on('open', resolve); ws.on('error', reject); });
  const next = async (predicate: (m: Message) => boolean) => {
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const found = messages.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    return null;
  };
  await next((m) => m.op === 'ready');
  ws.send(JSON.stringify({ op: 'subscribe', channel }));
  await next((m) => m.op === 'subscribed' || m.op === 'error');
  return { ws, messages, next };
}

describe('a shopper listening on their user channel', () => {
  it('gets the cart count after an add and after a delete, with increasing positions', async () => {
    const token = await tokenFor(server, 201);
    const api = shopper(server, token);
    const { ws, messages, next } = await listen(token, 'user:201');
    await api.post('/cart/addCart', { skuId: ids.sku.cup, number: 1 });
    await api.post('/cart/addCart', { skuId: ids.sku.lamp, number: 1 });
    await api.del('/cart/delete', { ids: [ids.sku.cup] });
    await next(() => messages.filter((m) => m.op === 'event').length >= 3);
    const pushes = messages.filter((m) => m.op === 'event');
    expect(pushes.map((m) => [m.channel, m.payload])).toEqual([
      ['user:201', { cartNumber: 1 }], ['user:201', { cartNumber: 2 }], ['user:201', { cartNumber: 1 }],
    ]);
    const positions = pushes.map((m) => parsePosition(String(m.position)));
    expect(comparePositions(positions[0], positions[1])).toBe(-1);
    expect(comparePositions(positions[1], positions[2])).toBe(-1);
    ws.close();
  });

  it('gets no push for a request that changed nothing', async () => {
    const token = await tokenFor(server, 202);
    const { ws, messages } = await listen(token, 'user:202');
    await shopper(server, token).del('/cart/deleteAll');
    await new Promise((r) => setTimeout(r, 300));
    expect(messages.filter((m) => m.op === 'event')).toEqual([]);
    ws.close();
  });

  it('may not listen to another shopper\'s channel', async () => {
    const { ws, messages } = await listen(await tokenFor(server, 203), 'user:201');
    expect(messages.at(-1)).toEqual(expect.objectContaining({ op: 'error', code: '403' }));
    ws.close();
  });
});

describe('adds racing on one cart', () => {
  it('loses none: twelve adds of one unit make twelve', async () => {
    const api = shopper(server, await tokenFor(server, 204));
    const answers = await Promise.all(Array.from({ length: 12 }, () => api.post('/cart/addCart', { skuId: ids.sku.cup, number: 1 })));
    expect(answers.map((a) => a.body.code)).toEqual(Array(12).fill('200'));
    expect(await lines(api)).toEqual([[ids.sku.cup, 12, 1]]);
    expect(await server.runtime.store.readStream(cartStream(204))).toHaveLength(12);
  });
});

describe('buying an order again', () => {
  const userId = 205;
  let api: ReturnType<typeof shopper>;
  beforeAll(async () => {
    api = shopper(server, await tokenFor(server, userId));
    const orderLines = [{ skuId: ids.sku.teeRed, productId: ids.tee, number: 2 }, { skuId: ids.sku.teeBlack, productId: ids.tee, number: 1 }];
    await placeOrder(server, { orderId: 7700901, userId, lines: orderLines, then: [{ type: 'CancelOrder', data: {} }] });
    await placeOrder(server, { orderId: 7700902, userId, lines: orderLines, shopSeckillId: 5, then: [{ type: 'CancelOrder', data: {} }] });
    await placeOrder(server, { orderId: 7700903, userId, lines: orderLines });
    await placeOrder(server, { orderId: 7700904, userId: 299, lines: orderLines, then: [{ type: 'CancelOrder', data: {} }] });
  });

  it('re-adds the lines still on sale and in stock, selected, and leaves the sold-out one out', async () => {
    await api.post('/cart/addCart', { skuId: ids.sku.teeRed, number: 1 });
    await api.put('/cart/selected', { shopCarts: [{ shopId: ids.shopA, selected: 0, skus: [] }] });
    const { body } = await api.put('/cart/buyAgain', { orderId: 7700901 });
    expect(body).toEqual({ code: '200', message: '添加成功', data: { cartNumber: 1 } });
    expect(await lines(api)).toEqual([[ids.sku.teeRed, 3, 1]]);
  });

  it('refuses an order that had a flash sale', async () => {
    expect((await api.put('/cart/buyAgain', { orderId: 7700902 })).body).toEqual({ code: '800105', message: '活动订单不支持再次购买', data: null });
  });

  it('refuses an order still waiting for payment', async () => {
    expect((await api.put('/cart/buyAgain', { orderId: 7700903 })).body.code).toBe('400001');
  });

  it('answers another shopper\'s order and an unknown one alike: 订单不存在', async () => {
    expect((await api.put('/cart/buyAgain', { orderId: 7700904 })).body).toEqual({ code: '800104', message: '订单不存在', data: null });
    expect((await api.put('/cart/buyAgain', { orderId: 7700999 })).body.code).toBe('800104');
  });
});

describe('the checkout removing the lines of a placed order', () => {
  it('removes them once, pushes the count, and changes nothing when called again for the same order', async () => {
    const userId = 206;
    const token = await tokenFor(server, userId);
    const api = shopper(server, token);
    for (const skuId of [ids.sku.cup, ids.sku.lamp, ids.sku.teeRed]) await api.post('/cart/addCart', { skuId, number: 1 });
    const { ws, messages, next } = await listen(token, `user:${userId}`);
    expect(await removeCheckedOutLines(cartDeps(), userId, [ids.sku.cup, ids.sku.lamp], 7700950)).toEqual({ cartNumber: 1, changed: true });
    expect(await next((m) => m.op === 'event')).toEqual(expect.objectContaining({ payload: { cartNumber: 1 } }));
    expect((await lines(api)).map(([skuId]) => skuId)).toEqual([ids.sku.teeRed]);
    expect(await removeCheckedOutLines(cartDeps(), userId, [ids.sku.cup, ids.sku.lamp], 7700950)).toEqual({ cartNumber: 1, changed: false });
    const stream = await server.runtime.store.readStream(cartStream(userId));
    expect(stream.filter((e) => e.type === 'CartLinesCheckedOut').map((e) => e.data)).toEqual([{ userId, orderId: 7700950, skuIds: [ids.sku.cup, ids.sku.lamp] }]);
    ws.close();
  });
});
