/**
 * Refund only over HTTP (spec §4 after-sale, origin-contract §6) on PGlite and PostgreSQL: applied → agreed by the
 * merchant → refunded through the sandbox → the order's lines refunded; refused → the shopper asks the platform →
 * the platform decides; withdrawn → the order's auto-confirm resumes with the time it had left; the list tabs,
 * the detail's history, the shopper's letters, and the answers to bad input and moves the machine does not allow.
 */
import WebSocket from 'ws';
import { handleWaitingAfterSales } from '../../services/merchant/demo-merchant-after-sale';
import { createAfterSaleIds } from '../../services/after-sale/after-sale-ids';
import { call, eventually } from './orders.support';
import {
  backends, DAY, detail, merchant, openWorld, orderDetail, pictures, refundOnly, shippedOrder, shopper, streamTypes, submit,
  type AfterSaleWorld,
} from './after-sale.support';

describe.each(backends)('refund only on %s', (backend) => {
  let world: AfterSaleWorld;
  let token: string;
  let other: string;
  const USER = 8101;

  beforeAll(async () => {
    world = await openWorld(backend, 'after_refund');
    token = await shopper(world, USER);
    other = await shopper(world, 8102);
  });
  afterAll(async () => world?.stop());

  describe('an application the merchant agrees to', () => {
    let afterId: number;

    it('is accepted with the refund the server priced, and shows 审核中 with 3 days to run', async () => {
      await shippedOrder(world, 6001, USER);
      const { body } = await submit(world, token, refundOnly(6001, [{ skuId: 11, number: 1 }], { price: 299 }));
      expect(body).toMatchObject({ code: '200', message: '售后申请成功', data: { orderId: 6001, afterState: 1, price: 299 } });
      afterId = body.data.afterId;
      const d = await detail(world, token, afterId);
      expect(d.data).toMatchObject({ afterId, afterState: 1, afterType: 1, price: 299, orderState: 3, time: 3 * DAY });
      expect(d.data.skus).toEqual([expect.objectContaining({ skuId: 11, number: 1, productName: '轻薄透气网面跑步鞋', refundPrice: 299 })]);
      expect(d.data.afterHistory[0]).toMatchObject({ name: '买家', reason: '多拍/拍错/不想要：尺码不合适' });
    });

    it('holds the line on the order and pauses its auto-confirm', async () => {
      const order = await orderDetail(world, token, 6001);
      expect(order.skus.find((s) => s.skuId === 11)).toMatchObject({ afterState: 1 });
      expect(await streamTypes(world, 'order-6001')).toEqual(expect.arrayContaining(['AfterSaleOpened', 'AutoConfirmPaused']));
    });

    it('answers the same application sent again (a retry after a lost answer) with the after-sale it started', async () => {
      const { body } = await submit(world, token, refundOnly(6001, [{ skuId: 11, number: 1 }], { price: 299 }));
      expect(body).toMatchObject({ code: '200', data: { afterId, afterState: 1 } });
      expect(await streamTypes(world, `after-sale-${afterId}`)).toEqual(['AfterSaleSubmitted']);
    });

    it('refuses another application on the held line with 该商品已在售后中', async () => {
      const { body } = await submit(world, token, refundOnly(6001, [{ skuId: 11, number: 1 }], { returnReason: '质量问题' }));
      expect(body).toMatchObject({ code: '300012', message: '该商品已在售后中' });
    });

    it('is refunded through the payment once the merchant agrees', async () => {
      const { body } = await merchant(world, afterId, 'agree');
      expect(body).toEqual({ code: '200', message: '成功', data: { afterId, afterState: 4 } });
      expect(await streamTypes(world, `after-sale-${afterId}`)).toEqual(['AfterSaleSubmitted', 'AfterSaleApproved', 'AfterSaleRefundSucceeded']);
      expect(await streamTypes(world, 'payment-PT6001')).toEqual(expect.arrayContaining(['RefundRequested', 'PaymentRefunded']));
      const order = await orderDetail(world, token, 6001);
      expect(order.skus.find((s) => s.skuId === 11)).toMatchObject({ afterState: 4 });
      expect(order.state).toBe(3);
      expect(await streamTypes(world, 'sku-11')).toContain('StockRestocked');
    });

    it('lists it under 已完成, not 售后中', async () => {
      const done = await call<{ list: Array<{ afterId: number; afterState: number }>; total: number }>(world.server, 'GET', '/api/after/getAll?state=2', { token });
      expect(done.body.data.list.map((a) => a.afterId)).toContain(afterId);
      const open = await call<{ list: Array<{ afterId: number }> }>(world.server, 'GET', '/api/after/getAll?state=1', { token });
      expect(open.body.data.list.map((a) => a.afterId)).not.toContain(afterId);
    });

    it('leaves the shopper a letter that opens the after-sale', async () => {
      const letter = await eventually(async () => {
        const { body } = await call<{ list: Array<{ jump: number; only: number; noticeTitle: string }> }>(world.server, 'GET', '/api/notice/getAll?page=1&pageSize=50', { token });
        return body.data.list.find((n) => n.only === afterId && n.noticeTitle === '售后单退款成功');
      });
      expect(letter).toMatchObject({ jump: 3 });
    });

    it('refunds the rest of the order in a second application, and the order closes', async () => {
      const { body } = await submit(world, token, refundOnly(6001, [{ skuId: 11, number: 1 }, { skuId: 12, number: 1 }]));
      expect(body.code).toBe('200');
      expect(body.data.price).toBe(299 + 59);
      expect((await merchant(world, body.data.afterId, 'agree')).body.data.afterState).toBe(4);
      expect((await orderDetail(world, token, 6001)).state).toBe(5);
    });
  });

  describe('an application the merchant refuses', () => {
    let afterId: number;

    it('goes to 审核不通过 with the merchant\'s reason, then the platform takes it', async () => {
      await shippedOrder(world, 6002, USER);
      afterId = (await submit(world, token, refundOnly(6002))).body.data.afterId;
      expect((await merchant(world, afterId, 'refuse', { reason: '商品已使用' })).body.data.afterState).toBe(6);
      expect((await detail(world, token, afterId)).data).toMatchObject({ afterState: 6, reason: '商品已使用', time: 3 * DAY });
      expect((await orderDetail(world, token, 6002)).skus.find((s) => s.skuId === 11)?.afterState).toBe(6);
      const bogus = await call(world.server, 'POST', '/api/after/platform', { token, body: { afterId, orderId: 6002, image: '/x.png' } });
      expect({ status: bogus.status, message: bogus.body.message }).toEqual({ status: 400, message: '参数 image 无效：图片地址无效' });
      const proofs = await pictures(world, token);
      const { body } = await call(world.server, 'POST', '/api/after/platform', { token, body: { afterId, orderId: 6002, reason: '商品未使用', image: proofs.join(',') } });
      expect(body).toMatchObject({ code: '200', message: '申请平台介入成功' });
      const d = (await detail(world, token, afterId)).data;
      expect(d.afterState).toBe(7);
      expect(d.afterHistory.at(-1)).toMatchObject({ name: '买家', reason: '商品未使用', image: proofs.join(','), images: proofs });
    });

    it('is refunded when the platform decides for the shopper', async () => {
      expect((await merchant(world, afterId, 'platform-decide', { approve: true, reason: '支持买家' })).body.data.afterState).toBe(4);
    });
  });

  describe('an application the platform decides against', () => {
    it('closes (9) and the order stops holding the line', async () => {
      await shippedOrder(world, 6003, USER);
      const afterId = (await submit(world, token, refundOnly(6003))).body.data.afterId;
      await merchant(world, afterId, 'refuse', { reason: '商品已使用' });
      await call(world.server, 'POST', '/api/after/platform', { token, body: { afterId, orderId: 6003 } });
      expect((await merchant(world, afterId, 'platform-decide', { approve: false, reason: '证据不足' })).body.data.afterState).toBe(9);
      expect((await orderDetail(world, token, 6003)).ifAfter).toBe(1);
    });
  });

  describe('a paid order not yet shipped, refunded whole by the demo merchant', () => {
    it('refunds the shipping too when the goods never came, and the order closes', async () => {
      await shippedOrder(world, 6007, USER, false);
      const all = [{ skuId: 11, number: 2 }, { skuId: 12, number: 1 }];
      const { body } = await submit(world, token, refundOnly(6007, all, { goodsState: 0 }));
      expect(body.data.price).toBe(2 * 299 + 59 + 10);
      const { runtime } = world.server;
      const deps = {
        store: runtime.store, db: runtime.db, waitFor: runtime.projections.waitFor, clock: runtime.clock,
        provider: runtime.payments.provider, ids: await createAfterSaleIds(runtime.db), log: () => undefined,
      };
      expect(await handleWaitingAfterSales(deps, 30_000, world.now)).toBe(0);
      world.advance(31_000);
      expect(await handleWaitingAfterSales(deps, 30_000, world.now)).toBeGreaterThanOrEqual(1);
      expect((await detail(world, token, body.data.afterId)).data.afterState).toBe(4);
      expect((await orderDetail(world, token, 6007)).state).toBe(5);
    });
  });

  describe('pushes', () => {
    it('tell the shopper\'s user:<id> channel each new afterState', async () => {
      await shippedOrder(world, 6006, USER);
      const ws = new WebSocket(`${world.server.url.replace('http', 'ws')}/ws?token=${token}`);
      const messages: Array<{ op: string; channel?: string; payload?: unknown }> = [];
      ws.on('message', (data) => messages.push(JSON.parse(String(data))));
      await eventually(async () => messages.some((m) => m.op === 'ready'));
      ws.send(JSON.stringify({ op: 'subscribe', channel: `user:${USER}` }));
      await eventually(async () => messages.some((m) => m.op === 'subscribed'));
      const afterId = (await submit(world, token, refundOnly(6006))).body.data.afterId;
      await merchant(world, afterId, 'refuse', { reason: '商品已使用' });
      const pushed = await eventually(async () => {
        // the same channel carries the unread count of the notices these changes send; only the after-sale pushes here
        const states = messages.filter((m) => m.op === 'event' && m.channel === `user:${USER}`).map((m) => m.payload)
          .filter((payload) => typeof payload === 'object' && payload !== null && 'afterSale' in payload);
        return states.length >= 2 ? states : null;
      });
      expect(pushed).toEqual([{ afterSale: { afterId, orderId: 6006, afterState: 1 } }, { afterSale: { afterId, orderId: 6006, afterState: 6 } }]);
      ws.close();
    });
  });

  describe('an application the shopper withdraws', () => {
    it('closes with 撤销申请成功 and the order resumes auto-confirm with the time it had left', async () => {
      await shippedOrder(world, 6004, USER);
      const before = (await orderDetail(world, token, 6004)).time;
      const afterId = (await submit(world, token, refundOnly(6004))).body.data.afterId;
      world.advance(DAY);
      expect((await orderDetail(world, token, 6004)).time).toBe(before);
      const { body } = await call(world.server, 'PUT', '/api/after/returnRefund', { token, body: { afterId, orderId: 6004 } });
      expect(body).toMatchObject({ code: '200', message: '撤销申请成功', data: { afterState: 9 } });
      expect((await orderDetail(world, token, 6004)).time).toBe(before);
      expect(await streamTypes(world, 'order-6004')).toEqual(expect.arrayContaining(['AutoConfirmResumed']));
    });

    it('cannot be withdrawn twice: 售后单状态已变更, nothing recorded', async () => {
      const { body: list } = await call<{ list: Array<{ afterId: number; orderId: number }> }>(world.server, 'GET', '/api/after/getAll?state=2&pageSize=50', { token });
      const mine = list.data.list.find((a) => a.orderId === 6004);
      const before = await streamTypes(world, `after-sale-${mine?.afterId}`);
      const { status, body } = await call(world.server, 'PUT', '/api/after/returnRefund', { token, body: { afterId: mine?.afterId, orderId: 6004 } });
      expect({ status, code: body.code, message: body.message }).toEqual({ status: 200, code: '300001', message: '售后单状态已变更' });
      expect(await streamTypes(world, `after-sale-${mine?.afterId}`)).toEqual(before);
    });
  });

  describe('bad input and other shoppers', () => {
    it('answers 400 naming the field for malformed applications', async () => {
      const cases: Array<[unknown, string]> = [
        [{ ...refundOnly(6001), afterType: 3 }, '请选择售后方式'],
        [{ ...refundOnly(6001), goodsState: 'x' }, '请选择货物状态'],
        [{ ...refundOnly(6001), returnReason: '' }, '请选择售后理由'],
        [{ ...refundOnly(6001), skus: [] }, '请先选择需要申请售后的商品'],
        [{ ...refundOnly(6001), image: 'a,b,c,d,e,f' }, '最多上传5张图片'],
        [{ ...refundOnly(6001), orderId: 'abc' }, '参数 orderId 无效：类型错误'],
      ];
      for (const [body, message] of cases) {
        const answer = await submit(world, token, body);
        expect({ status: answer.status, code: answer.body.code, message: answer.body.message }).toEqual({ status: 400, code: '400', message });
      }
      const list = await call(world.server, 'GET', '/api/after/getAll?state=9', { token });
      expect(list.status).toBe(400);
      const ref = await call(world.server, 'PUT', '/api/after/returnRefund', { token, body: { afterId: 'x', orderId: 1 } });
      expect({ status: ref.status, message: ref.body.message }).toEqual({ status: 400, message: '参数 afterId 无效：类型错误' });
    });

    it('refuses a price above the refundable amount', async () => {
      await shippedOrder(world, 6005, USER);
      const { body } = await submit(world, token, refundOnly(6005, [{ skuId: 12, number: 1 }], { price: 60 }));
      expect(body).toMatchObject({ code: '300013', message: '退款金额超出可退金额' });
      expect(await streamTypes(world, 'order-6005')).not.toContain('AfterSaleOpened');
    });

    it('answers another shopper\'s order and after-sale like missing ones', async () => {
      const mine = (await submit(world, token, refundOnly(6005))).body.data.afterId;
      expect((await submit(world, other, refundOnly(6005))).body.code).toBe('400101');
      expect((await detail(world, other, mine)).code).toBe('300002');
      const { body } = await call(world.server, 'PUT', '/api/after/returnRefund', { token: other, body: { afterId: mine, orderId: 6005 } });
      expect(body.code).toBe('300002');
      expect((await detail(world, token, 999999)).code).toBe('300002');
    });

    it('guards the merchant routes with the ops token and refuses disallowed moves with 300001', async () => {
      const { body: list } = await call<{ list: Array<{ afterId: number; orderId: number }> }>(world.server, 'GET', '/api/after/getAll?state=1&pageSize=50', { token });
      const afterId = list.data.list.find((a) => a.orderId === 6005)?.afterId ?? 0;
      const unguarded = await call(world.server, 'POST', `/internal/after-sales/${afterId}/agree`, { body: {} });
      expect(unguarded.status).toBe(403);
      expect((await merchant(world, afterId, 'receive')).body).toMatchObject({ code: '300001', message: '售后单状态已变更' });
      expect((await merchant(world, afterId, 'refuse', {})).status).toBe(400);
      expect((await merchant(world, afterId, 'fly')).status).toBe(400);
    });
  });
});
