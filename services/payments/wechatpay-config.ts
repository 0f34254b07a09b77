/**
 * WECHATPAY_* → the v3 provider's settings. Setting any of the merchant keys switches payments to WeChat Pay; then
 * all of them are required, and every missing or unreadable one is named at once (ConfigError), like config.ts does.
 */
import { X509Certificate } from 'node:crypto';
import { ConfigError, type Config } from '../config';
import { pemOf, privateKeyOf, publicKeyOf } from './wechatpay-crypto';
import { WECHATPAY_BASE_URL, type WechatPayV3Options } from './wechatpay-v3.provider';

const REQUIRED = [
  'WECHATPAY_MCHID', 'WECHATPAY_APPID', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PLATFORM_CERT', 'WECHATPAY_NOTIFY_URL',
] as const;

/** null when no WECHATPAY_* merchant key is set (the sandbox is used), unless `required` (PAYMENT_PROVIDER=wechatpay). */
export function wechatPayV3Options(config: Config, clock: () => Date, required = false): WechatPayV3Options | null {
  if (!required && REQUIRED.every((key) => config[key] === undefined)) return null;
  const problems = REQUIRED.filter((key) => config[key] === undefined).map((key) => `${key}: required when WECHATPAY_* is set`);
  const attempt = <T>(key: string, load: () => T): T | undefined => {
    try {
      return load();
    } catch (error) {
      problems.push(`${key}: ${(error as Error).message.split('\n')[0]}`);
      return undefined;
    }
  };
  const privateKey = config.WECHATPAY_PRIVATE_KEY === undefined ? undefined
    : attempt('WECHATPAY_PRIVATE_KEY', () => privateKeyOf(config.WECHATPAY_PRIVATE_KEY as string));
  const cert = config.WECHATPAY_PLATFORM_CERT;
  const publicKey = cert === undefined ? undefined : attempt('WECHATPAY_PLATFORM_CERT', () => publicKeyOf(cert));
  const serial = config.WECHATPAY_PLATFORM_SERIAL
    ?? (cert === undefined || publicKey === undefined ? undefined : certificateSerial(pemOf(cert)));
  if (problems.length > 0 || !privateKey || !publicKey) throw new ConfigError(problems);
  return {
    mchid: config.WECHATPAY_MCHID as string,
    appid: config.WECHATPAY_APPID as string,
    serialNo: config.WECHATPAY_SERIAL_NO as string,
    privateKey,
    apiV3Key: config.WECHATPAY_APIV3_KEY as string,
    platform: { publicKey, serial },
    notifyUrl: config.WECHATPAY_NOTIFY_URL as string,
    baseUrl: config.WECHATPAY_BASE_URL ?? WECHATPAY_BASE_URL,
    clock,
  };
}

/** A platform certificate names its serial; a bare platform public key does not (then any serial is accepted). */
function certificateSerial(pem: string): string | undefined {
  if (!pem.includes('BEGIN CERTIFICATE')) return undefined;
  return new X509Certificate(pem).serialNumber.toUpperCase();
}
