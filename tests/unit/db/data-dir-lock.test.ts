/**
 * The embedded data directory's lock file (issue 10 finding 5), in one process: created atomically with the holder's
 * pid and port, refused while the holder lives, taken over when its pid is dead, removed on release.
 * Two real server processes on one directory: tests/integration/process-data-dir-lock.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, lockFileOf, readLockHolder } from '../../../services/db/data-dir-lock';

let dataDir: string;
beforeEach(() => { dataDir = mkdtempSync(path.join(tmpdir(), 'jishi-lock-unit-')); });
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
const deadPid = (): number =>
  Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

it('records the holder and refuses a second taker while it lives, naming its pid and port', () => {
  const lock = acquireDataDirLock(dataDir, 'server', 3000);
  lock.setPort(43210, '127.0.0.1');
  expect(readLockHolder(dataDir)).toMatchObject({ pid: process.pid, port: 43210, host: '127.0.0.1', role: 'server' });
  let refused: unknown = null;
  try {
    acquireDataDirLock(dataDir, 'ops-cli');
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(DataDirLockedError);
  expect((refused as Error).message).toBe(
    `数据目录 ${dataDir} 已被另一个进程占用（pid ${process.pid}，端口 43210），拒绝启动。` +
    ` / The data directory ${dataDir} is in use by another process (pid ${process.pid}, port 43210); refusing to start.`,
  );
  lock.release();
  expect(existsSync(lockFileOf(dataDir))).toBe(false);
});

it('takes over a lock whose holder is dead', () => {
  const pid = deadPid();
  writeFileSync(lockFileOf(dataDir), JSON.stringify({ pid, port: 3000, host: null, role: 'server', startedAt: '2026-01-01T00:00:00Z' }));
  expect(readLockHolder(dataDir)).toBeNull();
  const lock = acquireDataDirLock(dataDir, 'server', 3001);
  expect(JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: process.pid, port: 3001 });
  lock.release();
});

it('takes over an unreadable lock file', () => {
  writeFileSync(lockFileOf(dataDir), 'not json');
  const lock = acquireDataDirLock(dataDir, 'ops-cli');
  expect(readLockHolder(dataDir)).toMatchObject({ pid: process.pid, port: null, role: 'ops-cli' });
  lock.release();
});
