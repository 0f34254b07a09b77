/**
 * Refund notifications (WeChat Pay v3 `REFUND.SUCCESS` / `REFUND.ABNORMAL` / `REFUND.CLOSED`), verified and
 * decrypted here for both providers like payment notifications (wechatpay-notification.ts): the signature with the
 * platform key, the resource `{original_type: 'refund', AEAD_AES_256_GCM}` with the APIv3 key; the plaintext names
 * the refund (`out_refund_no`), its payment and its `refund_status`.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { PaymentCallbackError, type RefundNotice } from './payment-provider';
import { encryptResource, nonceString } from './wechatpay-crypto';
import { chinaTime, openNotification, type NotificationKeys, type SignedNotification } from './wechatpay-notification';
import { platformHeaders, type HeaderBag, type PlatformSigner } from './wechatpay-signature';

export const RefundResource = z.object({
  mchid: z.string(),
  out_trade_no: z.string().min(1),
  transaction_id: z.string().optional(),
  out_refund_no: z.string().min(1),
  refund_id: z.string().min(1),
  refund_status: z.enum(['SUCCESS', 'CLOSED', 'ABNORMAL']),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int(), refund: z.number().int(), payer_total: z.number().int().optional(), payer_refund: z.number().int().optional() }),
});
export type RefundResource = z.infer<typeof RefundResource>;

export function verifyRefundNotification(headers: HeaderBag, rawBody: string, keys: NotificationKeys, now: Date): RefundNotice {
  const parsed = RefundResource.safeParse(openNotification(headers, rawBody, keys, now, 'refund', 'refund'));
  if (!parsed.success) throw new PaymentCallbackError('malformed', 'the decrypted refund is malformed');
  const r = parsed.data;
  if (r.mchid !== keys.merchant.mchid) throw new PaymentCallbackError('merchant', 'the refund belongs to another merchant');
  return { paymentId: r.out_trade_no, refundId: r.out_refund_no, providerRefundId: r.refund_id, status: r.refund_status, amountFen: r.amount.refund };
}

/** What WeChat sends to the refund notify URL: encrypted with the APIv3 key, signed by the platform. */
export function buildRefundNotification(refund: RefundResource, signer: PlatformSigner, apiV3Key: string, now: Date): SignedNotification {
  const nonce = nonceString(12);
  const associatedData = 'refund';
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: chinaTime(now),
    resource_type: 'encrypt-resource',
    event_type: `REFUND.${refund.refund_status}`,
    summary: refund.refund_status === 'SUCCESS' ? '退款成功' : '退款异常',
    resource: {
      original_type: 'refund',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encryptResource(JSON.stringify(refund), apiV3Key, associatedData, nonce),
      associated_data: associatedData,
      nonce,
    },
  });
  return { headers: { 'Content-Type': 'application/json', ...platformHeaders(body, signer, now) }, body };
}
