/** WECHATPAY_* configuration: off by default, all or nothing, PEM text or file paths. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../services/config';
import { wechatPayV3Options } from '../../../services/payments/wechatpay-config';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const platformPem = platform.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const clock = () => new Date();

const complete = {
  WECHATPAY_MCHID: '1230000109',
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY: privatePem,
  WECHATPAY_APIV3_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
  WECHATPAY_PLATFORM_CERT: platformPem,
  WECHATPAY_NOTIFY_URL: 'https://shop.example.com/api/pay/wechat/notify',
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    wechatPayV3Options(loadConfig(env), clock);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('no WECHATPAY_* key set', () => {
  it('keeps the sandbox (no v3 options)', () => {
    expect(wechatPayV3Options(loadConfig({}), clock)).toBeNull();
  });
});

describe('every WECHATPAY_* key set', () => {
  it('gives the v3 options with the default base URL', () => {
    const options = wechatPayV3Options(loadConfig(complete), clock);
    expect(options).toEqual(expect.objectContaining({
      mchid: '1230000109', appid: 'wxd678efh567hg6787', notifyUrl: complete.WECHATPAY_NOTIFY_URL, baseUrl: 'https://api.mch.weixin.qq.com',
    }));
    expect(options?.platform.serial).toBeUndefined();
  });

  it('reads keys from files and takes the platform serial when given', () => {
    // the directory holds a private key: gone after the test, whatever it asserted
    const dir = mkdtempSync(path.join(tmpdir(), 'wxpay-'));
    try {
      writeFileSync(path.join(dir, 'apiclient_key.pem'), privatePem);
      writeFileSync(path.join(dir, 'platform.pem'), platformPem);
      const options = wechatPayV3Options(loadConfig({
        ...complete, WECHATPAY_PRIVATE_KEY: path.join(dir, 'apiclient_key.pem'), WECHATPAY_PLATFORM_CERT: path.join(dir, 'platform.pem'),
        WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0001', WECHATPAY_BASE_URL: 'http://127.0.0.1:9',
      }), clock);
      expect(options?.platform.serial).toBe('PUB_KEY_ID_0001');
      expect(options?.baseUrl).toBe('http://127.0.0.1:9');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('some WECHATPAY_* keys missing or unreadable', () => {
  it('names every missing key at once', () => {
    const { WECHATPAY_APPID: _a, WECHATPAY_NOTIFY_URL: _n, ...partial } = complete;
    expect([_a, _n].every(Boolean)).toBe(true);
    expect(problemsOf(partial)).toEqual([
      'WECHATPAY_APPID: required when WECHATPAY_* is set', 'WECHATPAY_NOTIFY_URL: required when WECHATPAY_* is set',
    ]);
  });

  it('names a private key that is neither PEM nor a readable file', () => {
    expect(problemsOf({ ...complete, WECHATPAY_PRIVATE_KEY: '/nonexistent/apiclient_key.pem' })[0]).toMatch(/^WECHATPAY_PRIVATE_KEY: /);
  });
});
