/** `GET /internal/metrics` (the ops token, or `Authorization: Bearer <token>`): the Prometheus text of this process. */
import type { FastifyInstance } from 'fastify';
import { scrape, SCRAPE_CONTENT_TYPE } from './registry';

export function registerMetricsRoute(internal: FastifyInstance): void {
  internal.get('/metrics', async (_request, reply) => {
    reply.header('content-type', SCRAPE_CONTENT_TYPE).header('cache-control', 'no-store');
    return scrape();
  });
}
