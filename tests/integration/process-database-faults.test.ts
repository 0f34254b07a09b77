/**
 * The API process under real PostgreSQL faults (issue 10 finding 3): a server process on a throwaway cluster of the
 * test's own. Every backend terminated (57P01 on pooled, checked-out and LISTEN clients), then the cluster stopped and
 * started again: the process stays up, answers HTTP 503 服务繁忙，请稍后重试 with Retry-After while the database is
 * gone — /api in its envelope, the sandbox cashier in its own `{ok, message}` (issue 28: it answered 500) — and
 * recovers alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eventually, runOps, startServerProcess, type ServerProcess } from '../support/server-process';
import { describeIfThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';

/** Real processes on a shared, loaded machine: a PGlite server start alone can take tens of seconds. */
const PROCESS_TIMEOUT_MS = 240_000;

const UNAVAILABLE = { code: '503', message: '服务繁忙，请稍后重试', data: null };

/** Runs `request` while `lockSql` holds what it needs, terminates every backend of the database under it, answers. */
async function terminatedMidRequest(url: string, lockSql: string, request: () => Promise<Response>) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('begin');
    await admin.query(lockSql);
    const answer = request();
    await eventually(async () => (await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
    )).rows[0].n > 0, 15_000, 100);
    const killed = await admin.query<{ n: number }>(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()',
    );
    expect(killed.rows[0].n).toBeGreaterThan(0);
    await admin.query('rollback');
    const response = await answer;
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() as unknown };
  } finally {
    await admin.end();
  }
}

/** Live projections whose checkpoint is behind the store's last event. */
async function projectionsBehind(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ behind: number }>(
      `select count(*)::int as behind
         from projection_registry r
         left join projection_checkpoints c on c.projection = r.projection and c.generation = r.generation
        where coalesce(nullif(split_part(c.position, '/', 2), ''), '0')::bigint
              < (select coalesce(max(global_position), 0) from events)`);
    return rows[0].behind;
  } finally {
    await client.end();
  }
}

describeIfThrowawayPostgres('a server on PostgreSQL when the database goes away', () => {
  let cluster: ThrowawayPostgres;
  let server: ServerProcess;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jishi-faults-'));
  let phone = 13700000000;

  // GET /api/app/getCode writes the code to the database: a request that needs it, answered without login.
  const getCode = async () => {
    phone += 1;
    const response = await fetch(`${server.url}/api/app/getCode?phone=${phone}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const sentOk = { status: 200, body: { code: '200', message: '验证码获取成功', data: null } };

  beforeAll(async () => {
    cluster = startThrowawayPostgres();
    server = await startServerProcess({ DATABASE_URL: cluster.url, DATA_DIR: dataDir });
  }, PROCESS_TIMEOUT_MS);
  afterAll(async () => {
    if (server?.isAlive()) await server.stop('SIGKILL');
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, PROCESS_TIMEOUT_MS);

  it('stays up when every backend is terminated mid-transaction, answers that request 503, then serves again', async () => {
    expect(await getCode()).toEqual(sentOk);
    // Hold the code's row so that the login's transaction (select ... for update) waits on a checked-out client:
    // a client the pool no longer listens to, where an unhandled 'error' used to end the process.
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('begin');
    await admin.query('select phone from sms_codes where phone = $1 for update', [String(phone)]);
    const login = fetch(`${server.url}/api/app/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: String(phone), verificationCode: '0000', type: 2 }),
    });
    await eventually(async () => (await admin.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
    )).rows[0].n > 0, 15_000, 100);
    const killed = await admin.query<{ n: number }>(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()',
    );
    await admin.query('rollback');
    await admin.end();
    expect(killed.rows[0].n).toBeGreaterThan(0);
    const answer = await login;
    expect({ status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.json() })
      .toEqual({ status: 503, retryAfter: '1', body: UNAVAILABLE });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.isAlive()).toBe(true);
    await eventually(async () => (await getCode()).status === 200, 15_000);
    expect(await getCode()).toEqual(sentOk);
  }, PROCESS_TIMEOUT_MS);

  it('answers the sandbox cashier whose connection was terminated mid-request 503 with Retry-After, not 500', async () => {
    // the cashier reads its ledger first: locked, the read waits on a checked-out connection, which is then terminated
    const answer = await terminatedMidRequest(cluster.url, 'lock table sandbox_wechatpay_orders in access exclusive mode',
      () => fetch(`${server.url}/pay/sandbox/JS900000001/confirm`, { method: 'POST' }));
    expect(answer).toEqual({ status: 503, retryAfter: '1', body: { ok: false, message: '服务繁忙，请稍后重试' } });
    expect(server.isAlive()).toBe(true);
    await eventually(async () => (await getCode()).status === 200, 15_000);
  }, PROCESS_TIMEOUT_MS);

  it('answers 503 with the envelope while the server is down, and stays up', async () => {
    cluster.down();
    expect(await getCode()).toEqual({ status: 503, body: UNAVAILABLE });
    // projections, the scheduler and the LISTEN client keep retrying in the background meanwhile
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(server.isAlive()).toBe(true);
    expect(await getCode()).toEqual({ status: 503, body: UNAVAILABLE });
  }, PROCESS_TIMEOUT_MS);

  it('recovers on its own when the server is back: requests and ops commands succeed again', async () => {
    cluster.up();
    await eventually(async () => (await getCode()).status === 200, 30_000);
    expect(await getCode()).toEqual(sentOk);
    const sms = await runOps(['sms', String(phone)], { DATABASE_URL: cluster.url, DATA_DIR: dataDir });
    expect(sms.code).toBe(0);
    expect(sms.output).toMatch(new RegExp(`^\\d{4,6} {2}\\(sent to ${phone} at `));
    // registering appends an event: the projections, retrying with backoff meanwhile, must apply them again
    const login = await fetch(`${server.url}/api/app/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: String(phone), verificationCode: sms.output.split(' ')[0], type: 1 }),
    });
    expect(((await login.json()) as { code: string }).code).toBe('200');
    await eventually(async () => (await projectionsBehind(cluster.url)) === 0, 60_000, 500);
    expect(server.isAlive()).toBe(true);
  }, PROCESS_TIMEOUT_MS);
});
