/**
 * Health (DESIGN.md §2: losing a part degrades, never kills; health says which part is missing).
 * - `GET /api/health/live`: liveness — 200 whenever the process serves.
 * - `GET /api/health`: readiness — 200 `{status:'up', payments}`, or HTTP 503 with code '503' and `{status:'degraded',
 *   problems, payments}`: short names only, no internal counts in public; `payments` names the provider (a sandbox
 *   that pays nothing for real is never hidden); `degraded` (only when there is one) names a part that serves more
 *   slowly without being a problem, e.g. the checkout deciding from the event store (services/api/stream-decisions.ts).
 * - `GET /internal/health` (ops token): the whole report (store head, feed, forwarder, projections, workers, commit
 *   horizon); always 200, `data.status` says up or degraded.
 */
import type { FastifyInstance } from 'fastify';
import { failure, httpStatusMessages, ok } from '../envelope';
import type { HealthReport } from './health-report';
import { noInput } from '../openapi/route-input';

export type HealthCheck = () => Promise<HealthReport>;

/** Degraded modes that keep serving, given the report's problems (stream-decisions.ts); none by default. */
export type DegradedModes = (problems: readonly string[]) => string[];

const withDegraded = <T extends object>(data: T, degraded: string[]) => (degraded.length > 0 ? { ...data, degraded } : data);

export function registerHealthRoutes(app: FastifyInstance, check: HealthCheck, degradedModes: DegradedModes = () => []): void {
  app.get('/health/live', { schema: noInput }, async () => ok({ status: 'up' }));
  app.get('/health', { schema: noInput }, async (_request, reply) => {
    const report = await check();
    const payments = report.payments.provider;
    const degraded = degradedModes(report.problems);
    if (report.status === 'up') return ok(withDegraded({ status: 'up', payments }, degraded));
    reply.status(503);
    return failure('503', httpStatusMessages[503], withDegraded({ status: 'degraded', problems: report.problems, payments }, degraded));
  });
}

export function registerInternalHealthRoute(internal: FastifyInstance, check: HealthCheck, degradedModes: DegradedModes = () => []): void {
  internal.get('/health', async () => {
    const report = await check();
    return ok(withDegraded(report, degradedModes(report.problems)));
  });
}
