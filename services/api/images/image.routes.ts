/**
 * `GET /api/images/<kind>/<name>.svg` — the demo catalogue's pictures, drawn on request (no files, no network).
 * An unknown kind or name is a 404 envelope like any unknown path; a malformed query a 400 naming the field. The output
 * depends only on the URL, so it is cached for a year as immutable, and kept in a small in-process cache.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImageQuery, isImageKind, isKnownName } from './image-url';
import { renderImage } from './render-image';

const CACHE_LIMIT = 2000;
const FILE = /^([a-z0-9-]{1,24})\.svg$/;

export function registerImageRoutes(app: FastifyInstance): void {
  const cache = new Map<string, string>();
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/images/:kind/:file', {
    schema: { params: z.object({ kind: z.string(), file: z.string() }), querystring: ImageQuery },
  }, async (request, reply) => {
    const { kind, file } = request.params;
    const name = FILE.exec(file)?.[1];
    if (!isImageKind(kind) || !name || !isKnownName(kind, name)) return reply.callNotFound();
    const key = `${kind}/${name}?${JSON.stringify(request.query)}`;
    let svg = cache.get(key);
    if (svg === undefined) {
      svg = renderImage(kind, name, request.query);
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(key, svg);
    }
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
