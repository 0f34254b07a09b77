/**
 * Health (DESIGN.md §2: losing a part degrades, never kills; health says which part is missing).
 * - `GET /api/health/live`: liveness — 200 whenever the process serves.
 * - `GET /api/health`: readiness — 200 `{status:'up', payments}`, or HTTP 503 with code '503' and `{status:'degraded',
 *   problems, payments}`: short names only, no internal counts in public; `payments` names the provider (a sandbox
 *   that pays nothing for real is never hidden).
 * - `GET /internal/health` (ops token): the whole report (store head, feed, forwarder, projections, workers, commit
 *   horizon); always 200, `data.status` says up or degraded.
 */
import type { FastifyInstance } from 'fastify';
import { failure, httpStatusMessages, ok } from '../envelope';
import type { HealthReport } from './health-report';
import { noInput } from '../openapi/route-input';

export type HealthCheck = () => Promise<HealthReport>;

export function registerHealthRoutes(app: FastifyInstance, check: HealthCheck): void {
  app.get('/health/live', { schema: noInput }, async () => ok({ status: 'up' }));
  app.get('/health', { schema: noInput }, async (_request, reply) => {
    const report = await check();
    const payments = report.payments.provider;
    if (report.status === 'up') return ok({ status: 'up', payments });
    reply.status(503);
    return failure('503', httpStatusMessages[503], { status: 'degraded', problems: report.problems, payments });
  });
}

export function registerInternalHealthRoute(internal: FastifyInstance, check: HealthCheck): void {
  internal.get('/health', async () => ok(await check()));
}
