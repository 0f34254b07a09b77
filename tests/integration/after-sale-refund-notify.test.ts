/**
 * Refunds whose outcome arrives later, by the provider's signed refund notification (on PGlite): the sandbox's
 * notification POSTed to /api/pay/wechat/refund-notify records the refund once, however often it is delivered; a
 * forged one is refused. The WeChat Pay v3 provider, against a local server speaking the v3 protocol: the domestic
 * refund is asked with the after-sale's refund id and the refund notify URL, answers PROCESSING (the after-sale
 * stays 退款中), and WeChat's REFUND.SUCCESS notification is verified, decrypted and recorded.
 */
import { jest } from '@jest/globals';
import type { AfterSaleDeps } from '../../services/after-sale/after-sale-command';
import { createAfterSaleIds } from '../../services/after-sale/after-sale-ids';
import { recordRefundNotification } from '../../services/after-sale/after-sale-refund';
import { actOnAfterSale } from '../../services/after-sale/merchant-actions';
import { afterStateOf } from '../../domain/after-sale/after-sale.machine';
import { createWechatPayV3Provider } from '../../services/payments/wechatpay-v3.provider';
import { startProtocolServer, type ProtocolServer } from './payments-v3.support';
import { detail, merchant, openWorld, refundOnly, shippedOrder, shopper, streamTypes, submit, type AfterSaleWorld } from './after-sale.support';

let world: AfterSaleWorld;
let token: string;
const USER = 8301;

beforeAll(async () => {
  world = await openWorld('pglite', 'after_notify');
  token = await shopper(world, USER);
});
afterAll(async () => world?.stop());

const notify = (n: { headers: Record<string, string>; body: string }) =>
  fetch(`${world.server.url}/api/pay/wechat/refund-notify`, { method: 'POST', headers: n.headers, body: n.body });

describe('a sandbox refund settled by its notification', () => {
  let afterId: number;

  it('stays 退款中 while the provider is processing', async () => {
    await shippedOrder(world, 6301, USER);
    afterId = (await submit(world, token, refundOnly(6301))).body.data.afterId;
    const provider = world.server.runtime.payments.provider;
    const refund = provider.refund.bind(provider);
    const spy = jest.spyOn(provider, 'refund').mockImplementationOnce(async (request) => ({ ...(await refund(request)), status: 'PROCESSING' }));
    expect((await merchant(world, afterId, 'agree')).body.data.afterState).toBe(2);
    spy.mockRestore();
  });

  it('is recorded once when the signed notification is delivered twice', async () => {
    const sandbox = world.server.runtime.payments.sandbox;
    if (!sandbox) throw new Error('the test server runs the sandbox');
    const notification = await sandbox.refundNotification(`AS${afterId}R1`);
    for (const delivery of [1, 2]) {
      const response = await notify(notification);
      expect({ delivery, status: response.status, body: await response.json() }).toEqual({ delivery, status: 200, body: { code: 'SUCCESS', message: '成功' } });
    }
    expect((await detail(world, token, afterId)).data.afterState).toBe(4);
    expect((await streamTypes(world, `after-sale-${afterId}`)).filter((t) => t === 'AfterSaleRefundSucceeded')).toHaveLength(1);
    expect((await streamTypes(world, 'payment-PT6301')).filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
    expect((await streamTypes(world, 'order-6301')).filter((t) => t === 'AfterSaleClosed')).toHaveLength(1);
  });

  it('refuses a notification whose body was tampered with', async () => {
    const sandbox = world.server.runtime.payments.sandbox;
    const notification = await sandbox!.refundNotification(`AS${afterId}R1`);
    const response = await notify({ ...notification, body: notification.body.replace('REFUND.SUCCESS', 'REFUND.CLOSED') });
    expect(response.status).toBe(401);
  });
});

describe('a WeChat Pay v3 refund of an after-sale', () => {
  let wechat: ProtocolServer;
  let deps: AfterSaleDeps;

  beforeAll(async () => {
    wechat = await startProtocolServer();
    const { runtime } = world.server;
    const provider = createWechatPayV3Provider({
      mchid: wechat.merchant.mchid, appid: wechat.merchant.appid, serialNo: wechat.merchant.serialNo,
      privateKey: wechat.merchant.privateKey, apiV3Key: wechat.apiV3Key, platform: wechat.platform,
      notifyUrl: 'https://shop.example.com/api/pay/wechat/notify', baseUrl: wechat.url, clock: () => new Date(),
    });
    deps = {
      store: runtime.store, db: runtime.db, waitFor: runtime.projections.waitFor, clock: runtime.clock,
      provider, ids: await createAfterSaleIds(runtime.db), log: () => undefined,
    };
  });
  afterAll(async () => wechat?.close());

  it('asks the domestic refund API and waits in 退款中 for the notification', async () => {
    await shippedOrder(world, 6302, USER);
    const afterId = (await submit(world, token, refundOnly(6302, [{ skuId: 12, number: 1 }]))).body.data.afterId;
    const state = await actOnAfterSale(deps, afterId, 'agree');
    expect(afterStateOf(state)).toBe(2);
    const asked = wechat.requests.find((r) => r.path === '/v3/refund/domestic/refunds');
    expect(JSON.parse(asked?.body ?? '{}')).toEqual({
      out_trade_no: 'PT6302', out_refund_no: `AS${afterId}R1`, notify_url: 'https://shop.example.com/api/pay/wechat/refund-notify',
      reason: '售后退款', amount: { refund: 5900, total: 2 * 29900 + 5900 + 1000, currency: 'CNY' },
    });

    const n = wechat.refundNotification(`AS${afterId}R1`);
    const notice = await deps.provider.parseRefundCallback(n.headers, n.body);
    expect(notice).toMatchObject({ paymentId: 'PT6302', refundId: `AS${afterId}R1`, status: 'SUCCESS', amountFen: 5900 });
    expect(afterStateOf(await recordRefundNotification(deps, afterId, notice.refundId, true, ''))).toBe(4);
    expect(afterStateOf(await recordRefundNotification(deps, afterId, notice.refundId, true, ''))).toBe(4);
    expect((await streamTypes(world, 'payment-PT6302')).filter((t) => t === 'PaymentRefunded')).toHaveLength(1);
  });

  it('refuses a refund notification signed by someone else or not decrypting', async () => {
    const n = wechat.refundNotification('AS1R1');
    await expect(deps.provider.parseRefundCallback(n.headers, n.body.replace('"nonce":"', '"nonce":"x'))).rejects.toMatchObject({ reason: 'signature' });
    const payment = wechat.notification('PT6302', 100);
    await expect(deps.provider.parseRefundCallback(payment.headers, payment.body)).rejects.toMatchObject({ reason: 'unsupported' });
  });
});
