/**
 * Payment notifications (WeChat Pay v3 `TRANSACTION.SUCCESS`): verified and decrypted here for both providers, so
 * the sandbox's callbacks take exactly the path a real one does. The resource is `{original_type: 'transaction',
 * algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data, nonce}`; the plaintext is the transaction.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PaymentCallbackError, TRADE_STATES, type PaymentResult } from './payment-provider';
import { decryptResource, encryptResource, nonceString } from './wechatpay-crypto';
import {
  platformHeaders, verifySignedBody, type HeaderBag, type PlatformSigner, type PlatformVerifier,
} from './wechatpay-signature';

const Notification = z.object({
  id: z.string(),
  create_time: z.string(),
  event_type: z.string(),
  resource_type: z.string(),
  summary: z.string().optional(),
  resource: z.object({
    original_type: z.string(),
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().min(1),
    associated_data: z.string().optional(),
    nonce: z.string().min(1),
  }),
});

export const Transaction = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().min(1),
  trade_type: z.string().optional(),
  trade_state: z.enum(TRADE_STATES),
  trade_state_desc: z.string().optional(),
  success_time: z.string().optional(),
  amount: z.object({
    total: z.number().int().nonnegative(),
    payer_total: z.number().int().nonnegative().optional(),
    currency: z.string().optional(),
    payer_currency: z.string().optional(),
  }),
  payer: z.object({ openid: z.string() }).partial().optional(),
});
export type Transaction = z.infer<typeof Transaction>;

export interface Merchant { mchid: string; appid: string }

export interface NotificationKeys {
  platform: PlatformVerifier;
  apiV3Key: string;
  merchant: Merchant;
}

/** `2024-05-01T10:00:00+08:00`: the RFC 3339 form WeChat writes and expects, in China time. */
export function chinaTime(instant: Date): string {
  const shifted = new Date(instant.getTime() + 8 * 60 * 60 * 1000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

/**
 * Any v3 notification: the platform's signature over the raw body, the envelope, the resource decrypted with the
 * APIv3 key and of the expected `original_type` ('transaction' for payments, 'refund' for refunds): its plaintext JSON.
 */
export function openNotification(
  headers: HeaderBag, rawBody: string, keys: NotificationKeys, now: Date, originalType: string, what: string,
): unknown {
  verifySignedBody(headers, rawBody, keys.platform, now);
  const envelope = Notification.safeParse(parseJson(rawBody));
  if (!envelope.success) throw new PaymentCallbackError('malformed', 'not a WeChat Pay notification');
  const { resource } = envelope.data;
  let plaintext: string;
  try {
    plaintext = decryptResource(resource.ciphertext, keys.apiV3Key, resource.associated_data ?? '', resource.nonce);
  } catch {
    throw new PaymentCallbackError('decrypt', 'the notification resource does not decrypt');
  }
  if (resource.original_type !== originalType) {
    throw new PaymentCallbackError('unsupported', `${envelope.data.event_type} (${resource.original_type}) is not a ${what} notification`);
  }
  return parseJson(plaintext);
}

export function verifyPaymentNotification(headers: HeaderBag, rawBody: string, keys: NotificationKeys, now: Date): PaymentResult {
  const transaction = Transaction.safeParse(openNotification(headers, rawBody, keys, now, 'transaction', 'payment'));
  if (!transaction.success) throw new PaymentCallbackError('malformed', 'the decrypted transaction is malformed');
  const t = transaction.data;
  if (t.mchid !== keys.merchant.mchid || t.appid !== keys.merchant.appid) {
    throw new PaymentCallbackError('merchant', 'the transaction belongs to another merchant or app');
  }
  const successTime = t.success_time ? Date.parse(t.success_time) : Number.NaN;
  if (t.trade_state === 'SUCCESS' && Number.isNaN(successTime)) throw new PaymentCallbackError('malformed', 'success_time is missing');
  return {
    paymentId: t.out_trade_no,
    transactionId: t.transaction_id,
    amountFen: t.amount.total,
    tradeState: t.trade_state,
    successTime: Number.isNaN(successTime) ? null : new Date(successTime).toISOString(),
  };
}

export interface SignedNotification { headers: Record<string, string>; body: string }

/** What WeChat sends to the notify URL for `transaction`: encrypted with the APIv3 key, signed by the platform. */
export function buildPaymentNotification(
  transaction: Transaction, signer: PlatformSigner, apiV3Key: string, now: Date,
): SignedNotification {
  const nonce = nonceString(12);
  const associatedData = 'transaction';
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: chinaTime(now),
    resource_type: 'encrypt-resource',
    event_type: transaction.trade_state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : `TRANSACTION.${transaction.trade_state}`,
    summary: transaction.trade_state === 'SUCCESS' ? '支付成功' : transaction.trade_state,
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encryptResource(JSON.stringify(transaction), apiV3Key, associatedData, nonce),
      associated_data: associatedData,
      nonce,
    },
  });
  return { headers: { 'Content-Type': 'application/json', ...platformHeaders(body, signer, now) }, body };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
