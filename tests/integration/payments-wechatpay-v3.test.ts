/**
 * The WeChat Pay v3 Native provider, its real code against a local server speaking the v3 protocol: our requests
 * must verify with the merchant key, its answers must verify with the platform key, its callbacks must verify
 * and decrypt.
 */
import { generateKeyPairSync } from 'node:crypto';
import { PaymentCallbackError, PaymentProviderError, type PaymentProvider } from '../../services/payments/payment-provider';
import { createWechatPayV3Provider, type WechatPayV3Options } from '../../services/payments/wechatpay-v3.provider';
import { startProtocolServer, tradeBillFile, type ProtocolServer } from './payments-v3.support';

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

describe('asking WeChat about a payment whose callback never came', () => {
  it('answers a paid order with its transaction, amount and success time, from a signed GET naming the merchant', async () => {
    wechat.transactions.set('P202501010009', {
      trade_state: 'SUCCESS', total: 479900, transaction_id: '4200001122202503011234567899', success_time: '2025-03-01T10:00:00+08:00',
    });
    expect(await provider.queryPayment('P202501010009')).toEqual({
      paymentId: 'P202501010009', transactionId: '4200001122202503011234567899', amountFen: 479900, tradeState: 'SUCCESS',
      successTime: '2025-03-01T02:00:00.000Z',
    });
    expect(wechat.requests[0]).toEqual(expect.objectContaining({
      method: 'GET', path: '/v3/pay/transactions/out-trade-no/P202501010009?mchid=1230000109', body: '',
    }));
  });

  it('answers an unpaid order NOTPAY, with no transaction and no success time', async () => {
    wechat.transactions.set('P202501010010', { trade_state: 'NOTPAY', total: 100 });
    expect(await provider.queryPayment('P202501010010')).toEqual({
      paymentId: 'P202501010010', transactionId: '', amountFen: 100, tradeState: 'NOTPAY', successTime: null,
    });
  });

  it('surfaces an order WeChat never saw as ORDER_NOT_EXIST', async () => {
    const error = await provider.queryPayment('P202501019999').catch((e: unknown) => e);
    expect(error).toEqual(expect.objectContaining({ code: 'ORDER_NOT_EXIST', httpStatus: 404 }));
  });

  it('does not believe an answer changed on the way', async () => {
    wechat.transactions.set('P202501010011', { trade_state: 'NOTPAY', total: 100 });
    wechat.misbehave = 'tampered-body';
    expect(await codeOf(provider.queryPayment('P202501010011'))).toBe('RESPONSE_SIGNATURE');
  });
});

describe('the daily trade bill', () => {
  const file = () => tradeBillFile([
    { time: '2025-03-01 10:00:00', transactionId: '4200001122202503011234567890', outTradeNo: 'P202503010001', state: 'SUCCESS',
      settled: '47.99', total: '47.99', product: '集市订单：卫衣,红色 XL' },
    { time: '2025-03-01 23:59:59', transactionId: '4200001122202503011234567891', outTradeNo: 'P202503010002', state: 'SUCCESS',
      settled: '0.05', total: '0.05' },
    { time: '2025-03-01 12:30:00', transactionId: '4200001122202503011234567890', outTradeNo: 'P202503010001', state: 'REFUND',
      settled: '47.99', total: '47.99', refundId: '50300001', outRefundNo: 'R202503010001', refund: '10.50', refundStatus: 'SUCCESS' },
  ], wechat.merchant.mchid, wechat.merchant.appid);

  it('is applied for, downloaded with a signed GET, checked against its SHA1 and read line by line in fen', async () => {
    wechat.bills.set('2025-03-01', file());
    expect(await provider.tradeBill('2025-03-01')).toEqual([
      { paymentId: 'P202503010001', transactionId: '4200001122202503011234567890', tradeState: 'SUCCESS', amountFen: 4799,
        time: '2025-03-01T02:00:00.000Z' },
      { paymentId: 'P202503010002', transactionId: '4200001122202503011234567891', tradeState: 'SUCCESS', amountFen: 5,
        time: '2025-03-01T15:59:59.000Z' },
      { paymentId: 'P202503010001', transactionId: '4200001122202503011234567890', tradeState: 'REFUND', amountFen: 4799,
        refundId: 'R202503010001', providerRefundId: '50300001', refundFen: 1050, refundStatus: 'SUCCESS',
        time: '2025-03-01T04:30:00.000Z' },
    ]);
    expect(wechat.requests.map((r) => [r.method, r.path, r.authorization.mchid])).toEqual([
      ['GET', '/v3/bill/tradebill?bill_date=2025-03-01&bill_type=ALL', '1230000109'],
      ['GET', '/v3/billdownload/file?token=2025-03-01', '1230000109'],
    ]);
  });

  it('is refused when the file does not match the announced hash', async () => {
    wechat.bills.set('2025-03-01', file());
    wechat.misbehave = 'wrong-bill-hash';
    expect(await codeOf(provider.tradeBill('2025-03-01'))).toBe('BILL_HASH');
  });

  it('is empty for a day without trades (WeChat: NO_STATEMENT_EXIST)', async () => {
    expect(await provider.tradeBill('2025-02-28')).toEqual([]);
  });

  it('refuses a date that is not yyyy-MM-dd, without calling WeChat', async () => {
    expect(await codeOf(provider.tradeBill('2025-02-30'))).toBe('PARAM_ERROR');
    expect(wechat.requests).toHaveLength(0);
  });
});
