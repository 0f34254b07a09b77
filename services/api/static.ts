/** Serves the built storefront with an SPA fallback: any GET outside /api, /internal and /ws answers index.html. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

export async function registerStorefront(app: FastifyInstance, webDist: string): Promise<SpaFallback> {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`storefront build not found in ${root}: run npm run build:web`);
    return () => false;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'], maxAge: '1h', immutable: false });
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (/^\/(api|internal|ws)(\/|$|\?)/.test(request.url)) return false;
    if (path.extname(request.url.split('?')[0])) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
