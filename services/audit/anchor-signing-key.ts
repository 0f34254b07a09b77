/**
 * The key that signs the chain anchors (services/event-store/postgres/chain-anchors.ts): Ed25519, held by the serving
 * process and never by the database, so someone who can write the database cannot write or refold an anchor that
 * verifies. An auditor needs only the public key (`npm run ops -- audit key` prints it).
 *
 * Where the private key comes from:
 * - AUDIT_SIGNING_KEY: the PEM text itself, or the path of a PEM file (production: a secret mounted from outside);
 * - otherwise `<DATA_DIR>/audit-signing-key.pem`, made at the first start like the ops token, with its public half
 *   beside it in `audit-signing-key.pub.pem` (instances sharing a data directory share the key: the first one to
 *   start writes it, the others read it);
 * - DATA_DIR=':memory:': a key for this process only (its anchors die with it anyway).
 * A production start without AUDIT_SIGNING_KEY is told loudly: the key then lives on the application host's disk,
 * next to the data, where a thief of that host could sign.
 */
import {
  createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnchorSigner, AnchorVerifier } from '../event-store/postgres/chain-anchors';

/** What a verifier is told about the key: its public half (what `audit key` prints) and where the private one lives. */
export interface AnchorPublicKey extends AnchorVerifier {
  publicKeyPem: string;
  /** where the private key came from, for the log and `audit key` */
  source: string;
}

export interface AnchorKey extends AnchorPublicKey, AnchorSigner {}

export interface AnchorKeyConfig { AUDIT_SIGNING_KEY?: string; DATA_DIR: string; NODE_ENV?: string }

export const signingKeyFile = (dataDir: string): string => path.join(dataDir, 'audit-signing-key.pem');
export const publicKeyFile = (dataDir: string): string => path.join(dataDir, 'audit-signing-key.pub.pem');

export const AUDIT_KEY_WARNING = '!!! 警告：生产环境未设置 AUDIT_SIGNING_KEY，审计锚点的签名私钥保存在数据目录中 /'
  + ' WARNING: production without AUDIT_SIGNING_KEY: the audit anchors are signed with a key kept in the data directory;'
  + ' set AUDIT_SIGNING_KEY (PEM text or a file path) to a key kept away from the application host and the database';

/** The key id an anchor names: the first 16 hex digits of sha256 over the public key's DER (SPKI). */
export const keyIdOf = (publicKey: KeyObject): string =>
  createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);

export function verifierOf(publicKey: KeyObject): AnchorVerifier {
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('the audit public key must be an Ed25519 key');
  return {
    keyId: keyIdOf(publicKey),
    verify: (text, signature) => verify(null, Buffer.from(text, 'utf8'), publicKey, signature),
  };
}

/** A public key given to an auditor: PEM text, a PEM file's path, or base64 of its DER (SPKI). */
export function readPublicKey(given: string): KeyObject {
  const text = given.includes('BEGIN') ? given : existsSync(given) ? readFileSync(given, 'utf8') : null;
  if (text !== null) return createPublicKey(text);
  return createPublicKey({ key: Buffer.from(given, 'base64'), format: 'der', type: 'spki' });
}

/** The form a public key travels in a query string: base64 of its DER (SPKI). */
export const publicKeyBase64 = (publicKey: KeyObject): string => publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

function keyFrom(privateKey: KeyObject, source: string): AnchorKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`AUDIT_SIGNING_KEY (${source}) must be an Ed25519 private key`);
  const publicKey = createPublicKey(privateKey);
  return {
    ...verifierOf(publicKey),
    sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    source,
  };
}

/**
 * The signing key of this configuration. `create` false (an auditor's tool): null when the data directory holds none
 * yet, instead of making one.
 */
export function resolveAnchorKey(config: AnchorKeyConfig, options: { create: boolean } = { create: true }): AnchorKey | null {
  const configured = config.AUDIT_SIGNING_KEY?.trim();
  if (configured) {
    const pem = configured.includes('BEGIN') ? configured : readFileSync(configured, 'utf8');
    return keyFrom(createPrivateKey(pem), configured.includes('BEGIN') ? 'AUDIT_SIGNING_KEY' : `AUDIT_SIGNING_KEY=${configured}`);
  }
  if (config.DATA_DIR === ':memory:') {
    return options.create ? keyFrom(generateKeyPairSync('ed25519').privateKey, 'this process only (DATA_DIR=:memory:)') : null;
  }
  const file = signingKeyFile(config.DATA_DIR);
  if (!existsSync(file)) {
    if (!options.create) return null;
    mkdirSync(config.DATA_DIR, { recursive: true });
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    try {
      // 'wx': two instances starting together on one data directory: the second reads the first one's key
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
      writeFileSync(publicKeyFile(config.DATA_DIR), publicKey.export({ type: 'spki', format: 'pem' }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = keyFrom(createPrivateKey(readFileSync(file, 'utf8')), file);
  if (!existsSync(publicKeyFile(config.DATA_DIR))) writeFileSync(publicKeyFile(config.DATA_DIR), key.publicKeyPem);
  return key;
}

/** The loud line of a production start whose anchors are signed with a key kept in the data directory. */
export const anchorKeyWarning = (config: AnchorKeyConfig): string | null =>
  config.NODE_ENV === 'production' && !config.AUDIT_SIGNING_KEY?.trim() ? AUDIT_KEY_WARNING : null;
