/** `/internal/*` is for ops and the merchant side (DESIGN.md §7, §11): every call needs `x-ops-token` = OPS_TOKEN. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { failure, httpStatusMessages } from '../envelope';

export function guardWithOpsToken(app: FastifyInstance, opsToken: string): void {
  const expected = Buffer.from(opsToken);
  app.addHook('onRequest', async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-ops-token'] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(403).send(failure('403', httpStatusMessages[403]));
    }
  });
}
