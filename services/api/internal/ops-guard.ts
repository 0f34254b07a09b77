/**
 * `/internal/*` is for ops and the merchant side (DESIGN.md §7, §11): every call needs `x-ops-token` = OPS_TOKEN, or
 * `Authorization: Bearer <OPS_TOKEN>` (what Prometheus sends for `/internal/metrics`: its scrape config's bearer token).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { failure, httpStatusMessages } from '../envelope';

export function guardWithOpsToken(app: FastifyInstance, opsToken: string): void {
  const expected = Buffer.from(opsToken);
  app.addHook('onRequest', async (request, reply) => {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const given = Buffer.from(String(request.headers['x-ops-token'] ?? bearer ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(403).send(failure('403', httpStatusMessages[403]));
    }
  });
}
