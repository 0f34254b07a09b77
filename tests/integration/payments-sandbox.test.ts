/**
 * The payments port over HTTP: QR → cashier page → 确认支付 → a callback encrypted and signed the WeChat Pay v3 way →
 * the notify route verifies and decrypts it → the registered PaymentCallbackHandler. The port is opened here on the
 * test server's database with a recording handler of the test's own, served by the pay routes alone, so the port's
 * contract (no handler yet, handler failing, repeated notifications) is proven apart from the checkout handler the
 * storefront registers (its behaviour is in checkout-payment.test.ts and lifecycle.test.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { PaymentStatus } from '../../domain/payment/payment.view';
import { registerPayRoutes } from '../../services/api/pay/pay.module';
import { loadConfig } from '../../services/config';
import type { PaymentResult } from '../../services/payments/payment-provider';
import { openPayments, type Payments } from '../../services/payments/payments';
import type { SandboxCashier } from '../../services/payments/sandbox.provider';
import { shanghaiDate } from '../../services/payments/shanghai-day';
import { startTestServer, type TestServer } from '../support/test-server';

let backing: TestServer;
let app: FastifyInstance;
let payments: Payments;
const server = { url: '', runtime: { get payments() { return payments; } } };
let cashier: SandboxCashier;
const results: PaymentResult[] = [];
const ourStatus = new Map<string, PaymentStatus>();
let handlerFails = false;

beforeAll(async () => {
  backing = await startTestServer({ web: false });
  const config = loadConfig({ DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
  payments = await openPayments(config, { db: backing.runtime.db, clock: () => new Date() });
  app = Fastify();
  await registerPayRoutes(app, payments);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  server.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  cashier = payments.sandbox as SandboxCashier;
});
afterAll(async () => {
  await app?.close();
  await backing?.stop();
});

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const open = (paymentId: string, amountFen = 1234, expiresAt = later(60)) =>
  server.runtime.payments.provider.createNativePayment({ paymentId, amountFen, description: '集市订单：红色 XL 卫衣', expiresAt });
const page = async (paymentId: string) => {
  const response = await fetch(`${server.url}/pay/sandbox/${paymentId}`);
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
};
const post = async (path: string, init: { headers?: Record<string, string>; body?: string } = {}) => {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', ...init });
  return { status: response.status, body: (await response.json()) as { ok?: boolean; code?: string; message: string } };
};

describe('a notification before the order slice registered its handler', () => {
  it('is refused with 503 so that WeChat delivers it again later', async () => {
    await open('SBX0000001');
    const notification = await cashier.confirm('SBX0000001');
    const answer = await post('/api/pay/wechat/notify', notification);
    expect(answer).toEqual({ status: 503, body: { code: 'FAIL', message: '暂时无法处理，请稍后重试' } });
  });
});

describe('with the handler registered', () => {
  beforeAll(() => {
    server.runtime.payments.registerCallbackHandler({
      async onPaymentResult(result) {
        if (handlerFails) throw new Error('order store unavailable');
        results.push(result);
        ourStatus.set(result.paymentId, 'succeeded');
      },
      paymentStatus: async (paymentId) => ourStatus.get(paymentId) ?? null,
    });
  });
  beforeEach(() => {
    results.length = 0;
    handlerFails = false;
  });

  describe('a new sandbox payment', () => {
    it('has a code_url pointing at the cashier page on this server and an SVG QR', async () => {
      const { codeUrl } = await open('SBX0000002', 1234);
      expect(codeUrl).toBe(`${server.url}/pay/sandbox/SBX0000002`);
      expect(await server.runtime.payments.qrSvg(codeUrl)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    });

    it('shows the cashier page with the amount and both buttons', async () => {
      const shown = await page('SBX0000002');
      expect(shown.status).toBe(200);
      expect(shown.type).toMatch(/^text\/html/);
      expect(shown.html).toContain('集市收银台 · 微信支付（沙箱）');
      expect(shown.html).toContain('<div class="sandbox-banner" role="alert">沙箱支付（测试环境，不会真实扣款）</div>');
      expect(shown.html).toContain('¥12.34');
      expect(shown.html).toContain('集市订单：红色 XL 卫衣');
      expect(shown.html).toContain('>确认支付</button>');
      expect(shown.html).toContain('>取消</button>');
    });
  });

  describe('the payer confirms', () => {
    it('delivers a verified SUCCESS to the handler and tells the page', async () => {
      const answer = await post('/pay/sandbox/SBX0000002/confirm');
      expect(answer).toEqual({ status: 200, body: { ok: true, message: '支付成功' } });
      expect(results).toEqual([{
        paymentId: 'SBX0000002', transactionId: expect.stringMatching(/^4200\d{24}$/), amountFen: 1234, tradeState: 'SUCCESS',
        successTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
      }]);
    });

    it('re-sends the same transaction when confirmed again: the handler is called each time', async () => {
      await post('/pay/sandbox/SBX0000002/confirm');
      await post('/pay/sandbox/SBX0000002/confirm');
      expect(results).toHaveLength(2);
      expect(results[0].transactionId).toBe(results[1].transactionId);
    });

    it('then shows the page as paid, without buttons', async () => {
      const { html } = await page('SBX0000002');
      expect(html).toContain('该订单已支付');
      expect(html).toContain('class="actions" hidden');
    });
  });

  describe('the handler fails', () => {
    it('answers WeChat FAIL with 500 and the payer a message to try again', async () => {
      await open('SBX0000003');
      handlerFails = true;
      const direct = await post('/api/pay/wechat/notify', await cashier.confirm('SBX0000003'));
      expect(direct).toEqual({ status: 500, body: { code: 'FAIL', message: '处理失败，请稍后重试' } });
      const answer = await post('/pay/sandbox/SBX0000003/confirm');
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({ ok: false, message: '支付通知未被受理：处理失败，请稍后重试' });
      handlerFails = false;
      expect((await post('/pay/sandbox/SBX0000003/confirm')).body.ok).toBe(true);
      expect(results.map((r) => r.paymentId)).toEqual(['SBX0000003']);
    });
  });

  describe('a notification posted to the notify route', () => {
    it('is acknowledged the WeChat way when it verifies', async () => {
      await open('SBX0000004');
      const answer = await post('/api/pay/wechat/notify', await cashier.confirm('SBX0000004'));
      expect(answer).toEqual({ status: 200, body: { code: 'SUCCESS', message: '成功' } });
      expect(results.map((r) => r.paymentId)).toEqual(['SBX0000004']);
    });

    it('is refused with 401 when its body was altered', async () => {
      const notification = await cashier.confirm('SBX0000004');
      const altered = notification.body.replace('"summary":"支付成功"', '"summary":"成功"');
      const answer = await post('/api/pay/wechat/notify', { headers: notification.headers, body: altered });
      expect(answer).toEqual({ status: 401, body: { code: 'FAIL', message: '签名验证失败' } });
      expect(results).toHaveLength(0);
    });

    it('is refused with 401 without the Wechatpay headers', async () => {
      const notification = await cashier.confirm('SBX0000004');
      const answer = await post('/api/pay/wechat/notify', { headers: { 'Content-Type': 'application/json' }, body: notification.body });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('FAIL');
      expect(results).toHaveLength(0);
    });
  });

  describe('the payer cancels', () => {
    it('changes nothing: no callback, the payment still payable', async () => {
      await open('SBX0000005');
      expect(await post('/pay/sandbox/SBX0000005/cancel')).toEqual({ status: 200, body: { ok: true, message: '已取消支付' } });
      expect(results).toHaveLength(0);
      expect((await cashier.find('SBX0000005'))?.tradeState).toBe('NOTPAY');
      expect((await page('SBX0000005')).html).toContain('>确认支付</button>');
    });
  });

  describe('a payment that cannot be paid', () => {
    it('shows closed once the provider closed it, and refuses the confirmation', async () => {
      await open('SBX0000006');
      await server.runtime.payments.provider.closePayment('SBX0000006');
      expect((await page('SBX0000006')).html).toContain('该订单已关闭');
      expect(await post('/pay/sandbox/SBX0000006/confirm')).toEqual({ status: 409, body: { ok: false, message: '订单已关闭' } });
      expect(results).toHaveLength(0);
    });

    it('shows closed when our side says so (status callback)', async () => {
      await open('SBX0000007');
      ourStatus.set('SBX0000007', 'closed');
      expect((await page('SBX0000007')).html).toContain('该订单已关闭');
    });

    it('shows an expired QR and refuses the confirmation', async () => {
      await open('SBX0000008', 100, later(-1));
      expect((await page('SBX0000008')).html).toContain('二维码已过期');
      expect(await post('/pay/sandbox/SBX0000008/confirm')).toEqual({ status: 409, body: { ok: false, message: '二维码已过期' } });
    });

    it('answers 404 for a payment the sandbox never saw', async () => {
      const shown = await page('SBX9999999');
      expect(shown.status).toBe(404);
      expect(shown.html).toContain('支付单不存在');
    });
  });

  describe('refunds from a paid sandbox payment', () => {
    it('succeed at once, repeat by refund id, and cannot exceed what was paid', async () => {
      const provider = server.runtime.payments.provider;
      const first = await provider.refund({ paymentId: 'SBX0000002', refundId: 'RSBX000001', amountFen: 1000, totalFen: 1234 });
      expect(first.status).toBe('SUCCESS');
      expect(await provider.refund({ paymentId: 'SBX0000002', refundId: 'RSBX000001', amountFen: 1000, totalFen: 1234 })).toEqual(first);
      expect(await provider.queryRefund('RSBX000001')).toEqual(first);
      await expect(provider.refund({ paymentId: 'SBX0000002', refundId: 'RSBX000002', amountFen: 235, totalFen: 1234 }))
        .rejects.toMatchObject({ code: 'NOT_ENOUGH' });
      await expect(provider.refund({ paymentId: 'SBX0000005', refundId: 'RSBX000003', amountFen: 1, totalFen: 1234 }))
        .rejects.toMatchObject({ code: 'TRADE_STATE_ERROR' });
    });
  });
});

describe('asking the sandbox about a payment, as WeChat would be asked', () => {
  const provider = () => server.runtime.payments.provider;

  it('answers NOTPAY before the payer confirms, then SUCCESS with the transaction the confirmation made', async () => {
    await open('SBX0000101', 479900);
    expect(await provider().queryPayment('SBX0000101')).toEqual({
      paymentId: 'SBX0000101', transactionId: '', amountFen: 479900, tradeState: 'NOTPAY', successTime: null,
    });
    await cashier.confirm('SBX0000101'); // the callback is "lost": never posted to the notify route
    const paid = await provider().queryPayment('SBX0000101');
    expect(paid).toEqual({
      paymentId: 'SBX0000101', transactionId: expect.stringMatching(/^4200\d{24}$/), amountFen: 479900, tradeState: 'SUCCESS',
      successTime: expect.stringMatching(/Z$/),
    });
    expect(paid.transactionId).toBe((await cashier.find('SBX0000101'))?.transactionId);
  });

  it('answers REFUND once refunded, CLOSED once closed, and ORDER_NOT_EXIST for a payment it never saw', async () => {
    await provider().refund({ paymentId: 'SBX0000101', refundId: 'RSBX000101', amountFen: 100000, totalFen: 479900 });
    expect((await provider().queryPayment('SBX0000101')).tradeState).toBe('REFUND');
    await open('SBX0000102');
    await provider().closePayment('SBX0000102');
    expect((await provider().queryPayment('SBX0000102')).tradeState).toBe('CLOSED');
    await expect(provider().queryPayment('SBX0009999')).rejects.toMatchObject({ code: 'ORDER_NOT_EXIST' });
  });
});

describe('the sandbox\'s daily trade bill', () => {
  it('lists the day\'s payments and refunds from its ledger, and nothing on another day', async () => {
    const provider = server.runtime.payments.provider;
    const paid = await provider.queryPayment('SBX0000101');
    const day = shanghaiDate(new Date(paid.successTime as string));
    const lines = await provider.tradeBill(day);
    expect(lines).toContainEqual({
      paymentId: 'SBX0000101', transactionId: paid.transactionId, tradeState: 'SUCCESS', amountFen: 479900, time: paid.successTime,
    });
    expect(lines).toContainEqual({
      paymentId: 'SBX0000101', transactionId: paid.transactionId, tradeState: 'REFUND', amountFen: 479900, refundId: 'RSBX000101',
      providerRefundId: expect.stringMatching(/^5030\d{26}$/), refundFen: 100000, refundStatus: 'SUCCESS', time: expect.stringMatching(/Z$/),
    });
    expect(lines.map((l) => l.paymentId)).not.toContain('SBX0000102'); // closed unpaid: not in a bill
    expect(await provider.tradeBill('2020-01-01')).toEqual([]);
    await expect(provider.tradeBill('2020-13-01')).rejects.toMatchObject({ code: 'PARAM_ERROR' });
  });
});
