/**
 * `GET /api/region/tree`: the 省-市-区 tree for the address form's Cascader, `[{code, name, children}]`. The answer
 * never changes while the server runs: serialised once, sent with an ETag and a day of browser caching.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import { regionTree } from './region-tree';
import { noInput } from '../openapi/route-input';

export function registerRegionRoutes(app: FastifyInstance): void {
  let body: { text: string; etag: string } | null = null;
  const cachedBody = () => {
    if (body) return body;
    const text = JSON.stringify(ok(regionTree()));
    body = { text, etag: `"${createHash('sha1').update(text).digest('base64url')}"` };
    return body;
  };

  app.get('/region/tree', { schema: noInput }, async (request, reply) => {
    const { text, etag } = cachedBody();
    reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(text);
  });
}
