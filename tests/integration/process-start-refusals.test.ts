/**
 * Start-up refusals of `npm start`, as a person sees them: one clear line (or the list of configuration problems),
 * exit code 1, no stack trace, no password. An unreachable database (issue 10 finding 3) and a production start with
 * development stand-ins (issue 13 finding 2); told explicitly, production runs the sandbox and warns loudly, as it
 * does for the demo merchant (issue 29: off in production unless chosen).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAYMENT_REFUSAL, SMS_REFUSAL } from '../../services/config';
import { runServerToExit, stackLines, startServerProcess } from '../support/server-process';

/** Real processes on a shared, loaded machine: a PGlite server start alone can take tens of seconds. */
const PROCESS_TIMEOUT_MS = 240_000;

/** A loopback port nothing listens on: bound once by the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('a start that cannot reach its database', () => {
  it('prints one line naming the server and the reason, without the password, and exits 1', async () => {
    const port = await closedPort();
    const started = await runServerToExit({ DATABASE_URL: `postgres://jishi:s3cret-pw@127.0.0.1:${port}/jishi`, DATA_DIR: ':memory:' });
    expect(started.code).toBe(1);
    expect(started.output).toBe(
      `无法连接数据库 127.0.0.1:${port}/jishi: connection refused (DATABASE_URL=postgres://jishi@127.0.0.1:${port}/jishi)`,
    );
  }, PROCESS_TIMEOUT_MS);

  it('names a DATABASE_URL that is not a URL, with no stack', async () => {
    const started = await runServerToExit({ DATABASE_URL: 'jishi-db', DATA_DIR: ':memory:' });
    expect(started.code).toBe(1);
    expect(started.output).toBe('invalid configuration:\n  - DATABASE_URL: DATABASE_URL must be a URL');
    expect(stackLines(started.output)).toEqual([]);
  }, PROCESS_TIMEOUT_MS);
});

describe('a production start (NODE_ENV=production)', () => {
  it('refuses the sandbox payments and the development SMS it was not told to run, exit 1', async () => {
    const started = await runServerToExit({ NODE_ENV: 'production', DATA_DIR: ':memory:' });
    expect(started.code).toBe(1);
    expect(started.output).toBe(`invalid configuration:\n  - ${PAYMENT_REFUSAL}\n  - ${SMS_REFUSAL}`);
    expect(started.output).toContain('拒绝启动沙箱支付');
  }, PROCESS_TIMEOUT_MS);

  it('runs them when told explicitly, warning loudly at start (the demo merchant too, and a generated ops token)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jishi-prod-sandbox-'));
    const server = await startServerProcess({
      NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', SMS_PROVIDER: 'development', DATA_DIR: dataDir,
      DEMO_MERCHANT_SHIP_AFTER_MS: '60000', DEMO_MERCHANT_AFTER_SALE_AFTER_MS: '30000',
    });
    try {
      expect(server.output()).toContain('!!! 警告：生产环境正在使用沙箱支付（PAYMENT_PROVIDER=sandbox），订单不会真实扣款');
      expect(server.output()).toContain('!!! 警告：生产环境正在使用开发短信（SMS_PROVIDER=development）');
      expect(server.output()).toContain('!!! 警告：生产环境正在运行演示商家自动发货（DEMO_MERCHANT_SHIP_AFTER_MS=60000）');
      expect(server.output()).toContain('!!! 警告：生产环境正在运行演示商家自动售后（DEMO_MERCHANT_AFTER_SALE_AFTER_MS=30000）');
      expect(server.output()).toContain('!!! 警告：生产环境未设置 OPS_TOKEN');
      expect(server.output()).toContain('payments: sandbox');
    } finally {
      await server.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, PROCESS_TIMEOUT_MS);
});
