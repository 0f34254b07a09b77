/**
 * The `Wechatpay-*` headers WeChat puts on its responses and callbacks, and their verification: the signature over
 * `timestamp\nnonce\nbody\n` with the platform public key, the timestamp within five minutes of our clock (a replayed
 * callback from last week is refused), and — when we know it — the platform serial.
 */
import type { KeyObject } from 'node:crypto';
import { PaymentCallbackError } from './payment-provider';
import { nonceString, responseMessage, signMessage, unixSeconds, verifyMessage } from './wechatpay-crypto';

export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface PlatformVerifier {
  publicKey: KeyObject;
  /** When set, a different `Wechatpay-Serial` is refused. */
  serial?: string;
}

export interface PlatformSigner {
  privateKey: KeyObject;
  serial: string;
}

export type HeaderBag = Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Throws PaymentCallbackError unless `body` carries a valid platform signature made within the allowed skew. */
export function verifySignedBody(headers: HeaderBag, body: string, platform: PlatformVerifier, now: Date): void {
  const timestamp = header(headers, 'Wechatpay-Timestamp');
  const nonce = header(headers, 'Wechatpay-Nonce');
  const signature = header(headers, 'Wechatpay-Signature');
  const serial = header(headers, 'Wechatpay-Serial');
  if (!timestamp || !nonce || !signature || !serial) {
    throw new PaymentCallbackError('headers', 'missing Wechatpay-Timestamp/Nonce/Signature/Serial');
  }
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now.getTime() - Number(timestamp) * 1000) > MAX_CLOCK_SKEW_MS) {
    throw new PaymentCallbackError('timestamp', 'Wechatpay-Timestamp is outside the allowed window');
  }
  if (platform.serial !== undefined && serial !== platform.serial) {
    throw new PaymentCallbackError('serial', `unknown platform serial ${serial}`);
  }
  if (!verifyMessage(responseMessage(timestamp, nonce, body), signature, platform.publicKey)) {
    throw new PaymentCallbackError('signature', 'Wechatpay-Signature does not verify');
  }
}

/** The headers WeChat would send with `body` (the sandbox's callbacks, and tests' fake responses). */
export function platformHeaders(body: string, signer: PlatformSigner, now: Date, nonce = nonceString()): Record<string, string> {
  const timestamp = unixSeconds(now);
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': signMessage(responseMessage(timestamp, nonce, body), signer.privateKey),
    'Wechatpay-Serial': signer.serial,
  };
}
