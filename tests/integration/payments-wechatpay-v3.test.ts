/**
 * The WeChat Pay v3 Native provider, its real code against a local server speaking the v3 protocol: our requests
 * must verify with the merchant key, its answers must verify with the platform key, its callbacks must verify
 * and decrypt.
 */
import { generateKeyPairSync } from 'node:crypto';
import { PaymentCallbackError, PaymentProviderError, type PaymentProvider } from '../../services/payments/payment-provider';
import { createWechatPayV3Provider, type WechatPayV3Options } from '../../services/payments/wechatpay-v3.provider';
import { startProtocolServer, type ProtocolServer } from './payments-v3.support';

let wechat: ProtocolServer;
let provider: PaymentProvider;
let options: WechatPayV3Options;

beforeAll(async () => {
  wechat = await startProtocolServer();
  options = {
    mchid: wechat.merchant.mchid,
    appid: wechat.merchant.appid,
    serialNo: wechat.merchant.serialNo,
    privateKey: wechat.merchant.privateKey,
    apiV3Key: wechat.apiV3Key,
    platform: wechat.platform,
    notifyUrl: 'https://shop.example.com/api/pay/wechat/notify',
    baseUrl: wechat.url,
    clock: () => new Date(),
  };
  provider = createWechatPayV3Provider(options);
});
afterAll(async () => wechat?.close());
beforeEach(() => {
  wechat.misbehave = 'none';
  wechat.requests.length = 0;
});

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    if (error instanceof PaymentProviderError || error instanceof PaymentCallbackError) {
      return error instanceof PaymentProviderError ? error.code : error.reason;
    }
    throw error;
  }
};

describe('a Native payment placed with WeChat', () => {
  it('answers the code_url from a signed request carrying the order', async () => {
    const expiresAt = new Date('2030-01-02T03:04:05.000Z');
    const { codeUrl } = await provider.createNativePayment({ paymentId: 'P202501010001', amountFen: 12345, description: '集市订单 2 件', expiresAt });
    expect(codeUrl).toBe(`weixin://wxpay/bizpayurl?pr=${Buffer.from('P202501010001').toString('hex')}`);
    const [request] = wechat.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v3/pay/transactions/native');
    expect(request.authorization.mchid).toBe('1230000109');
    expect(JSON.parse(request.body)).toEqual({
      appid: 'wxd678efh567hg6787', mchid: '1230000109', description: '集市订单 2 件', out_trade_no: 'P202501010001',
      time_expire: '2030-01-02T11:04:05+08:00', notify_url: 'https://shop.example.com/api/pay/wechat/notify',
      amount: { total: 12345, currency: 'CNY' },
    });
  });

  it('is refused by WeChat when signed with a key that is not the merchant\'s', async () => {
    const impostor = createWechatPayV3Provider({ ...options, privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey });
    const request = impostor.createNativePayment({ paymentId: 'P202501010002', amountFen: 100, description: 'x', expiresAt: new Date(Date.now() + 60000) });
    expect(await codeOf(request)).toBe('SIGN_ERROR');
  });

  it('is not believed when the answer was changed on the way', async () => {
    wechat.misbehave = 'tampered-body';
    const request = provider.createNativePayment({ paymentId: 'P202501010003', amountFen: 100, description: 'x', expiresAt: new Date(Date.now() + 60000) });
    expect(await codeOf(request)).toBe('RESPONSE_SIGNATURE');
  });

  it('is not believed when the answer is unsigned or signed by someone else', async () => {
    const place = () => provider.createNativePayment({ paymentId: 'P202501010004', amountFen: 100, description: 'x', expiresAt: new Date(Date.now() + 60000) });
    wechat.misbehave = 'unsigned';
    expect(await codeOf(place())).toBe('RESPONSE_SIGNATURE');
    wechat.misbehave = 'stranger-signature';
    expect(await codeOf(place())).toBe('RESPONSE_SIGNATURE');
  });

  it('refuses a payment id WeChat would refuse, without calling it', async () => {
    expect(await codeOf(provider.createNativePayment({ paymentId: 'P1', amountFen: 100, description: 'x', expiresAt: new Date() }))).toBe('PARAM_ERROR');
    expect(wechat.requests).toHaveLength(0);
  });
});

describe('closing a payment', () => {
  it('posts the merchant id to the close path and accepts the signed 204', async () => {
    await provider.closePayment('P202501010005');
    expect(wechat.requests[0]).toEqual(expect.objectContaining({
      method: 'POST', path: '/v3/pay/transactions/out-trade-no/P202501010005/close', body: '{"mchid":"1230000109"}',
    }));
  });

  it('surfaces WeChat\'s error code when the order was already paid', async () => {
    wechat.paid.add('P202501010006');
    const error = await provider.closePayment('P202501010006').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toEqual(expect.objectContaining({ code: 'ORDERPAID', message: '该订单已支付', httpStatus: 400 }));
  });
});

describe('refunding from a payment', () => {
  it('asks for the refund and later learns it succeeded', async () => {
    const refund = await provider.refund({ paymentId: 'P202501010007', refundId: 'R202501010007', amountFen: 500, totalFen: 12345, reason: '拼单失败' });
    expect(refund).toEqual({ status: 'PROCESSING', providerRefundId: '500001' });
    expect(JSON.parse(wechat.requests[0].body)).toEqual({
      out_trade_no: 'P202501010007', out_refund_no: 'R202501010007', notify_url: 'https://shop.example.com/api/pay/wechat/refund-notify',
      reason: '拼单失败', amount: { refund: 500, total: 12345, currency: 'CNY' },
    });
    expect(await provider.queryRefund('R202501010007')).toEqual({ status: 'SUCCESS', providerRefundId: '500001' });
    expect(wechat.requests[1]).toEqual(expect.objectContaining({ method: 'GET', path: '/v3/refund/domestic/refunds/R202501010007', body: '' }));
  });

  it('surfaces an unknown refund as WeChat names it', async () => {
    expect(await codeOf(provider.queryRefund('R999999999'))).toBe('RESOURCE_NOT_EXISTS');
  });
});

describe('a payment notification from WeChat', () => {
  it('verifies and decrypts to the result', async () => {
    const { headers, body } = wechat.notification('P202501010008', 12345);
    expect(await provider.parseCallback(headers, body)).toEqual({
      paymentId: 'P202501010008', transactionId: '4200001122202503011234567890', amountFen: 12345, tradeState: 'SUCCESS',
      successTime: '2025-03-01T02:00:00.000Z',
    });
  });

  it('is refused when its body was altered', async () => {
    const { headers, body } = wechat.notification('P202501010008', 12345);
    expect(await codeOf(provider.parseCallback(headers, body.replace('"summary":"支付成功"', '"summary":"成功"')))).toBe('signature');
  });

  it('is refused when it names a platform serial we do not know', async () => {
    const { headers, body } = wechat.notification('P202501010008', 12345);
    expect(await codeOf(provider.parseCallback({ ...headers, 'Wechatpay-Serial': 'ANOTHER' }, body))).toBe('serial');
  });

  it('is refused when it decrypts under another APIv3 key', async () => {
    const { headers, body } = wechat.notification('P202501010008', 12345);
    const otherKey = createWechatPayV3Provider({ ...options, apiV3Key: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ' });
    expect(await codeOf(otherKey.parseCallback(headers, body))).toBe('decrypt');
  });

  it('is refused when the transaction is for another app', async () => {
    const { headers, body } = wechat.notification('P202501010008', 12345, { appid: 'wx-someone-else' });
    expect(await codeOf(provider.parseCallback(headers, body))).toBe('merchant');
  });
});
