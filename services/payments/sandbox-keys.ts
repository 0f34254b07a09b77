/**
 * The sandbox's "WeChat platform": an RSA key pair that signs its callbacks, a serial, and an APIv3 key that
 * encrypts them. Made at first start and kept in the data directory (`sandbox-wechatpay.json`, mode 600) so QR
 * codes survive restarts; in memory when there is no data directory (tests, DATA_DIR=:memory:).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { nonceString } from './wechatpay-crypto';
import type { Merchant } from './wechatpay-notification';
import type { PlatformSigner, PlatformVerifier } from './wechatpay-signature';

export interface SandboxKeys {
  signer: PlatformSigner;
  verifier: PlatformVerifier;
  apiV3Key: string;
  merchant: Merchant;
}

/** The sandbox merchant: transactions naming another one are refused like a real callback for a foreign merchant. */
export const SANDBOX_MERCHANT: Merchant = { mchid: '1900000000', appid: 'wxsandbox00000000' };

const Stored = z.object({ serial: z.string().min(1), privateKeyPem: z.string(), apiV3Key: z.string().length(32) });
type Stored = z.infer<typeof Stored>;

export const sandboxKeysFile = (dataDir: string): string => path.join(dataDir, 'sandbox-wechatpay.json');

function generate(): Stored {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    serial: randomBytes(20).toString('hex').toUpperCase(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    apiV3Key: nonceString(32),
  };
}

/** `dataDir` null: fresh keys in memory. */
export function loadSandboxKeys(dataDir: string | null): SandboxKeys {
  let stored: Stored;
  if (dataDir === null) {
    stored = generate();
  } else {
    const file = sandboxKeysFile(dataDir);
    const existing = existsSync(file) ? Stored.safeParse(JSON.parse(readFileSync(file, 'utf8'))) : null;
    if (existing?.success) {
      stored = existing.data;
    } else {
      stored = generate();
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    }
  }
  const privateKey = createPrivateKey(stored.privateKeyPem);
  return {
    signer: { privateKey, serial: stored.serial },
    verifier: { publicKey: createPublicKey(privateKey), serial: stored.serial },
    apiV3Key: stored.apiV3Key,
    merchant: SANDBOX_MERCHANT,
  };
}
