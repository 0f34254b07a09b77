/**
 * Sizes of the JS files a page fetched, read from the build (web/dist) rather than from the wire: raw bytes and
 * gzip at zlib's default level, what a compressing server or CDN would send.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ScriptSize { file: string; raw: number; gzip: number }

export function scriptSizes(distDir: string, urlPaths: readonly string[]): ScriptSize[] {
  return urlPaths.map((urlPath) => {
    const bytes = readFileSync(path.join(distDir, decodeURIComponent(urlPath)));
    return { file: urlPath.replace(/^\/assets\//, ''), raw: bytes.length, gzip: gzipSync(bytes).length };
  }).sort((a, b) => b.gzip - a.gzip);
}

export const totalOf = (sizes: readonly ScriptSize[], key: 'raw' | 'gzip'): number => sizes.reduce((sum, s) => sum + s[key], 0);
