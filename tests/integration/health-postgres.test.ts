/**
 * Health on PostgreSQL (issue 10 #9, issue 13 #8): an API whose projections run in a worker process is ready only
 * while a worker's heartbeat is fresh; and a transaction held open anywhere in the cluster — here in another
 * database — holds back the global log, which health names with the backend's pid and age, and the server warns.
 */
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../services/api/app';
import { healthCheck, type HealthReport } from '../../services/api/health/health-report';
import { runtimeAppDeps } from '../../services/app-deps';
import { loadConfig } from '../../services/config';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { formatHealthReport } from '../../services/ops/status-table';
import { openRuntime, type Runtime } from '../../services/runtime';
import { startProjections } from '../../projections/runner/start-projections';
import { describeIfPostgres, freshPostgres, type FreshPostgres } from '../support/backends';
import { counterProjection, eventually, uniqueName } from '../contract/projection.fixtures';

const opsToken = 'test-ops-token-0123456789';

describeIfPostgres('health with projections in a worker process', () => {
  let fresh: FreshPostgres | null = null;
  let api: Runtime;
  let app: FastifyInstance;

  beforeAll(async () => {
    fresh = await freshPostgres('health_worker');
    const config = loadConfig({ DATABASE_URL: fresh!.url, PROJECTIONS: 'external', LOG_LEVEL: 'silent', SCHEDULER_POLL_MS: '0' });
    api = await openRuntime(config, { runProjections: false, log: () => undefined, runScheduler: false });
    app = await buildApp(runtimeAppDeps(api, { opsToken }));
  });
  afterAll(async () => {
    await app?.close();
    await api?.close();
    await fresh?.drop();
  });

  const readiness = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    return { status: response.statusCode, body: response.json<{ code: string; data: { status: string; problems?: string[] } }>() };
  };
  const report = async () => (await app.inject({ method: 'GET', url: '/internal/health', headers: { 'x-ops-token': opsToken } }))
    .json<{ data: HealthReport }>().data;
  const names = async () => (await readiness()).body.data.problems ?? [];

  it('is degraded, naming the worker, while no worker has a heartbeat', async () => {
    const { status, body } = await readiness();
    expect(status).toBe(503);
    expect(body.code).toBe('503');
    expect(body.data.problems).toContain('worker');
    expect((await report()).detail?.workers).toEqual({ runnersHere: false, heartbeats: [] });
  });

  it('is ready while a worker beats, and degraded again once its heartbeat is stale', async () => {
    const config = loadConfig({ DATABASE_URL: fresh!.url, LOG_LEVEL: 'silent', SCHEDULER_POLL_MS: '0' });
    const worker = await openRuntime(config, { runProjections: true, log: () => undefined, runScheduler: false });
    try {
      await worker.projections.ready();
      expect(await eventually(async () => (await readiness()).status === 200, 15_000)).toBe(true);
      const detail = (await report()).detail;
      expect(detail?.workers.heartbeats).toEqual([expect.objectContaining({ pid: process.pid, stale: false })]);
      expect(detail?.projections.find((p) => p.name === 'notices')?.state).toBe('live'); // as the worker reports it
    } finally {
      await worker.close();
    }
    // a worker that died without a word: its row stays and ages
    await api.db.query(`insert into projection_workers (id, pid, host, beat_at) values ('gone:1', 1, 'gone', now() - interval '1 minute')`);
    expect(await eventually(async () => (await names()).includes('worker'), 5_000)).toBe(true);
    expect((await report()).detail?.workers.heartbeats).toEqual([expect.objectContaining({ id: 'gone:1', stale: true })]);
  });
});

describeIfPostgres('health while a transaction holds back the commit horizon', () => {
  let fresh: FreshPostgres | null = null;
  let holder: pg.Client;

  beforeAll(async () => {
    fresh = await freshPostgres('health_horizon');
    // another database of the same cluster: the horizon is the cluster's
    holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await fresh?.drop();
  });

  it('names the holding backend and its age, warns in the log, and clears once it ends', async () => {
    const db = fresh!.db;
    const store = await createPostgresEventStore(db);
    const warnings: string[] = [];
    const handle = await startProjections({
      db, store, projections: [counterProjection({ name: uniqueName('hz') })], feed: 'catch-up',
      log: { info: () => undefined, error: () => undefined, warn: (fields, message) => warnings.push(`${message} ${JSON.stringify(fields)}`) },
      health: { horizonWarnMs: 300 },
    });
    const check = healthCheck({ store, storeKind: 'postgres', feed: () => handle.health() }, 0);
    try {
      await handle.ready();
      const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()'); // a transaction id: the horizon stops here

      // other suites' short transactions on the same cluster may be older for a moment: wait until ours is the oldest
      const ours = async () => (await check()).detail?.commitHorizon?.pid === holderPid;
      expect(await eventually(async () => (await ours()) && (await check()).problems.includes('commit-horizon'), 10_000)).toBe(true);
      const held = await check();
      expect(held.status).toBe('degraded');
      expect(held.detail?.commitHorizon).toMatchObject({ pid: holderPid, heldBack: true });
      expect(held.detail?.commitHorizon?.ageMs).toBeGreaterThan(300);
      expect(formatHealthReport(held)).toContain(`HELD BACK by backend pid ${holderPid}`);
      expect(await eventually(async () => warnings.some((w) => w.includes('holds back the global log') && w.includes(`"pid":${holderPid}`)), 10_000)).toBe(true);

      await holder.query('rollback');
      expect(await eventually(async () => !(await check()).problems.includes('commit-horizon'), 10_000)).toBe(true);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await handle.stop();
    }
  });
});
