/**
 * WeChat Pay v3 signatures: the Authorization header we put on requests, and the Wechatpay-* headers we demand on
 * responses and callbacks (signature, timestamp window, serial).
 */
import { generateKeyPairSync, verify } from 'node:crypto';
import { PaymentCallbackError } from '../../../services/payments/payment-provider';
import { authorizationHeader } from '../../../services/payments/wechatpay-v3.client';
import { platformHeaders, verifySignedBody } from '../../../services/payments/wechatpay-signature';

const merchantKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const now = new Date('2025-03-01T08:00:00.000Z');
const platform = { publicKey: platformKeys.publicKey, serial: 'PLATFORM-SERIAL-1' };
const signer = { privateKey: platformKeys.privateKey, serial: 'PLATFORM-SERIAL-1' };

const rejection = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof PaymentCallbackError) return error.reason;
    throw error;
  }
  return 'accepted';
};

describe('a request signed for the merchant', () => {
  const merchant = { mchid: '1230000109', serialNo: 'MERCHANT-SERIAL', privateKey: merchantKeys.privateKey };
  const body = '{"appid":"wx1","amount":{"total":100}}';
  const header = authorizationHeader(merchant, 'POST', '/v3/pay/transactions/native', body, now, 'NONCE123');
  const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

  it('names the scheme, merchant, nonce, timestamp and serial', () => {
    expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    expect(fields).toEqual(expect.objectContaining({
      mchid: '1230000109', nonce_str: 'NONCE123', timestamp: String(now.getTime() / 1000), serial_no: 'MERCHANT-SERIAL',
    }));
  });

  it('signs METHOD\\nURL\\ntimestamp\\nnonce\\nbody\\n with the merchant key', () => {
    const message = `POST\n/v3/pay/transactions/native\n${fields.timestamp}\nNONCE123\n${body}\n`;
    expect(verify('sha256', Buffer.from(message), merchantKeys.publicKey, Buffer.from(fields.signature, 'base64'))).toBe(true);
  });

  it('does not verify for another body', () => {
    const message = `POST\n/v3/pay/transactions/native\n${fields.timestamp}\nNONCE123\n{"amount":{"total":1}}\n`;
    expect(verify('sha256', Buffer.from(message), merchantKeys.publicKey, Buffer.from(fields.signature, 'base64'))).toBe(false);
  });
});

describe('a body signed by the platform', () => {
  const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=abc"}';
  const headers = platformHeaders(body, signer, now);

  it('is accepted as sent', () => {
    expect(rejection(() => verifySignedBody(headers, body, platform, now))).toBe('accepted');
  });

  it('is accepted whatever the header case (Node lower-cases them)', () => {
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    expect(rejection(() => verifySignedBody(lower, body, platform, now))).toBe('accepted');
  });

  it('is refused when the body was changed', () => {
    expect(rejection(() => verifySignedBody(headers, body.replace('abc', 'abd'), platform, now))).toBe('signature');
  });

  it('is refused when the nonce or timestamp was changed', () => {
    expect(rejection(() => verifySignedBody({ ...headers, 'Wechatpay-Nonce': 'other' }, body, platform, now))).toBe('signature');
    const shifted = String(Number(headers['Wechatpay-Timestamp']) + 1);
    expect(rejection(() => verifySignedBody({ ...headers, 'Wechatpay-Timestamp': shifted }, body, platform, now))).toBe('signature');
  });

  it('is refused when the signature was made with another key', () => {
    const forged = platformHeaders(body, { privateKey: strangerKeys.privateKey, serial: signer.serial }, now);
    expect(rejection(() => verifySignedBody(forged, body, platform, now))).toBe('signature');
  });

  it('is refused more than five minutes later (a replay)', () => {
    const later = new Date(now.getTime() + 5 * 60 * 1000 + 1000);
    expect(rejection(() => verifySignedBody(headers, body, platform, later))).toBe('timestamp');
    expect(rejection(() => verifySignedBody(headers, body, platform, new Date(now.getTime() + 4 * 60 * 1000)))).toBe('accepted');
  });

  it('is refused when it names another platform serial', () => {
    expect(rejection(() => verifySignedBody({ ...headers, 'Wechatpay-Serial': 'OTHER' }, body, platform, now))).toBe('serial');
  });

  it('is accepted with any serial when none is configured (a bare platform public key)', () => {
    const anySerial = { publicKey: platform.publicKey };
    expect(rejection(() => verifySignedBody({ ...headers, 'Wechatpay-Serial': 'OTHER' }, body, anySerial, now))).toBe('accepted');
  });

  it('is refused when a Wechatpay header is missing', () => {
    const { 'Wechatpay-Signature': _dropped, ...rest } = headers;
    expect(_dropped).toBeTruthy();
    expect(rejection(() => verifySignedBody(rest, body, platform, now))).toBe('headers');
  });
});
