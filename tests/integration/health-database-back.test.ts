/**
 * Health after PostgreSQL comes back (issue 28 #1): an idle server whose projections failed their reads while the
 * database was away is ready again within seconds of it answering, with no write in between — before, every
 * projection stayed 'failed' (readiness 503, lag 0) until the next event, minutes later on a quiet storefront.
 * A server on a throwaway cluster of the test's own, stopped and started under it; projections in process.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../services/api/app';
import type { HealthReport } from '../../services/api/health/health-report';
import { runtimeAppDeps } from '../../services/app-deps';
import { loadConfig } from '../../services/config';
import { openRuntime, type Runtime } from '../../services/runtime';
import { eventually } from '../contract/projection.fixtures';
import { describeIfThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';

const opsToken = 'test-ops-token-0123456789';
/** How soon after PostgreSQL answers again readiness must say so. */
const BACK_WITHIN_MS = 15_000;

describeIfThrowawayPostgres('an idle server when PostgreSQL goes away and comes back', () => {
  let cluster: ThrowawayPostgres;
  let runtime: Runtime;
  let app: FastifyInstance;

  beforeAll(async () => {
    cluster = startThrowawayPostgres();
    const config = loadConfig({ DATABASE_URL: cluster.url, LOG_LEVEL: 'silent', SCHEDULER_POLL_MS: '0' });
    runtime = await openRuntime(config, { runProjections: true, log: () => undefined, runScheduler: false });
    app = await buildApp(runtimeAppDeps(runtime, { opsToken }));
    await runtime.projections.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    cluster?.stop();
  }, 60_000);

  const readiness = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    return { status: response.statusCode, problems: response.json<{ data: { problems?: string[] } }>().data.problems ?? [] };
  };
  const report = async () => (await app.inject({ method: 'GET', url: '/internal/health', headers: { 'x-ops-token': opsToken } }))
    .json<{ data: HealthReport }>().data;

  it('is ready again within seconds of the database answering, without waiting for a write', async () => {
    expect(await eventually(async () => (await readiness()).status === 200, 30_000)).toBe(true);
    const headBefore = (await report()).store.head;

    cluster.down();
    expect(await eventually(async () => (await readiness()).problems.includes('database'), 10_000)).toBe(true);
    // the catch-up feed reads every second even when idle: each projection's read fails meanwhile
    await new Promise((resolve) => setTimeout(resolve, 4000));
    cluster.up();

    const back = Date.now();
    const ready = await eventually(async () => (await readiness()).status === 200, BACK_WITHIN_MS);
    const after = await report();
    expect({ ready, problems: after.problems, failed: after.detail?.projections.filter((p) => p.state !== 'live').map((p) => p.name) })
      .toEqual({ ready: true, problems: [], failed: [] });
    expect(Date.now() - back).toBeLessThan(BACK_WITHIN_MS);
    // nothing was written in between: the projections came back on their own
    expect(after.store.head).toBe(headBefore);
  }, 90_000);
});
