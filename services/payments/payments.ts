/**
 * Payments for the composition root: `runtime.payments` (services/runtime.ts), handed to the app as `deps.payments`.
 *
 * For the order slice:
 *   payments.provider                      the PaymentProvider port (payment-provider.ts); `provider.kind` is the
 *                                          domain's provider name for CreatePayment ('sandbox' | 'wechat-native')
 *   await payments.qrSvg(codeUrl)          the QR image `GET /api/pay/qr/:paymentId` serves (the pay info's `url`)
 *   payments.registerCallbackHandler({     once, at start (a second registration throws)
 *     onPaymentResult(result),             every verified notification, EACH time it arrives: WeChat re-sends until
 *                                          it is acknowledged and the sandbox re-sends on every 确认支付, so this must
 *                                          be idempotent (RecordPaymentSuccess decides [] for the same transaction).
 *                                          Throwing answers WeChat FAIL (HTTP 500) and it tries again later.
 *     paymentStatus(paymentId),            our side's status (domain PaymentStatus) for the sandbox page; null if unknown
 *   })
 *
 * For the routes (services/api/pay): `acceptNotification` (the notify route) and `sandbox` (the sandbox page; null
 * when WeChat Pay v3 is configured). Which provider: PAYMENT_PROVIDER, else WECHATPAY_* set → v3 Native, else the
 * sandbox outside production (config.ts paymentProviderOf); `providerName` says which, for health.
 */
import path from 'node:path';
import type { PaymentStatus } from '../../domain/payment/payment.view';
import { ConfigError, paymentProviderOf, PAYMENT_REFUSAL, type Config } from '../config';
import type { Database } from '../db/database';
import type { HeaderBag } from './wechatpay-signature';
import type { PaymentProvider, PaymentResult } from './payment-provider';
import { qrSvg } from './qr-code';
import { loadSandboxKeys } from './sandbox-keys';
import { createSandboxProvider, type SandboxCashier } from './sandbox.provider';
import { wechatPayV3Options } from './wechatpay-config';
import { createWechatPayV3Provider } from './wechatpay-v3.provider';

export interface PaymentCallbackHandler {
  onPaymentResult(result: PaymentResult): Promise<void>;
  paymentStatus(paymentId: string): Promise<PaymentStatus | null>;
}

/** No handler is registered yet: the notification is refused so that WeChat delivers it again later. */
export class NoPaymentHandlerError extends Error {
  constructor() {
    super('no payment callback handler is registered');
    this.name = 'NoPaymentHandlerError';
  }
}

export interface Payments {
  /** The configured provider ('sandbox' | 'wechatpay'): health shows it, so a sandbox in production is visible. */
  readonly providerName: 'sandbox' | 'wechatpay';
  readonly provider: PaymentProvider;
  /** The sandbox cashier behind /pay/sandbox/*; null with WeChat Pay v3. */
  readonly sandbox: SandboxCashier | null;
  registerCallbackHandler(handler: PaymentCallbackHandler): void;
  /** Verifies, decrypts and hands the result to the handler; throws PaymentCallbackError / NoPaymentHandlerError. */
  acceptNotification(headers: HeaderBag, rawBody: string): Promise<PaymentResult>;
  /** The handler's answer, or null when none is registered. */
  paymentStatus(paymentId: string): Promise<PaymentStatus | null>;
  /** The QR of a code_url as an SVG document. */
  qrSvg(codeUrl: string): Promise<string>;
}

export interface PaymentsDeps { db: Database; clock: () => Date }

export async function openPayments(config: Config, deps: PaymentsDeps): Promise<Payments> {
  const providerName = paymentProviderOf(config);
  if (providerName === null) throw new ConfigError([PAYMENT_REFUSAL]);
  let sandbox: SandboxCashier | null = null;
  let provider: PaymentProvider;
  if (providerName === 'wechatpay') {
    const v3 = wechatPayV3Options(config, deps.clock, true);
    if (!v3) throw new ConfigError(['PAYMENT_PROVIDER=wechatpay needs the WECHATPAY_* merchant keys']);
    provider = createWechatPayV3Provider(v3);
  } else {
    const created = await createSandboxProvider({
      db: deps.db,
      keys: loadSandboxKeys(config.DATA_DIR === ':memory:' ? null : path.resolve(config.DATA_DIR)),
      clock: deps.clock,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      fallbackBaseUrl: `http://localhost:${config.PORT}`,
    });
    provider = created.provider;
    sandbox = created.cashier;
  }
  let handler: PaymentCallbackHandler | null = null;
  return {
    providerName,
    provider,
    sandbox,
    registerCallbackHandler(next) {
      if (handler) throw new Error('a payment callback handler is already registered');
      handler = next;
    },
    async acceptNotification(headers, rawBody) {
      const result = await provider.parseCallback(headers, rawBody);
      if (!handler) throw new NoPaymentHandlerError();
      await handler.onPaymentResult(result);
      return result;
    },
    paymentStatus: async (paymentId) => (handler ? handler.paymentStatus(paymentId) : null),
    qrSvg,
  };
}
