/** The sandbox platform keys: made at first start, kept in the data directory, in memory without one. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSandboxKeys, sandboxKeysFile } from '../../../services/payments/sandbox-keys';
import { buildPaymentNotification, verifyPaymentNotification } from '../../../services/payments/wechatpay-notification';

describe('a data directory without sandbox keys', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'jishi-sandbox-'));
  const first = loadSandboxKeys(dir);
  // the directory holds a private key: gone with the test
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gets a key file readable by its owner only', () => {
    expect(statSync(sandboxKeysFile(dir)).mode & 0o777).toBe(0o600);
    expect(first.apiV3Key).toHaveLength(32);
  });

  it('gives the same keys on the next start', () => {
    const again = loadSandboxKeys(dir);
    expect(again.signer.serial).toBe(first.signer.serial);
    expect(again.apiV3Key).toBe(first.apiV3Key);
    const now = new Date();
    const n = buildPaymentNotification({
      appid: first.merchant.appid, mchid: first.merchant.mchid, out_trade_no: 'P0000001', transaction_id: 'T1',
      trade_state: 'SUCCESS', success_time: now.toISOString(), amount: { total: 1 },
    }, first.signer, first.apiV3Key, now);
    const keys = { platform: again.verifier, apiV3Key: again.apiV3Key, merchant: again.merchant };
    expect(verifyPaymentNotification(n.headers, n.body, keys, now).paymentId).toBe('P0000001');
  });
});

describe('no data directory (tests, DATA_DIR=:memory:)', () => {
  it('makes fresh keys each time', () => {
    expect(loadSandboxKeys(null).signer.serial).not.toBe(loadSandboxKeys(null).signer.serial);
  });
});
