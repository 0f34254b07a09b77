#!/usr/bin/env node
// Leaves a brotli (.br) and a gzip (.gz) copy next to every text file of the storefront build, at the highest
// levels: done once per build, so the server only picks a file by Accept-Encoding (services/api/static.ts) and
// never compresses a static file per request. Plain Node (node:zlib), no dependencies.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico']);
/** Smaller files fit in one packet either way; the server then sends the plain file. */
const MIN_BYTES = 1024;
/** Written last, so a build interrupted mid-way is seen as not precompressed (build-web-if-stale.mjs). */
export const PRECOMPRESSED_MARKER = '.precompressed';

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

/** Compresses every eligible file under `dist`; returns the raw, brotli and gzip byte totals of what it wrote. */
export function precompressDir(dist) {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  for (const file of filesUnder(dist)) {
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gzip = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    // A copy that is not smaller would only cost a header: the plain file is served instead.
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gzip.length < raw.length) writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.raw += raw.length;
    totals.br += Math.min(br.length, raw.length);
    totals.gzip += Math.min(gzip.length, raw.length);
  }
  writeFileSync(path.join(dist, PRECOMPRESSED_MARKER), `${new Date().toISOString()}\n`);
  return totals;
}

export function isPrecompressed(dist) {
  try {
    return statSync(path.join(dist, PRECOMPRESSED_MARKER)).isFile();
  } catch {
    return false;
  }
}

// `node infra/scripts/precompress-web.mjs [dist]` after a plain `vite build` (npm run build:web does this).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dist = path.resolve(process.argv[2] ?? 'web/dist');
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const totals = precompressDir(dist);
  console.log(`[web] precompressed ${totals.files} files: ${kB(totals.raw)} raw, ${kB(totals.br)} brotli, ${kB(totals.gzip)} gzip`);
}
