/**
 * The shopper's order actions and the merchant's shipping over HTTP (spec §4 order actions; origin-contract §5.4, §7)
 * under a controllable clock: cancel / confirm / delete with 订单状态已变更 where the state forbids them, cancelling
 * a paid group order refunds it and fails the group its leader leaves, shipping through the internal route with
 * the ops token, the push on `order:<id>`, the shopper's notices, and receipt confirmed automatically 15 days after
 * shipping by the scheduler.
 */
import WebSocket from 'ws';
import { shipWaitingOrders } from '../../services/merchant/demo-merchant';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  call, collageCommand, eventually, line, openShop, orderCommand, payOrder, placeOrder, shipDirectly, tokenFor,
} from './orders.support';

interface Detail { state: number; receiveTime: string; time: number; collageDetail: { state: number } | null }
interface Notice { noticeType: number; noticeTitle: string; noticeContent: string; jump: number; only: number }

const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2025-06-01T02:00:00.000Z');
let server: TestServer;
let token: string;
const USER = 7301;
const OTHER = 7302;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => now });
  await openShop(server, 9001, '山野户外旗舰店');
  token = await tokenFor(server, USER);
});
afterAll(async () => server?.stop());

const state = async (orderId: number) =>
  (await call<Detail>(server, 'GET', `/api/order/getById?orderId=${orderId}`, { token })).body.data?.state;
const act = (method: string, path: string, orderId: number, as = token) =>
  call<{ orderId: number }>(server, method, `/api/order/${path}`, { token: as, body: { orderId } });
const streamTypes = async (streamId: string) => (await server.runtime.store.readStream(streamId)).map((e) => e.type);
const ship = (orderId: number, body: unknown, ops = true) =>
  call<{ state: number; expressName: string; autoConfirmTime: string }>(server, 'POST', `/internal/orders/${orderId}/ship`, { body, ops });

describe('cancelling an unpaid order', () => {
  it('answers 订单取消成功 and the order shows closed', async () => {
    await placeOrder(server, 3001, { userId: USER });
    const { body } = await act('PUT', 'cancel', 3001);
    expect(body).toEqual({ code: '200', message: '订单取消成功', data: { orderId: 3001, state: 5 } });
    expect(await state(3001)).toBe(5);
  });

  it('answers 400001 订单状态已变更 again, without a second cancellation', async () => {
    expect((await act('PUT', 'cancel', 3001)).body).toEqual({ code: '400001', message: '订单状态已变更', data: null });
    expect((await streamTypes('order-3001')).filter((t) => t === 'OrderCancelled')).toHaveLength(1);
  });

  it('leaves a 订单已取消 notice for the shopper that opens the order', async () => {
    const notice = await eventually(async () => {
      const { body } = await call<{ list: Notice[] }>(server, 'GET', '/api/notice/getAll?page=1', { token });
      return body.data.list.find((n) => n.only === 3001);
    });
    expect(notice).toEqual(expect.objectContaining({
      noticeType: 3, jump: 2, noticeTitle: '订单已取消', noticeContent: '您的订单300000000003001已取消',
    }));
  });
});

describe('actions the state does not allow', () => {
  beforeAll(async () => {
    await placeOrder(server, 3002, { userId: USER });
    await payOrder(server, 3002);
  });

  it.each([
    ['PUT', 'cancel'], ['POST', 'confirm'], ['DELETE', 'delete'],
  ])('%s %s on a paid order waiting for shipment answers 400001 订单状态已变更', async (method, path) => {
    const { status, body } = await act(method, path, 3002);
    expect(status).toBe(200);
    expect(body).toEqual({ code: '400001', message: '订单状态已变更', data: null });
    expect(await state(3002)).toBe(2);
  });

  it('answers 400101 订单不存在 for another shopper\'s order, whatever the action', async () => {
    const other = await tokenFor(server, OTHER);
    for (const [method, path] of [['PUT', 'cancel'], ['POST', 'confirm'], ['DELETE', 'delete']]) {
      expect((await act(method, path, 3002, other)).body).toEqual({ code: '400101', message: '订单不存在', data: null });
    }
  });

  it('answers 400 naming orderId when it is missing', async () => {
    const { status, body } = await call(server, 'PUT', '/api/order/cancel', { token, body: {} });
    expect(status).toBe(400);
    expect(body.message).toContain('orderId');
  });
});

describe('shipping through the internal route', () => {
  beforeAll(async () => {
    await placeOrder(server, 3003, { userId: USER });
    await payOrder(server, 3003);
  });

  it('refuses a call without the ops token', async () => {
    expect((await ship(3003, { express: 'SF', deliverFormid: '123456789012' }, false)).status).toBe(403);
  });

  it('refuses a short or non-numeric waybill with 物流单号格式错误, and an unknown company', async () => {
    const short = await ship(3003, { express: 1, deliverFormid: '1234567' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('物流单号格式错误');
    expect((await ship(3003, { express: 'UPS', deliverFormid: '123456789012' })).body.code).toBe('400102');
    expect((await ship(987654, { express: 1, deliverFormid: '123456789012' })).body.code).toBe('400101');
  });

  it('ships a paid order, pushes 待收货 on order:<id> and schedules receipt in 15 days', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`);
    const messages: Array<Record<string, unknown>> = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await eventually(async () => messages.some((m) => m.op === 'ready'));
    ws.send(JSON.stringify({ op: 'subscribe', channel: 'order:3003' }));
    await eventually(async () => messages.some((m) => m.op === 'subscribed'));

    const { body } = await ship(3003, { express: 'SF', deliverFormid: '123456789012' });
    expect(body).toEqual({
      code: '200', message: '发货成功',
      data: expect.objectContaining({ orderId: 3003, state: 3, express: 1, expressName: '顺丰速运', deliverFormid: '123456789012',
        autoConfirmTime: '2025-06-16 10:00:00' }),
    });
    const push = await eventually(async () => messages.find((m) => m.op === 'event' && (m.payload as { state?: number }).state === 3));
    expect(push).toEqual(expect.objectContaining({ channel: 'order:3003', payload: { orderId: 3003, state: 3, paymentState: 1, code: 'SUCCESS' } }));
    expect(typeof push.position).toBe('string');
    ws.close();
    expect(await state(3003)).toBe(3);
  });

  it('ships once: a second shipment answers 订单状态已变更', async () => {
    expect((await ship(3003, { express: 2, deliverFormid: '223456789012' })).body.code).toBe('400001');
  });

  it('tells the shopper: paid, then shipped', async () => {
    const notices = await eventually(async () => {
      const { body } = await call<{ list: Notice[] }>(server, 'GET', '/api/notice/getAll?page=1', { token });
      const mine = body.data.list.filter((n) => n.only === 3003);
      return mine.length === 2 ? mine : null;
    });
    expect(notices.map((n) => n.noticeTitle).sort()).toEqual(['订单已发货', '订单支付成功']);
    expect(notices.find((n) => n.noticeTitle === '订单支付成功')?.noticeContent).toBe('您购买的300000000003003已支付成功，请耐心等待商家发货');
  });

  it('refuses another shopper a subscription to the order\'s channel', async () => {
    const other = await tokenFor(server, OTHER);
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${other}`);
    const messages: Array<Record<string, unknown>> = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await eventually(async () => messages.some((m) => m.op === 'ready'));
    ws.send(JSON.stringify({ op: 'subscribe', channel: 'order:3003' }));
    expect(await eventually(async () => messages.find((m) => m.op === 'error'))).toEqual(expect.objectContaining({ code: '403' }));
    ws.close();
  });
});

describe('confirming receipt', () => {
  it('takes a shipped order to 已完成 with 确认收货成功', async () => {
    await placeOrder(server, 3004, { userId: USER });
    await payOrder(server, 3004);
    await shipDirectly(server, 3004);
    expect((await act('POST', 'confirm', 3004)).body).toEqual({ code: '200', message: '确认收货成功', data: { orderId: 3004, state: 4 } });
    expect(await state(3004)).toBe(4);
  });
});

describe('deleting', () => {
  it('removes a closed order from the shopper\'s list and detail with 订单删除成功; the stream stays', async () => {
    expect((await act('DELETE', 'delete', 3001)).body).toEqual({ code: '200', message: '订单删除成功', data: { orderId: 3001 } });
    const { body } = await call<{ list: Array<{ orderId: number }> }>(server, 'GET', '/api/order/getAll?pageSize=50', { token });
    expect(body.data.list.map((o) => o.orderId)).not.toContain(3001);
    expect((await call(server, 'GET', '/api/order/getById?orderId=3001', { token })).body.code).toBe('400101');
    expect(await streamTypes('order-3001')).toContain('OrderDeleted');
  });
});

describe('cancelling a paid group order whose group still forms', () => {
  beforeAll(async () => {
    await collageCommand(server, 601, {
      type: 'OpenCollage',
      data: {
        collageId: 601, shopGroupWorkId: 31, shopId: 9001, productId: 110, skuId: 11, size: 3, effectiveHours: 24,
        leader: { userId: USER, orderId: 3005, headImage: '/images/avatar/a.svg' },
      },
    });
    await placeOrder(server, 3005, { userId: USER, collageId: 601, shopGroupWorkId: 31 });
    await payOrder(server, 3005, { groupForming: true, collageId: 601 });
    await collageCommand(server, 601, { type: 'JoinCollage', data: { userId: OTHER, orderId: 3006, headImage: '/images/avatar/b.svg' } });
    await placeOrder(server, 3006, { userId: OTHER, collageId: 601, shopGroupWorkId: 31, lines: [line(11, '轻薄透气网面跑步鞋', 29900)] });
  });

  it('closes it and refunds what was paid from its payment', async () => {
    expect(await state(3005)).toBe(6);
    expect((await act('PUT', 'cancel', 3005)).body.message).toBe('订单取消成功');
    expect(await state(3005)).toBe(5);
    const refund = (await server.runtime.store.readStream('payment-PT3005')).filter((e) => e.type.startsWith('Refund') || e.type === 'PaymentRefunded');
    expect(refund.map((e) => e.type)).toEqual(['RefundRequested', 'PaymentRefunded']);
    expect(refund[0].data).toEqual(expect.objectContaining({ orderId: 3005, amount: 30900, reason: 'order-cancelled' }));
  });

  it('fails the group its leader left and closes the other member\'s order', async () => {
    expect(await streamTypes('collage-601')).toContain('CollageFailed');
    const other = (await server.runtime.store.readStream('order-3006')).find((e) => e.type === 'OrderCancelled');
    expect(other?.data).toEqual(expect.objectContaining({ reason: 'group-failed', refundAmount: 0 }));
  });
});

describe('the demo merchant', () => {
  it('ships paid orders once they waited the configured time, not before', async () => {
    await placeOrder(server, 3008, { userId: USER });
    await payOrder(server, 3008);
    const { db, store, hub, clock } = server.runtime;
    const deps = { db, store, hub, clock, waitFor: server.runtime.projections.waitFor, log: () => undefined };
    expect(await shipWaitingOrders(deps, 60_000, new Date(now.getTime() + 59_000))).toBe(0);
    expect(await state(3008)).toBe(2);
    expect(await shipWaitingOrders(deps, 60_000, new Date(now.getTime() + 61_000))).toBeGreaterThanOrEqual(1);
    const shipped = (await server.runtime.store.readStream('order-3008')).at(-1);
    expect(shipped?.type).toBe('OrderShipped');
    expect(shipped?.metadata.actor).toEqual({ kind: 'merchant', id: 'demo-merchant' });
    expect(await state(3008)).toBe(3);
  });
});

describe('a shipped order nobody confirms', () => {
  it('is confirmed automatically 15 days after shipping, not a minute before', async () => {
    await placeOrder(server, 3007, { userId: USER });
    await payOrder(server, 3007);
    await shipDirectly(server, 3007);
    now = new Date(now.getTime() + 15 * DAY - 60_000);
    await server.runtime.scheduler.tick(now);
    token = await tokenFor(server, USER);
    expect(await state(3007)).toBe(3);
    now = new Date(now.getTime() + 120_000);
    await server.runtime.scheduler.tick(now);
    const detail = await eventually(async () => {
      const { body } = await call<Detail>(server, 'GET', '/api/order/getById?orderId=3007', { token });
      return body.data.state === 4 ? body.data : null;
    });
    expect(detail.receiveTime).not.toBe('');
    expect((await server.runtime.store.readStream('order-3007')).at(-1)?.data).toEqual(expect.objectContaining({ auto: true }));
  });
});

describe('a group that does not fill up by its deadline', () => {
  it('fails: the paid leader\'s order closes with a refund, the unpaid member\'s order closes', async () => {
    token = await tokenFor(server, USER);
    await collageCommand(server, 701, {
      type: 'OpenCollage',
      data: {
        collageId: 701, shopGroupWorkId: 31, shopId: 9001, productId: 110, skuId: 11, size: 3, effectiveHours: 1,
        leader: { userId: USER, orderId: 3009, headImage: '/images/avatar/a.svg' },
      },
    });
    await placeOrder(server, 3009, { userId: USER, collageId: 701, shopGroupWorkId: 31 });
    await payOrder(server, 3009, { groupForming: true, collageId: 701 });
    await collageCommand(server, 701, { type: 'JoinCollage', data: { userId: OTHER, orderId: 3010, headImage: '/images/avatar/b.svg' } });
    await placeOrder(server, 3010, { userId: OTHER, collageId: 701, shopGroupWorkId: 31 });
    now = new Date(now.getTime() + 60 * 60 * 1000 + 1000);
    await server.runtime.scheduler.tick(now);
    token = await tokenFor(server, USER);
    await eventually(async () => (await state(3009)) === 5);
    const leader = (await server.runtime.store.readStream('order-3009')).find((e) => e.type === 'OrderCancelled');
    expect(leader?.data).toEqual(expect.objectContaining({ reason: 'group-failed', refundAmount: 30900 }));
    expect((await streamTypes('payment-PT3009')).slice(-2)).toEqual(['RefundRequested', 'PaymentRefunded']);
    expect((await streamTypes('order-3010'))).toContain('OrderCancelled');
    const { body } = await call<Detail>(server, 'GET', '/api/order/getById?orderId=3009', { token });
    expect(body.data.collageDetail?.state).toBe(2);
  });
});
