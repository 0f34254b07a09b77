/**
 * The API with Kafka configured but no broker answering (issue 10 #4, #9): it starts — the events live in the
 * store — serves, and readiness says degraded, naming the broker and the forwarder, whose report tells since when
 * it is stuck. Nothing listens on the broker address, so this needs no Kafka.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NOTICE_PUBLISHED } from '../../domain/notice/notice.events';
import { buildApp } from '../../services/api/app';
import type { HealthReport } from '../../services/api/health/health-report';
import { runtimeAppDeps } from '../../services/app-deps';
import { loadConfig } from '../../services/config';
import { openRuntime, type Runtime } from '../../services/runtime';
import { eventually } from '../contract/projection.fixtures';

const NOBODY = '127.0.0.1:3119'; // a port of this suite's range where nothing listens
const opsToken = 'test-ops-token-0123456789';
let runtime: Runtime;
let app: FastifyInstance;

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: ':memory:', KAFKA_BROKERS: NOBODY, LOG_LEVEL: 'silent', SCHEDULER_POLL_MS: '0' });
  runtime = await openRuntime(config, { log: () => undefined, runScheduler: false });
  app = await buildApp(runtimeAppDeps(runtime, { opsToken }));
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
});

const health = async () => {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: response.statusCode, body: response.json<{ code: string; message: string; data: { status: string; problems: string[] } }>() };
};

describe('given Kafka configured and no broker answering', () => {
  it('the API started and serves; liveness says up', async () => {
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ code: '200', message: '成功', data: { status: 'up' } });
    const notices = await app.inject({ method: 'GET', url: '/api/notice/getAll?page=1' });
    expect(notices.json()).toMatchObject({ code: '200' });
  });

  it('readiness answers 503 naming kafka, then the forwarder stuck on an event it cannot publish', async () => {
    await runtime.store.appendToStream('notice-7001', [{
      type: NOTICE_PUBLISHED,
      data: { noticeId: 7001, noticeType: 2, noticeTitle: '停机演练', noticeContent: '<p>-</p>', jump: 1, only: 0 },
      metadata: { eventId: randomUUID(), actor: { kind: 'platform' }, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    }]);
    expect(await eventually(async () => (await health()).body.data.problems?.includes('forwarder') ?? false, 20_000)).toBe(true);
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: '503', message: '服务不可用!', data: { status: 'degraded' } });
    expect(body.data.problems).toEqual(expect.arrayContaining(['kafka', 'forwarder']));

    const report = (await app.inject({ method: 'GET', url: '/internal/health', headers: { 'x-ops-token': opsToken } }))
      .json<{ data: HealthReport }>().data;
    expect(report.detail?.feed).toMatchObject({ kind: 'kafka', broker: { up: false } });
    expect(report.detail?.forwarder).toMatchObject({ where: 'here', lastError: expect.any(String) });
    expect(Date.parse(report.detail?.forwarder?.stuckSince ?? '')).toBeLessThanOrEqual(Date.now());
  });
});
