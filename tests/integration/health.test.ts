/**
 * Health over HTTP (issue 10 #9): liveness, public readiness (status and envelope agree, short problem names only)
 * and the full report behind the ops token; a projection that fails turns readiness into 503 '503' naming it, and
 * readiness comes back when it recovers. PGlite, the catch-up feed, projections in process.
 */
import { randomUUID } from 'node:crypto';
import { NOTICE_PUBLISHED } from '../../domain/notice/notice.events';
import type { HealthReport } from '../../services/api/health/health-report';
import { startTestServer, type TestServer } from '../support/test-server';
import { eventually } from '../contract/projection.fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  await server.runtime.projections.ready();
});
afterAll(async () => server?.stop());

const get = async <T>(path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as { code: string; message: string; data: T } };
};
const internal = () => get<HealthReport>('/internal/health', { 'x-ops-token': server.opsToken });
const readyAgain = async () => (await get('/api/health')).status === 200;

describe('liveness', () => {
  it('answers 200 up whenever the process serves', async () => {
    const { status, body } = await get('/api/health/live');
    expect(status).toBe(200);
    expect(body).toEqual({ code: '200', message: '成功', data: { status: 'up' } });
  });
});

describe('given every part working', () => {
  it('readiness answers 200 with code 200 and status up, nothing more', async () => {
    expect(await eventually(readyAgain, 10_000)).toBe(true);
    const { body } = await get('/api/health');
    expect(body).toEqual({ code: '200', message: '成功', data: { status: 'up' } });
  });

  it('the internal report needs the ops token', async () => {
    const { status, body } = await get('/internal/health');
    expect(status).toBe(403);
    expect(body.code).toBe('403');
  });

  it('the internal report shows the store head, the feed and each projection at the head', async () => {
    const { status, body } = await internal();
    expect(status).toBe(200);
    const report = body.data;
    expect(report).toMatchObject({ status: 'up', problems: [], store: { kind: 'pglite', up: true } });
    expect(report.store.head).toMatch(/^\d+\/\d+$/);
    expect(report.detail?.feed).toEqual({ kind: 'catch-up', broker: null });
    expect(report.detail?.forwarder).toBeNull();
    expect(report.detail?.commitHorizon).toBeNull(); // PGlite: one session, nothing can hold the horizon
    expect(report.detail?.workers.runnersHere).toBe(true);
    const notices = report.detail?.projections.find((p) => p.name === 'notices');
    expect(notices).toMatchObject({ state: 'live', lag: 0, stalled: false, lastError: null });
    expect(notices?.position).toMatch(/^\d+\/\d+$/);
  });
});

describe('when a projection fails on every attempt', () => {
  it('readiness answers 503 with code 503 naming it, the report tells why, and it recovers', async () => {
    const { db, store } = server.runtime;
    const live = (await db.query<{ generation: number }>(`select generation from projection_registry where projection = 'notices'`)).rows[0];
    const guard = `rm_notices_g${live.generation}._stream_revisions`;
    await db.query(`alter table ${guard} rename to _stream_revisions_away`);
    try {
      await store.appendToStream('notice-9001', [{
        type: NOTICE_PUBLISHED,
        data: { noticeId: 9001, noticeType: 2, noticeTitle: '健康检查', noticeContent: '<p>-</p>', jump: 1, only: 0 },
        metadata: { eventId: randomUUID(), actor: { kind: 'platform' }, occurredAt: new Date().toISOString(), schemaVersion: 1 },
      }]);
      expect(await eventually(async () => (await get('/api/health')).status === 503, 10_000)).toBe(true);
      const { body } = await get<{ status: string; problems: string[] }>('/api/health');
      expect(body).toEqual({ code: '503', message: '服务不可用!', data: { status: 'degraded', problems: ['projection:notices'] } });
      const notices = (await internal()).body.data.detail?.projections.find((p) => p.name === 'notices');
      expect(notices?.state).toBe('failed');
      expect(notices?.lastError).toMatch(/_stream_revisions/);
    } finally {
      await db.query(`alter table rm_notices_g${live.generation}._stream_revisions_away rename to _stream_revisions`);
    }
    expect(await eventually(readyAgain, 20_000)).toBe(true);
  });
});
