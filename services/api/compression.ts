/**
 * Compresses answers on the fly when the client asks and the body is big enough to pay for it: JSON above all, and
 * the generated SVG placeholders. Which types qualify is mime-db's `compressible` flag (text, JSON, SVG yes; JPEG,
 * PNG, WebP uploads no: already compressed). Storefront files leave precompressed (infra/scripts/precompress-web.mjs,
 * served by static.ts) with their Content-Encoding set, which this plugin leaves alone; the websocket never goes
 * through a reply.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below about one kilobyte the encoding's framing and the CPU cost outweigh the bytes saved. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerJsonCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quality 4 keeps brotli as cheap as gzip level 6 per answer while still smaller; 11 costs tens of ms per 100 kB.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
}
