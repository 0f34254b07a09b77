/**
 * WeChat Pay v3 cryptography, as its documentation defines it:
 * - signatures are SHA256-RSA (PKCS#1 v1.5) in base64 over newline-terminated lines: requests sign
 *   `METHOD\nURL\ntimestamp\nnonce\nbody\n`, responses and callbacks `timestamp\nnonce\nbody\n`;
 * - callback resources are AEAD_AES_256_GCM under the 32-byte APIv3 key, with a 12-character nonce and the
 *   associated data in the clear; `ciphertext` is base64 of the encrypted bytes followed by the 16-byte tag.
 */
import {
  createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, randomInt, sign, verify,
  type KeyObject,
} from 'node:crypto';
import { readFileSync } from 'node:fs';

const TAG_BYTES = 16;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const requestMessage = (method: string, url: string, timestamp: string, nonce: string, body: string): string =>
  `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;

export const responseMessage = (timestamp: string, nonce: string, body: string): string => `${timestamp}\n${nonce}\n${body}\n`;

export const signMessage = (message: string, privateKey: KeyObject): string =>
  sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');

export function verifyMessage(message: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** WeChat's nonce_str / resource nonce: random letters and digits. */
export function nonceString(length = 32): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export const unixSeconds = (now: Date): string => String(Math.floor(now.getTime() / 1000));

function aesKey(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('the APIv3 key must be 32 bytes');
  return key;
}

export function encryptResource(plaintext: string, apiV3Key: string, associatedData: string, nonce: string): string {
  const cipher = createCipheriv('aes-256-gcm', aesKey(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([encrypted, cipher.getAuthTag()]).toString('base64');
}

/** Throws when the key, nonce, associated data or ciphertext do not match (the GCM tag fails). */
export function decryptResource(ciphertext: string, apiV3Key: string, associatedData: string, nonce: string): string {
  const bytes = Buffer.from(ciphertext, 'base64');
  if (bytes.length <= TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(apiV3Key), Buffer.from(nonce, 'utf8'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** A PEM value, or a path to a PEM file. Environment values may carry `\n` escapes for newlines. */
export function pemOf(pemOrPath: string): string {
  const text = pemOrPath.includes('-----BEGIN') ? pemOrPath : readFileSync(pemOrPath.trim(), 'utf8');
  return text.replace(/\\n/g, '\n');
}

export const privateKeyOf = (pemOrPath: string): KeyObject => createPrivateKey(pemOf(pemOrPath));

/** A public key PEM or an X.509 certificate PEM (WeChat's platform certificate). */
export const publicKeyOf = (pemOrPath: string): KeyObject => createPublicKey(pemOf(pemOrPath));
