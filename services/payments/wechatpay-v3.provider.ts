/**
 * WeChat Pay v3 Native (扫码支付) for a directly connected merchant: place an order for a `code_url`, close it,
 * refund from it, and verify + decrypt its payment notifications. Every call is signed with the merchant key and
 * every answer checked against the platform key (wechatpay-v3.client.ts).
 */
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import {
  assertFen, assertOutNumber, clipDescription, PaymentProviderError, REFUND_STATUSES,
  type PaymentProvider, type RefundResult,
} from './payment-provider';
import { callWechatPay, type WechatPayClientSettings } from './wechatpay-v3.client';
import { chinaTime, verifyPaymentNotification } from './wechatpay-notification';
import { verifyRefundNotification } from './wechatpay-refund-notification';
import type { PlatformVerifier } from './wechatpay-signature';

export const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com';

export interface WechatPayV3Options {
  mchid: string;
  appid: string;
  /** The merchant API certificate's serial number. */
  serialNo: string;
  privateKey: KeyObject;
  apiV3Key: string;
  platform: PlatformVerifier;
  notifyUrl: string;
  /** Where WeChat posts refund notifications; default: the notify URL's sibling `…/refund-notify`. */
  refundNotifyUrl?: string;
  baseUrl?: string;
  clock: () => Date;
  timeoutMs?: number;
}

const NativeAnswer = z.object({ code_url: z.string().min(1) });
const RefundAnswer = z.object({ refund_id: z.string().min(1), status: z.enum(REFUND_STATUSES) });

export function createWechatPayV3Provider(options: WechatPayV3Options): PaymentProvider {
  const client: WechatPayClientSettings = {
    merchant: { mchid: options.mchid, serialNo: options.serialNo, privateKey: options.privateKey },
    platform: options.platform,
    baseUrl: options.baseUrl ?? WECHATPAY_BASE_URL,
    clock: options.clock,
    timeoutMs: options.timeoutMs,
  };
  const refundResult = (body: unknown): RefundResult => {
    const answer = expect(RefundAnswer, body);
    return { status: answer.status, providerRefundId: answer.refund_id };
  };

  return {
    kind: 'wechat-native',

    async createNativePayment({ paymentId, amountFen, description, expiresAt }) {
      assertOutNumber('paymentId', paymentId);
      assertFen('amountFen', amountFen);
      const answer = await callWechatPay(client, 'POST', '/v3/pay/transactions/native', {
        appid: options.appid,
        mchid: options.mchid,
        description: clipDescription(description),
        out_trade_no: paymentId,
        time_expire: chinaTime(expiresAt),
        notify_url: options.notifyUrl,
        amount: { total: amountFen, currency: 'CNY' },
      });
      return { codeUrl: expect(NativeAnswer, answer.body).code_url };
    },

    async parseCallback(headers, rawBody) {
      return verifyPaymentNotification(headers, rawBody, {
        platform: options.platform, apiV3Key: options.apiV3Key, merchant: { mchid: options.mchid, appid: options.appid },
      }, options.clock());
    },

    async parseRefundCallback(headers, rawBody) {
      return verifyRefundNotification(headers, rawBody, {
        platform: options.platform, apiV3Key: options.apiV3Key, merchant: { mchid: options.mchid, appid: options.appid },
      }, options.clock());
    },

    async closePayment(paymentId) {
      assertOutNumber('paymentId', paymentId);
      await callWechatPay(client, 'POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentId)}/close`, {
        mchid: options.mchid,
      });
    },

    async refund({ paymentId, refundId, amountFen, totalFen, reason }) {
      assertOutNumber('paymentId', paymentId);
      assertOutNumber('refundId', refundId);
      assertFen('amountFen', amountFen);
      assertFen('totalFen', totalFen);
      const answer = await callWechatPay(client, 'POST', '/v3/refund/domestic/refunds', {
        out_trade_no: paymentId,
        out_refund_no: refundId,
        notify_url: refundNotifyUrlOf(options),
        ...(reason ? { reason: Array.from(reason).slice(0, 80).join('') } : {}),
        amount: { refund: amountFen, total: totalFen, currency: 'CNY' },
      });
      return refundResult(answer.body);
    },

    async queryRefund(refundId) {
      assertOutNumber('refundId', refundId);
      const answer = await callWechatPay(client, 'GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundId)}`);
      return refundResult(answer.body);
    },
  };
}

/** Refund notifications go beside the payment notify URL (…/notify → …/refund-notify) unless configured apart. */
export const refundNotifyUrlOf = (options: Pick<WechatPayV3Options, 'notifyUrl' | 'refundNotifyUrl'>): string =>
  options.refundNotifyUrl ?? options.notifyUrl.replace(/\/notify$/, '/refund-notify');

function expect<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new PaymentProviderError('MALFORMED_RESPONSE', 'WeChat Pay answered an unexpected body');
  return parsed.data;
}
