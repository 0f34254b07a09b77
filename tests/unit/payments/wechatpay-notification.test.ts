/**
 * Payment notifications: the resource is AES-256-GCM under the APIv3 key and the body signed by the platform;
 * anything tampered with, foreign or not a payment is refused with its reason.
 */
import { createDecipheriv, generateKeyPairSync } from 'node:crypto';
import { PaymentCallbackError } from '../../../services/payments/payment-provider';
import { encryptResource } from '../../../services/payments/wechatpay-crypto';
import {
  buildPaymentNotification, verifyPaymentNotification, type Transaction,
} from '../../../services/payments/wechatpay-notification';
import { platformHeaders } from '../../../services/payments/wechatpay-signature';

const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signer = { privateKey: platformKeys.privateKey, serial: 'SERIAL-A' };
const apiV3Key = 'abcdefghijklmnopqrstuvwxyz012345';
const merchant = { mchid: '1900000001', appid: 'wxapp000001' };
const keys = { platform: { publicKey: platformKeys.publicKey, serial: 'SERIAL-A' }, apiV3Key, merchant };
const now = new Date('2025-03-01T08:00:00.000Z');

const transaction: Transaction = {
  appid: merchant.appid, mchid: merchant.mchid, out_trade_no: 'P20250301000001', transaction_id: '4200002025030112345678901234',
  trade_type: 'NATIVE', trade_state: 'SUCCESS', success_time: '2025-03-01T15:59:30+08:00',
  amount: { total: 12345, payer_total: 12345, currency: 'CNY', payer_currency: 'CNY' },
};

interface Envelope { resource: { ciphertext: string; associated_data: string; nonce: string; original_type: string } }

/** A body changed after signing, then signed again by the platform: only the encryption can catch it. */
const resigned = (mutate: (envelope: Envelope) => void) => {
  const { body } = buildPaymentNotification(transaction, signer, apiV3Key, now);
  const envelope = JSON.parse(body) as Envelope;
  mutate(envelope);
  const text = JSON.stringify(envelope);
  return { headers: platformHeaders(text, signer, now), body: text };
};

const reasonOf = (headers: Record<string, string>, body: string, options = keys): string => {
  try {
    verifyPaymentNotification(headers, body, options, now);
    return 'accepted';
  } catch (error) {
    if (error instanceof PaymentCallbackError) return error.reason;
    throw error;
  }
};

describe('a payment notification as WeChat sends it', () => {
  const notification = buildPaymentNotification(transaction, signer, apiV3Key, now);

  it('verifies and decrypts to the payment result', () => {
    expect(verifyPaymentNotification(notification.headers, notification.body, keys, now)).toEqual({
      paymentId: 'P20250301000001',
      transactionId: '4200002025030112345678901234',
      amountFen: 12345,
      tradeState: 'SUCCESS',
      successTime: '2025-03-01T07:59:30.000Z',
    });
  });

  it('carries an AEAD_AES_256_GCM resource: ciphertext then the 16-byte tag, under the APIv3 key', () => {
    const { resource } = JSON.parse(notification.body) as Envelope & { resource: { algorithm: string } };
    expect(resource).toEqual(expect.objectContaining({ original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' }));
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(resource.nonce));
    decipher.setAAD(Buffer.from(resource.associated_data));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString();
    expect(JSON.parse(plain)).toEqual(transaction);
  });

  it('is signed over the exact body', () => {
    expect(reasonOf(notification.headers, notification.body.replace('"summary":"支付成功"', '"summary":"x"'))).toBe('signature');
  });
});

describe('a notification tampered with and signed again', () => {
  it('is refused when a byte of the ciphertext changed', () => {
    const { headers, body } = resigned((e) => {
      const bytes = Buffer.from(e.resource.ciphertext, 'base64');
      bytes[5] ^= 0x01;
      e.resource.ciphertext = bytes.toString('base64');
    });
    expect(reasonOf(headers, body)).toBe('decrypt');
  });

  it('is refused when the associated data or nonce changed', () => {
    const aad = resigned((e) => { e.resource.associated_data = 'refund'; });
    expect(reasonOf(aad.headers, aad.body)).toBe('decrypt');
    const nonce = resigned((e) => { e.resource.nonce = 'AAAAAAAAAAAA'; });
    expect(reasonOf(nonce.headers, nonce.body)).toBe('decrypt');
  });

  it('is refused under another APIv3 key', () => {
    const n = buildPaymentNotification(transaction, signer, apiV3Key, now);
    expect(reasonOf(n.headers, n.body, { ...keys, apiV3Key: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ' })).toBe('decrypt');
  });

  it('is refused when the decrypted transaction is for another merchant', () => {
    const foreign = buildPaymentNotification({ ...transaction, mchid: '1999999999' }, signer, apiV3Key, now);
    expect(reasonOf(foreign.headers, foreign.body)).toBe('merchant');
  });

  it('is refused when the body is not a notification', () => {
    const text = '{"hello":"world"}';
    expect(reasonOf(platformHeaders(text, signer, now), text)).toBe('malformed');
  });
});

describe('a verified notification that is not a payment', () => {
  it('is told apart as unsupported (a refund notification)', () => {
    const { headers, body } = resigned((e) => {
      e.resource.original_type = 'refund';
      e.resource.ciphertext = encryptResource('{"out_refund_no":"R1"}', apiV3Key, e.resource.associated_data, e.resource.nonce);
    });
    expect(reasonOf(headers, body)).toBe('unsupported');
  });
});
