/**
 * The sandbox provider (default): no money moves, but everything else is WeChat's. The QR encodes
 * `${publicBaseUrl}/pay/sandbox/<paymentId>`, a page where the payer confirms or cancels (services/api/pay). A
 * confirmation becomes the callback WeChat would send — the transaction encrypted with the sandbox APIv3 key and
 * signed with the sandbox platform key — and it is verified by the same code as a real one (`parseCallback`).
 * A query answers from the sandbox's ledger as WeChat would (SUCCESS with its transaction once confirmed, NOTPAY,
 * CLOSED, REFUND once refunded), and the daily bill lists the ledger's payments and refunds of that Shanghai day.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '../db/database';
import {
  assertFen, assertOutNumber, clipDescription, PaymentProviderError, type BillLine, type PaymentProvider, type RefundResult,
} from './payment-provider';
import {
  findSandboxOrder, findSandboxRefund, markSandboxPaid, markSandboxState, migrateSandboxLedger, openSandboxOrder,
  recordSandboxRefund, refundedFen, sandboxOrdersPaidBetween, sandboxRefundsBetween, type SandboxOrder,
} from './sandbox-ledger';
import { shanghaiDayBounds } from './shanghai-day';
import type { SandboxKeys } from './sandbox-keys';
import {
  buildPaymentNotification, chinaTime, verifyPaymentNotification, type SignedNotification,
} from './wechatpay-notification';
import { buildRefundNotification, verifyRefundNotification } from './wechatpay-refund-notification';

/** What the sandbox page needs besides the provider. */
export interface SandboxCashier {
  /** The order as the sandbox's "WeChat" knows it (`expired`: unpaid past its expiry); null when it never saw it. */
  find(paymentId: string): Promise<(SandboxOrder & { expired: boolean }) | null>;
  /**
   * The payer confirmed: the first confirmation pays (a new transaction id), later ones re-send that same
   * transaction, as WeChat re-sends a notification. Throws PaymentProviderError for an unknown, closed or expired order.
   */
  confirm(paymentId: string): Promise<SignedNotification>;
  /**
   * The signed REFUND.SUCCESS notification for a refund the sandbox made, as WeChat posts it to the refund notify URL
   * (services/api/after-sale/refund-notify.route.ts). Throws PaymentProviderError for a refund it never made.
   */
  refundNotification(refundId: string): Promise<SignedNotification>;
  /** Where QR codes point; `PUBLIC_BASE_URL` when configured, else what `useServerAddress` reports. */
  publicBaseUrl(): string;
  /** Called by the routes once the server knows its address; ignored when PUBLIC_BASE_URL is configured. */
  useServerAddress(resolve: () => string | null): void;
}

export interface SandboxOptions {
  db: Database;
  keys: SandboxKeys;
  clock: () => Date;
  /** PUBLIC_BASE_URL, if configured. */
  publicBaseUrl?: string;
  /** Used until the server reports its address (e.g. http://localhost:3000). */
  fallbackBaseUrl: string;
}

export async function createSandboxProvider(options: SandboxOptions): Promise<{ provider: PaymentProvider; cashier: SandboxCashier }> {
  const { db, keys, clock } = options;
  await migrateSandboxLedger(db);
  let serverAddress: () => string | null = () => null;
  const baseUrl = () => (options.publicBaseUrl ?? serverAddress() ?? options.fallbackBaseUrl).replace(/\/+$/, '');
  const codeUrlOf = (paymentId: string) => `${baseUrl()}/pay/sandbox/${encodeURIComponent(paymentId)}`;

  const requireOrder = async (paymentId: string): Promise<SandboxOrder> => {
    const order = await findSandboxOrder(db, paymentId);
    if (!order) throw new PaymentProviderError('ORDER_NOT_EXIST', '订单不存在');
    return order;
  };

  const provider: PaymentProvider = {
    kind: 'sandbox',

    async createNativePayment({ paymentId, amountFen, description, expiresAt }) {
      assertOutNumber('paymentId', paymentId);
      assertFen('amountFen', amountFen);
      const order = await openSandboxOrder(db, { paymentId, amountFen, description: clipDescription(description), expiresAt }, clock());
      if (order.tradeState === 'SUCCESS' || order.tradeState === 'REFUND') throw new PaymentProviderError('ORDERPAID', '该订单已支付');
      if (order.tradeState === 'CLOSED') throw new PaymentProviderError('ORDER_CLOSED', '订单已关闭');
      if (order.amountFen !== amountFen) throw new PaymentProviderError('INVALID_REQUEST', '商户订单号重复');
      return { codeUrl: codeUrlOf(paymentId) };
    },

    async parseCallback(headers, rawBody) {
      return verifyPaymentNotification(headers, rawBody, { platform: keys.verifier, apiV3Key: keys.apiV3Key, merchant: keys.merchant }, clock());
    },

    async parseRefundCallback(headers, rawBody) {
      return verifyRefundNotification(headers, rawBody, { platform: keys.verifier, apiV3Key: keys.apiV3Key, merchant: keys.merchant }, clock());
    },

    async closePayment(paymentId) {
      const order = await requireOrder(paymentId);
      if (order.tradeState === 'SUCCESS' || order.tradeState === 'REFUND') throw new PaymentProviderError('ORDERPAID', '该订单已支付');
      await markSandboxState(db, paymentId, 'NOTPAY', 'CLOSED');
    },

    async refund({ paymentId, refundId, amountFen, totalFen }) {
      assertOutNumber('refundId', refundId);
      assertFen('amountFen', amountFen);
      return db.transaction(async (tx): Promise<RefundResult> => {
        const earlier = await findSandboxRefund(tx, refundId);
        if (earlier) return { status: 'SUCCESS', providerRefundId: earlier.providerRefundId };
        await tx.query('select 1 from sandbox_wechatpay_orders where payment_id = $1 for update', [paymentId]);
        const order = await findSandboxOrder(tx, paymentId);
        if (!order) throw new PaymentProviderError('RESOURCE_NOT_EXISTS', '订单不存在');
        if (order.tradeState !== 'SUCCESS' && order.tradeState !== 'REFUND') throw new PaymentProviderError('TRADE_STATE_ERROR', '订单未支付');
        if (totalFen !== order.amountFen) throw new PaymentProviderError('PARAM_ERROR', '订单金额与支付金额不一致');
        if ((await refundedFen(tx, paymentId)) + amountFen > order.amountFen) {
          throw new PaymentProviderError('NOT_ENOUGH', '申请退款金额超过订单可退金额');
        }
        const providerRefundId = `5030${digits(26)}`;
        await recordSandboxRefund(tx, { refundId, paymentId, amountFen, providerRefundId }, clock());
        await markSandboxState(tx, paymentId, 'SUCCESS', 'REFUND');
        return { status: 'SUCCESS', providerRefundId };
      });
    },

    async queryRefund(refundId) {
      const refund = await findSandboxRefund(db, refundId);
      if (!refund) throw new PaymentProviderError('RESOURCE_NOT_EXISTS', '退款单不存在');
      return { status: 'SUCCESS', providerRefundId: refund.providerRefundId };
    },

    async queryPayment(paymentId) {
      assertOutNumber('paymentId', paymentId);
      const order = await requireOrder(paymentId);
      return {
        paymentId,
        transactionId: order.transactionId ?? '',
        amountFen: order.amountFen,
        tradeState: order.tradeState,
        successTime: order.successTime?.toISOString() ?? null,
      };
    },

    async tradeBill(billDate) {
      let day: { from: Date; to: Date };
      try {
        day = shanghaiDayBounds(billDate);
      } catch {
        throw new PaymentProviderError('PARAM_ERROR', 'billDate must be yyyy-MM-dd');
      }
      const paid = await sandboxOrdersPaidBetween(db, day.from, day.to);
      const refunds = await sandboxRefundsBetween(db, day.from, day.to);
      return [
        // a payment line says SUCCESS even when the order was refunded later: the bill is dated by the payment
        ...paid.map((order): BillLine => ({
          paymentId: order.paymentId, transactionId: order.transactionId ?? '', tradeState: 'SUCCESS', amountFen: order.amountFen,
          time: (order.successTime ?? day.from).toISOString(),
        })),
        ...refunds.map((refund): BillLine => ({
          paymentId: refund.paymentId, transactionId: refund.transactionId ?? '', tradeState: 'REFUND', amountFen: refund.totalFen,
          refundId: refund.refundId, providerRefundId: refund.providerRefundId, refundFen: refund.amountFen, refundStatus: 'SUCCESS',
          time: refund.at.toISOString(),
        })),
      ];
    },
  };

  const cashier: SandboxCashier = {
    async find(paymentId) {
      const order = await findSandboxOrder(db, paymentId);
      if (!order) return null;
      return { ...order, expired: order.tradeState === 'NOTPAY' && order.expiresAt.getTime() <= clock().getTime() };
    },

    async refundNotification(refundId) {
      const refund = await findSandboxRefund(db, refundId);
      if (!refund) throw new PaymentProviderError('RESOURCE_NOT_EXISTS', '退款单不存在');
      const order = await requireOrder(refund.paymentId);
      return buildRefundNotification({
        mchid: keys.merchant.mchid, out_trade_no: refund.paymentId, transaction_id: order.transactionId ?? undefined,
        out_refund_no: refund.refundId, refund_id: refund.providerRefundId, refund_status: 'SUCCESS',
        success_time: chinaTime(clock()), amount: { total: order.amountFen, refund: refund.amountFen },
      }, keys.signer, keys.apiV3Key, clock());
    },

    async confirm(paymentId) {
      const now = clock();
      const before = await requireOrder(paymentId);
      if (before.tradeState === 'CLOSED') throw new PaymentProviderError('ORDER_CLOSED', '订单已关闭');
      if (before.tradeState === 'NOTPAY') {
        if (before.expiresAt.getTime() <= now.getTime()) throw new PaymentProviderError('ORDER_CLOSED', '二维码已过期');
        await markSandboxPaid(db, paymentId, `4200${chinaTime(now).slice(0, 10).replace(/-/g, '')}${digits(16)}`, now);
      }
      const order = await requireOrder(paymentId);
      if (!order.transactionId || !order.successTime) throw new PaymentProviderError('ORDER_CLOSED', '订单已关闭');
      return buildPaymentNotification({
        appid: keys.merchant.appid,
        mchid: keys.merchant.mchid,
        out_trade_no: order.paymentId,
        transaction_id: order.transactionId,
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        success_time: chinaTime(order.successTime),
        amount: { total: order.amountFen, payer_total: order.amountFen, currency: 'CNY', payer_currency: 'CNY' },
        payer: { openid: 'sandbox-payer' },
      }, keys.signer, keys.apiV3Key, now);
    },

    publicBaseUrl: baseUrl,
    useServerAddress(resolve) {
      serverAddress = resolve;
    },
  };

  return { provider, cashier };
}

function digits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i += 1) out += String(randomInt(10));
  return out;
}
