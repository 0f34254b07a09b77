/**
 * One signed call to the WeChat Pay v3 API: the request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,
 * nonce_str=…,signature=…,timestamp=…,serial_no=…` signed with the merchant key over `METHOD\nURL\ntimestamp\nnonce\n
 * body\n` (URL = path and query); a 2xx answer must carry a valid platform signature or it is not believed — except a
 * bill file (`downloadWechatPayFile`), which WeChat sends unsigned and whose integrity is the hash the signed
 * tradebill answer announced (wechatpay-bill.ts).
 */
import type { KeyObject } from 'node:crypto';
import { PaymentCallbackError, PaymentProviderError } from './payment-provider';
import { nonceString, requestMessage, signMessage, unixSeconds } from './wechatpay-crypto';
import { verifySignedBody, type PlatformVerifier } from './wechatpay-signature';

export interface MerchantSigner {
  mchid: string;
  /** The merchant API certificate's serial number. */
  serialNo: string;
  privateKey: KeyObject;
}

export interface WechatPayClientSettings {
  merchant: MerchantSigner;
  platform: PlatformVerifier;
  /** Default https://api.mch.weixin.qq.com; tests point it at a local server. */
  baseUrl: string;
  clock: () => Date;
  timeoutMs?: number;
}

export interface WechatPayAnswer { status: number; body: unknown }

export function authorizationHeader(
  merchant: MerchantSigner, method: string, canonicalUrl: string, body: string, now: Date, nonce = nonceString(),
): string {
  const timestamp = unixSeconds(now);
  const signature = signMessage(requestMessage(method, canonicalUrl, timestamp, nonce, body), merchant.privateKey);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${merchant.mchid}",nonce_str="${nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${merchant.serialNo}"`;
}

export async function callWechatPay(
  settings: WechatPayClientSettings, method: 'GET' | 'POST', path: string, payload?: unknown,
): Promise<WechatPayAnswer> {
  const url = new URL(`${settings.baseUrl.replace(/\/+$/, '')}${path}`);
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const response = await send(settings, method, url, body);
  const text = await response.text();
  try {
    verifySignedBody(Object.fromEntries(response.headers.entries()), text, settings.platform, settings.clock());
  } catch (error) {
    if (error instanceof PaymentCallbackError) {
      throw new PaymentProviderError('RESPONSE_SIGNATURE', `WeChat Pay response not verified: ${error.message}`, response.status);
    }
    throw error;
  }
  return { status: response.status, body: text === '' ? undefined : parse(text) };
}

/**
 * A file at a `download_url` WeChat handed out (a bill), fetched with a signed GET. Only on WeChat's own host: our
 * signed Authorization is not sent to wherever an answer points.
 */
export async function downloadWechatPayFile(settings: WechatPayClientSettings, downloadUrl: string): Promise<Buffer> {
  const url = new URL(downloadUrl);
  if (url.origin !== new URL(settings.baseUrl).origin) {
    throw new PaymentProviderError('MALFORMED_RESPONSE', `download_url is not on ${new URL(settings.baseUrl).origin}`);
  }
  const response = await send(settings, 'GET', url, '');
  return Buffer.from(await response.arrayBuffer());
}

/** The signed request; a non-2xx answer throws WeChat's error code and message. */
async function send(settings: WechatPayClientSettings, method: 'GET' | 'POST', url: URL, body: string): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'User-Agent': 'jishi-wechatpay/1.0',
    Authorization: authorizationHeader(settings.merchant, method, `${url.pathname}${url.search}`, body, settings.clock()),
  };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method, headers, body: method === 'POST' ? body : undefined, signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new PaymentProviderError('NETWORK', `WeChat Pay unreachable: ${(error as Error).message}`);
  }
  if (response.status < 200 || response.status >= 300) {
    const failure = parse(await response.text()) as { code?: unknown; message?: unknown } | undefined;
    throw new PaymentProviderError(
      typeof failure?.code === 'string' ? failure.code : `HTTP_${response.status}`,
      typeof failure?.message === 'string' ? failure.message : `WeChat Pay answered HTTP ${response.status}`,
      response.status,
    );
  }
  return response;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
