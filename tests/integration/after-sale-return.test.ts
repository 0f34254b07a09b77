/**
 * Return and refund over HTTP (spec §4 after-sale, origin-contract §6) on PGlite and PostgreSQL: agreed with the
 * shop's return address → the shopper ships it back (a numeric waybill of 8+ digits, a known company) → the
 * merchant takes it in and the refund goes out; goods arrive damaged → 8 → the platform; the 3-day deadlines close
 * an unhandled application and a return never shipped back, under a controllable clock; a refund that fails is
 * visible as 5 and retried by ops.
 */
import { jest } from '@jest/globals';
import { PaymentProviderError } from '../../services/payments/payment-provider';
import { call } from './orders.support';
import {
  backends, DAY, detail, merchant, openWorld, orderDetail, pictures, shippedOrder, shopper, streamTypes, submit, type AfterSaleWorld,
} from './after-sale.support';

const returnAndRefund = (orderId: number, image: string[] = [], skus = [{ skuId: 12, number: 1 }]) => ({
  orderId, afterType: 2, goodsState: 1, returnReason: '商品质量问题', explain: '开线', image, skus,
});

describe.each(backends)('return and refund on %s', (backend) => {
  let world: AfterSaleWorld;
  let token: string;
  const USER = 8201;
  const returnExpress = (body: unknown) => call(world.server, 'POST', '/api/order/returnExpress', { token, body });

  beforeAll(async () => {
    world = await openWorld(backend, 'after_return');
    token = await shopper(world, USER);
  });
  afterAll(async () => world?.stop());

  describe('a return the merchant agrees to and takes in', () => {
    let afterId: number;
    let proofs: string[];

    it('shows the shop\'s return address in 审核通过 with 3 days to ship it back', async () => {
      await shippedOrder(world, 6101, USER);
      proofs = await pictures(world, token);
      const notIssued = await submit(world, token, returnAndRefund(6101, [proofs[0], 'https://evil.example/x.png']));
      expect({ status: notIssued.status, message: notIssued.body.message }).toEqual({ status: 400, message: '参数 image 无效：图片地址无效' });
      afterId = (await submit(world, token, returnAndRefund(6101, proofs))).body.data.afterId;
      expect((await merchant(world, afterId, 'agree')).body.data.afterState).toBe(10);
      const d = (await detail(world, token, afterId)).data;
      expect(d).toMatchObject({
        afterState: 10, afterType: 2, returnAdress: '浙江省杭州市余杭区文一西路 969 号', returnPerson: '王五', returnPhone: '13700137000',
        time: 3 * DAY, image: proofs.join(','), images: proofs,
      });
    });

    it('refuses a bad waybill or company with the spec\'s messages', async () => {
      const cases: Array<[unknown, string]> = [
        [{ afterId, orderId: 6101, express: 1, deliverFormid: '1234567' }, '物流单号格式错误'],
        [{ afterId, orderId: 6101, express: 1, deliverFormid: 'SF12345678' }, '物流单号格式错误'],
        [{ afterId, orderId: 6101, deliverFormid: '123456789' }, '请选择物流公司'],
      ];
      for (const [body, message] of cases) {
        const { status, body: answer } = await returnExpress(body);
        expect({ status, code: answer.code, message: answer.message }).toEqual({ status: 400, code: '400', message });
      }
      expect((await returnExpress({ afterId, orderId: 6101, express: 99, deliverFormid: '123456789' })).body.code).toBe('400102');
    });

    it('goes to 退货中 with the shipment once the shopper enters it', async () => {
      const { body } = await returnExpress({ afterId, orderId: 6101, express: '1', deliverFormid: '75123456789' });
      expect(body).toMatchObject({ code: '200', message: '录入物流成功', data: { afterState: 3 } });
      expect((await detail(world, token, afterId)).data).toMatchObject({ afterState: 3, express: 1, deliverFormid: '75123456789', time: 0 });
    });

    it('is refunded when the merchant takes the return in, and the history tells every step', async () => {
      expect((await merchant(world, afterId, 'receive')).body.data.afterState).toBe(4);
      const d = (await detail(world, token, afterId)).data;
      expect(d.afterHistory.map((h) => h.name)).toEqual(['买家', '商家', '买家', '商家', '系统']);
      expect(d.afterHistory[4].title).toBe('退款成功，¥59.00已原路退回');
      expect((await orderDetail(world, token, 6101)).skus.find((s) => s.skuId === 12)?.afterState).toBe(4);
    });
  });

  describe('a return that arrives damaged', () => {
    it('ends in 8 with the reason, is listed as completed, and can be taken to the platform', async () => {
      await shippedOrder(world, 6102, USER);
      const afterId = (await submit(world, token, returnAndRefund(6102))).body.data.afterId;
      await merchant(world, afterId, 'agree');
      await returnExpress({ afterId, orderId: 6102, express: 2, deliverFormid: '88888888' });
      expect((await merchant(world, afterId, 'reject-damaged', { reason: '商品已损坏' })).body.data.afterState).toBe(8);
      expect((await detail(world, token, afterId)).data).toMatchObject({ afterState: 8, reason: '商品已损坏' });
      expect((await orderDetail(world, token, 6102)).skus.find((s) => s.skuId === 12)?.afterState).toBe(8);
      const { body } = await call(world.server, 'POST', '/api/after/platform', { token, body: { afterId, orderId: 6102, reason: '寄出时完好' } });
      expect(body.code).toBe('200');
      expect((await merchant(world, afterId, 'platform-decide', { approve: true, reason: '物流损坏，支持买家' })).body.data.afterState).toBe(4);
      expect((await orderDetail(world, token, 6102)).skus.find((s) => s.skuId === 12)?.afterState).toBe(4);
    });
  });

  describe('after-sales nobody acts on', () => {
    it('close by themselves after 3 days: an unhandled application and a return never shipped back', async () => {
      await shippedOrder(world, 6103, USER);
      await shippedOrder(world, 6104, USER);
      const unhandled = (await submit(world, token, returnAndRefund(6103))).body.data.afterId;
      const notShipped = (await submit(world, token, returnAndRefund(6104))).body.data.afterId;
      await merchant(world, notShipped, 'agree');
      world.advance(3 * DAY - 60_000);
      await world.server.runtime.scheduler.tick(world.now);
      expect((await detail(world, token, unhandled)).data.afterState).toBe(1);
      world.advance(120_000);
      await world.server.runtime.scheduler.tick(world.now);
      expect((await detail(world, token, unhandled)).data.afterState).toBe(9);
      expect((await detail(world, token, notShipped)).data.afterState).toBe(9);
      expect(await streamTypes(world, `after-sale-${unhandled}`)).toEqual(['AfterSaleSubmitted', 'AfterSaleAutoClosed']);
      expect((await orderDetail(world, token, 6103)).ifAfter).toBe(1);
    });
  });

  describe('a refund the provider refuses', () => {
    it('shows 退款失败 and is refunded when ops retries it', async () => {
      await shippedOrder(world, 6105, USER);
      const afterId = (await submit(world, token, returnAndRefund(6105))).body.data.afterId;
      await merchant(world, afterId, 'agree');
      await returnExpress({ afterId, orderId: 6105, express: 3, deliverFormid: '12345678' });
      const provider = world.server.runtime.payments.provider;
      const refund = jest.spyOn(provider, 'refund').mockRejectedValueOnce(new PaymentProviderError('SYSTEM_ERROR', '系统繁忙'));
      expect((await merchant(world, afterId, 'receive')).body.data.afterState).toBe(5);
      expect((await detail(world, token, afterId)).data.afterHistory.at(-1)?.title).toBe('退款失败，请联系商家：退款渠道返回SYSTEM_ERROR');
      refund.mockRestore();
      expect((await merchant(world, afterId, 'retry-refund')).body.data.afterState).toBe(4);
      const payment = await streamTypes(world, 'payment-PT6105');
      expect(payment.filter((t) => t === 'RefundRequested')).toHaveLength(2);
      expect(payment.filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
      expect((await merchant(world, afterId, 'retry-refund')).body.code).toBe('300001');
    });
  });
});
