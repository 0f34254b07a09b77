#!/usr/bin/env node
// Run by `npm start`: builds the storefront only when web/dist/index.html is missing or older than any
// of its sources (or was never precompressed), so a normal start costs a few stat calls. Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPrecompressed, precompressDir } from './precompress-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'web/dist');
const output = path.join(dist, 'index.html');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'domain'].map((p) => path.join(root, p));

/** Newest modification time under `target` (a file or a folder), 0 when it does not exist. */
function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as its folder's change
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function builtAt() {
  try {
    return statSync(output).mtimeMs;
  } catch {
    return undefined;
  }
}

export function webIsStale() {
  const built = builtAt();
  if (built === undefined || !isPrecompressed(dist)) return true;
  return sources.some((source) => newestMtime(source) > built);
}

function build() {
  console.log('[web] building the storefront (web/dist is missing or older than its sources)…');
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  // A caller's NODE_ENV (jest sets `test`) would make Vite bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(npx, ['vite', 'build', '--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error('[web] build failed');
    process.exit(result.status ?? 1);
  }
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const totals = precompressDir(dist);
  console.log(`[web] precompressed ${totals.files} files: ${kB(totals.raw)} raw, ${kB(totals.br)} brotli, ${kB(totals.gzip)} gzip`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (webIsStale()) build();
  else console.log('[web] storefront build is up to date');
}
