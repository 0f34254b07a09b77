/**
 * The WeChat Pay port (DESIGN.md §8): what the order slice calls to take money, and what the notify route calls to
 * learn that money arrived. Two providers implement it: the sandbox (default; `sandbox.provider.ts`) and WeChat Pay
 * v3 Native (`wechatpay-v3.provider.ts`). Both verify and decrypt callbacks through `wechatpay-notification.ts`.
 *
 *   const { codeUrl } = await provider.createNativePayment({ paymentId, amountFen, description, expiresAt });
 *   const svg = await qrSvg(codeUrl);                           // the QR the pay info's `url` serves
 *   await provider.closePayment(paymentId);                     // order cancelled / payment expired
 *   const { status } = await provider.refund({ paymentId, refundId, amountFen, totalFen });
 *   const later = await provider.queryRefund(refundId);         // when a refund answered PROCESSING
 *   const known = await provider.queryPayment(paymentId);       // a lost callback: what the provider says now
 *   const lines = await provider.tradeBill('2026-12-06');       // the provider's bill of a Shanghai day
 *
 * `paymentId` is WeChat's `out_trade_no` and `refundId` its `out_refund_no`: 6–32 characters of [0-9A-Za-z_-|*].
 * Provider failures throw `PaymentProviderError` (WeChat's error code and message); a callback that fails
 * verification throws `PaymentCallbackError`.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** The domain's provider names (domain/payment PaymentProvider): record it in CreatePayment. */
export type PaymentProviderKind = 'sandbox' | 'wechat-native';

/** WeChat's trade_state. Native payment notifications carry SUCCESS; the others appear in queries. */
export const TRADE_STATES = ['SUCCESS', 'REFUND', 'NOTPAY', 'CLOSED', 'REVOKED', 'USERPAYING', 'PAYERROR'] as const;
export type TradeState = (typeof TRADE_STATES)[number];

export const REFUND_STATUSES = ['SUCCESS', 'PROCESSING', 'CLOSED', 'ABNORMAL'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface NativePaymentRequest {
  paymentId: string;
  /** Integer fen, > 0. */
  amountFen: number;
  /** What the payer sees (WeChat keeps 127 characters). */
  description: string;
  /** The QR stops working then (WeChat `time_expire`). */
  expiresAt: Date;
}

export interface NativePayment {
  /** What the QR encodes: WeChat's `weixin://wxpay/...` code_url, or the sandbox page. */
  codeUrl: string;
}

/** A verified, decrypted payment notification, or a verified answer to `queryPayment`. */
export interface PaymentResult {
  paymentId: string;
  /** WeChat's transaction_id; '' while the provider has none (an unpaid order's query answer). */
  transactionId: string;
  /** The order amount WeChat charged, fen (amount.total); 0 when an unpaid order's answer names none. */
  amountFen: number;
  tradeState: TradeState;
  /** ISO instant of the payment; null unless it was paid (SUCCESS, or REFUND afterwards). */
  successTime: string | null;
}

/**
 * One detail line of the provider's daily trade bill (WeChat `bill_type=ALL`): a payment (tradeState SUCCESS, or
 * REVOKED…) dated by its success time, or a refund (tradeState REFUND, refund fields set) dated by the time the
 * provider accepted the refund. Money in fen.
 */
export interface BillLine {
  /** out_trade_no (商户订单号); for a refund line, the payment it came from. */
  paymentId: string;
  /** 微信订单号 */
  transactionId: string;
  tradeState: TradeState;
  /** The order's amount (订单金额). */
  amountFen: number;
  /** out_refund_no (商户退款单号), refund lines only. */
  refundId?: string;
  /** 微信退款单号, refund lines only. */
  providerRefundId?: string;
  /** The refund asked for (申请退款金额), refund lines only. */
  refundFen?: number;
  /** The refund's status when the bill was made (SUCCESS, PROCESSING…); bills are not updated afterwards. */
  refundStatus?: string;
  /** ISO instant (交易时间, China time in the file). */
  time: string;
}

export interface RefundRequest {
  paymentId: string;
  refundId: string;
  amountFen: number;
  /** The payment's whole amount, fen (WeChat checks it). */
  totalFen: number;
  reason?: string;
}

export interface RefundResult {
  /** SUCCESS: money returned; PROCESSING: ask again with queryRefund; CLOSED / ABNORMAL: it failed. */
  status: RefundStatus;
  /** WeChat's refund_id. */
  providerRefundId: string;
}

/** A verified, decrypted refund notification (WeChat `REFUND.*`). */
export interface RefundNotice {
  paymentId: string;
  /** Our out_refund_no. */
  refundId: string;
  providerRefundId: string;
  status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
  amountFen: number;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  createNativePayment(request: NativePaymentRequest): Promise<NativePayment>;
  /** Verifies the signature (and its timestamp and serial), decrypts the resource; throws PaymentCallbackError. */
  parseCallback(headers: IncomingHttpHeaders, rawBody: string): Promise<PaymentResult>;
  /** The same checks for a refund notification (the refund notify route); throws PaymentCallbackError. */
  parseRefundCallback(headers: IncomingHttpHeaders, rawBody: string): Promise<RefundNotice>;
  closePayment(paymentId: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundResult>;
  queryRefund(refundId: string): Promise<RefundResult>;
  /**
   * What the provider knows of a payment now (WeChat "查询订单" by out_trade_no), verified like a callback. A payment
   * the provider never saw throws PaymentProviderError('ORDER_NOT_EXIST').
   */
  queryPayment(paymentId: string): Promise<PaymentResult>;
  /** The provider's trade bill (ALL) of one day, `yyyy-MM-dd` in Asia/Shanghai, integrity checked. */
  tradeBill(billDate: string): Promise<BillLine[]>;
}

/** The provider refused or failed a call: WeChat's error `code` (e.g. ORDERPAID, PARAM_ERROR) and its message. */
export class PaymentProviderError extends Error {
  constructor(readonly code: string, message: string, readonly httpStatus?: number) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * Why a callback (or a signed response) was not accepted. `unsupported` means it verified but is not a payment
 * notification (e.g. a refund notification): the notify route acknowledges and ignores it.
 */
export type CallbackRejection = 'headers' | 'timestamp' | 'serial' | 'signature' | 'malformed' | 'decrypt' | 'merchant' | 'unsupported';

export class PaymentCallbackError extends Error {
  constructor(readonly reason: CallbackRejection, message: string) {
    super(message);
    this.name = 'PaymentCallbackError';
  }
}

const OUT_NO = /^[0-9A-Za-z_\-|*]{6,32}$/;

export const isOutNumber = (value: string): boolean => OUT_NO.test(value);

/** WeChat's rule for out_trade_no / out_refund_no; both providers apply it so the sandbox fails like the real one. */
export function assertOutNumber(field: 'paymentId' | 'refundId', value: string): void {
  if (!isOutNumber(value)) throw new PaymentProviderError('PARAM_ERROR', `${field} must be 6-32 characters of [0-9A-Za-z_-|*]`);
}

export function assertFen(field: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new PaymentProviderError('PARAM_ERROR', `${field} must be a positive integer (fen)`);
}

/** WeChat keeps 127 characters of a description. */
export const clipDescription = (description: string): string => Array.from(description).slice(0, 127).join('') || '集市订单';
