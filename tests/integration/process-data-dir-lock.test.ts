/**
 * One writer per embedded data directory (issue 10 finding 5), with real `npm start` processes on one DATA_DIR:
 * a second server refuses and the first keeps serving; the ops CLI goes through the running server (the port comes
 * from the lock file, not from PORT) and never opens a held directory; a stopped or killed holder frees it.
 * Without the ops CLI server, `seed demo` appends only: no projection runs in the CLI (issue 10 finding 2).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  runOps, runServerToExit, stackLines, startServerProcess, type ServerProcess,
} from '../support/server-process';

/** Real processes on a shared, loaded machine: a PGlite server start alone can take tens of seconds. */
const PROCESS_TIMEOUT_MS = 240_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'jishi-lock-'));
const env = { DATA_DIR: dataDir };
const started: ServerProcess[] = [];
let first: ServerProcess;

const start = async () => {
  const server = await startServerProcess(env);
  started.push(server);
  return server;
};
const lockFile = () => JSON.parse(readFileSync(path.join(dataDir, 'jishi.lock'), 'utf8')) as { pid: number; port: number };
const getCode = async (server: ServerProcess, phone: string) =>
  (await fetch(`${server.url}/api/app/getCode?phone=${phone}`)).json() as Promise<{ code: string }>;

beforeAll(async () => {
  first = await start();
}, PROCESS_TIMEOUT_MS);
afterAll(async () => {
  for (const server of started) if (server.isAlive()) await server.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}, PROCESS_TIMEOUT_MS);

describe('a server holding the data directory', () => {
  it('records its pid and the port it listens on in the lock file', () => {
    expect(lockFile()).toMatchObject({ pid: first.pid, port: first.port, role: 'server' });
  }, PROCESS_TIMEOUT_MS);

  it('makes a second server on the same directory refuse with one line naming the holder, exit 1', async () => {
    const second = await runServerToExit(env);
    expect(second.code).toBe(1);
    expect(second.output).toBe(
      `数据目录 ${dataDir} 已被另一个进程占用（pid ${first.pid}，端口 ${first.port}），拒绝启动。` +
      ` / The data directory ${dataDir} is in use by another process (pid ${first.pid}, port ${first.port}); refusing to start.`,
    );
    expect(stackLines(second.output)).toEqual([]);
  }, PROCESS_TIMEOUT_MS);

  it('keeps serving after the refused start', async () => {
    expect(first.isAlive()).toBe(true);
    expect(await getCode(first, '13900000001')).toMatchObject({ code: '200' });
  }, PROCESS_TIMEOUT_MS);

  it('answers the ops CLI through its /internal routes, on the port from the lock file whatever PORT says', async () => {
    // the code was sent to the server's PGlite: only the server can read it
    const sms = await runOps(['sms', '13900000001'], { ...env, PORT: '1' });
    expect(sms.code).toBe(0);
    expect(sms.output).toMatch(/^\d{4,6} {2}\(sent to 13900000001 at /);
  }, PROCESS_TIMEOUT_MS);
});

describe('when the holder goes away', () => {
  it('is free again after SIGTERM: the lock file is removed and a new server starts', async () => {
    expect(await first.stop('SIGTERM')).toBe(0);
    const next = await start();
    expect(lockFile()).toMatchObject({ pid: next.pid, port: next.port });
    await next.stop('SIGKILL');
    expect(lockFile()).toMatchObject({ pid: next.pid }); // kill -9 leaves its record behind
  }, PROCESS_TIMEOUT_MS);

  it('takes over a stale lock left by a killed server (kill -9)', async () => {
    const next = await start();
    expect(lockFile()).toMatchObject({ pid: next.pid, port: next.port });
    expect(await getCode(next, '13900000002')).toMatchObject({ code: '200' });
    await next.stop('SIGTERM');
  }, PROCESS_TIMEOUT_MS);
});

describe('the ops CLI on a directory nobody holds', () => {
  it('appends the demo seed without projecting it: that is left to the server', async () => {
    const seeded = await runOps(['seed', 'demo'], env);
    expect(seeded.code).toBe(0);
    expect(seeded.output).toMatch(/^seeded \d+ events \(appended to the event store; the server's projections apply them\)$/);
    const status = await runOps(['projections', 'status'], env);
    expect(status.code).toBe(0);
    const catalog = status.output.split('\n').find((line) => line.startsWith('catalog '));
    expect(catalog).toBeDefined();
    const lag = Number(catalog?.trim().split(/\s{2,}/)[5]); // projection, version, generation, state, position, lag, moved
    expect(lag).toBeGreaterThan(0);
  }, PROCESS_TIMEOUT_MS);
});
