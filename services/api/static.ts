/**
 * Serves the built storefront with an SPA fallback: any GET outside /api, /internal and /ws answers index.html.
 * The build leaves a .br and a .gz next to every text file worth compressing (infra/scripts/precompress-web.mjs);
 * @fastify/static picks one by Accept-Encoding. Files whose name carries Vite's content hash never change under that
 * name, so browsers may keep them for a year without asking; everything else (index.html above all, which names
 * the current hashes) is revalidated on every use. A page's index.html carries Link preload headers for what its first
 * render needs (first-loads.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstLoads } from './first-loads';

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Vite's output names: assets/<name>-<8+ url-safe base64 chars>.<ext>. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export const cacheControlFor = (filePath: string): string => (HASHED_ASSET.test(filePath) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);

export async function registerStorefront(app: FastifyInstance, webDist: string): Promise<SpaFallback> {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`storefront build not found in ${root}: run npm run build:web`);
    return () => false;
  }
  const preloads = firstLoads(root);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    // `filePath` is the file sent (possibly its .br/.gz sibling): the hash test matches either.
    setHeaders: (reply, filePath) => {
      const sent = filePath.replace(/\.(br|gz)$/, '');
      reply.header('cache-control', cacheControlFor(sent));
      const links = path.basename(sent) === 'index.html' ? preloads.get(reply.request.url.split('?')[0]) : undefined;
      if (links) reply.header('link', links);
    },
  });
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (/^\/(api|internal|ws)(\/|$|\?)/.test(request.url)) return false;
    if (path.extname(request.url.split('?')[0])) return false;
    void reply.sendFile('index.html');
    return true;
  };
}
