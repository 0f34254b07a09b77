/** The ops token: OPS_TOKEN when set; otherwise made at first start and kept in the data directory (DESIGN.md §11). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const opsTokenFile = (dataDir: string): string => path.join(dataDir, 'ops-token');

export function resolveOpsToken(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = opsTokenFile(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(24).toString('hex');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}
