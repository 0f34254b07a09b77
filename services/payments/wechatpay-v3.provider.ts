/**
 * WeChat Pay v3 Native (扫码支付) for a directly connected merchant: place an order for a `code_url`, close it,
 * refund from it, verify + decrypt its payment notifications, ask for an order's state (a callback that never came)
 * and fetch the daily trade bill. Every call is signed with the merchant key and every answer checked against the
 * platform key (wechatpay-v3.client.ts); the bill file, which WeChat sends unsigned, against its announced SHA1.
 *
 * From WeChat's documentation: 商户订单号查询订单 (pay.weixin.qq.com/docs/merchant/apis/native-payment/
 * query-by-out-trade-no.html) GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=…, answering the
 * transaction (trade_state, transaction_id and success_time once paid, amount.total), 404 ORDER_NOT_EXIST for an
 * order it never saw; 申请交易账单 (/doc/v3/merchant/4012556654) GET /v3/bill/tradebill?bill_date=&bill_type=ALL →
 * {hash_type, hash_value, download_url}, and 400 NO_STATEMENT_EXIST for a day without trades (/doc/v3/merchant/4013071254).
 */
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import {
  assertFen, assertOutNumber, clipDescription, PaymentProviderError, REFUND_STATUSES, TRADE_STATES,
  type PaymentProvider, type RefundResult,
} from './payment-provider';
import { isBillDate } from './shanghai-day';
import { assertBillHash, parseTradeBill } from './wechatpay-bill';
import { callWechatPay, downloadWechatPayFile, type WechatPayClientSettings } from './wechatpay-v3.client';
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
/** An unpaid order's answer has no transaction_id or success_time, and may have no amount. */
const QueryAnswer = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().min(1).optional(),
  trade_state: z.enum(TRADE_STATES),
  success_time: z.string().optional(),
  amount: z.object({ total: z.number().int().nonnegative().optional() }).optional(),
});
const BillAnswer = z.object({ hash_type: z.string().min(1), hash_value: z.string().min(1), download_url: z.string().url() });

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

    async queryPayment(paymentId) {
      assertOutNumber('paymentId', paymentId);
      const answer = await callWechatPay(client, 'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentId)}?mchid=${encodeURIComponent(options.mchid)}`);
      const t = expect(QueryAnswer, answer.body);
      if (t.mchid !== options.mchid || t.out_trade_no !== paymentId) {
        throw new PaymentProviderError('MALFORMED_RESPONSE', 'WeChat Pay answered about another order');
      }
      const paidAt = t.success_time === undefined ? Number.NaN : Date.parse(t.success_time);
      return {
        paymentId,
        transactionId: t.transaction_id ?? '',
        amountFen: t.amount?.total ?? 0,
        tradeState: t.trade_state,
        successTime: Number.isNaN(paidAt) ? null : new Date(paidAt).toISOString(),
      };
    },

    async tradeBill(billDate) {
      if (!isBillDate(billDate)) throw new PaymentProviderError('PARAM_ERROR', 'billDate must be yyyy-MM-dd');
      let bill: z.infer<typeof BillAnswer>;
      try {
        bill = expect(BillAnswer, (await callWechatPay(client, 'GET', `/v3/bill/tradebill?bill_date=${billDate}&bill_type=ALL`)).body);
      } catch (error) {
        if (error instanceof PaymentProviderError && error.code === 'NO_STATEMENT_EXIST') return [];
        throw error;
      }
      const file = await downloadWechatPayFile(client, bill.download_url);
      assertBillHash(file, bill.hash_type, bill.hash_value);
      return parseTradeBill(file.toString('utf8'));
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
