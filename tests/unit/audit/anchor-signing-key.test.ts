/** Where the key signing the chain anchors comes from (issue 28), and what an auditor needs of it: the public half. */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AUDIT_KEY_WARNING, anchorKeyWarning, publicKeyBase64, publicKeyFile, readPublicKey, resolveAnchorKey, signingKeyFile, verifierOf,
} from '../../../services/audit/anchor-signing-key';

describe('the anchor signing key', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'jishi-anchor-key-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is made once in the data directory, private to its owner, with its public half beside it', () => {
    const made = resolveAnchorKey({ DATA_DIR: dir })!;
    expect(statSync(signingKeyFile(dir)).mode & 0o077).toBe(0);
    expect(readFileSync(publicKeyFile(dir), 'utf8')).toBe(made.publicKeyPem);
    const again = resolveAnchorKey({ DATA_DIR: dir })!;
    expect(again.keyId).toBe(made.keyId);
    expect(again.verify('ledger', made.sign('ledger'))).toBe(true);
  });

  it('is not made by an auditor\'s tool: without one in the data directory there is none', () => {
    expect(resolveAnchorKey({ DATA_DIR: dir }, { create: false })).toBeNull();
    expect(existsSync(signingKeyFile(dir))).toBe(false);
  });

  it('comes from AUDIT_SIGNING_KEY as PEM text or as a file path, and must be Ed25519', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const fromText = resolveAnchorKey({ DATA_DIR: dir, AUDIT_SIGNING_KEY: pem })!;
    writeFileSync(path.join(dir, 'k.pem'), pem);
    const fromFile = resolveAnchorKey({ DATA_DIR: dir, AUDIT_SIGNING_KEY: path.join(dir, 'k.pem') })!;
    expect(fromFile.keyId).toBe(fromText.keyId);
    expect(existsSync(signingKeyFile(dir))).toBe(false);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => resolveAnchorKey({ DATA_DIR: dir, AUDIT_SIGNING_KEY: rsa })).toThrow(/Ed25519/);
  });

  it('verifies with the public key alone (PEM, file or base64), and refuses another key\'s signature', () => {
    const key = resolveAnchorKey({ DATA_DIR: dir })!;
    const signature = key.sign('{"seq":1}');
    for (const given of [key.publicKeyPem, publicKeyFile(dir), publicKeyBase64(readPublicKey(key.publicKeyPem))]) {
      const auditor = verifierOf(readPublicKey(given));
      expect(auditor.keyId).toBe(key.keyId);
      expect(auditor.verify('{"seq":1}', signature)).toBe(true);
      expect(auditor.verify('{"seq":2}', signature)).toBe(false);
    }
    const other = resolveAnchorKey({ DATA_DIR: ':memory:' })!;
    expect(key.verify('{"seq":1}', other.sign('{"seq":1}'))).toBe(false);
  });

  it('warns a production start without AUDIT_SIGNING_KEY, and no other', () => {
    expect(anchorKeyWarning({ DATA_DIR: dir, NODE_ENV: 'production' })).toBe(AUDIT_KEY_WARNING);
    expect(AUDIT_KEY_WARNING).toMatch(/^!!! 警告：生产环境未设置 AUDIT_SIGNING_KEY/);
    expect(anchorKeyWarning({ DATA_DIR: dir, NODE_ENV: 'production', AUDIT_SIGNING_KEY: 'k.pem' })).toBeNull();
    expect(anchorKeyWarning({ DATA_DIR: dir })).toBeNull();
  });
});
