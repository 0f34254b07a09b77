/**
 * One writer per embedded data directory (DESIGN.md §2 invariants). PGlite has no locking of its own: two processes
 * on one directory both run, both issue the same order ids and the later writer's acknowledged orders are lost.
 * The first process creates `<DATA_DIR>/jishi.lock` atomically (O_EXCL) with its pid, port and start time; a second
 * one reads it and refuses. A lock whose pid is dead (kill -9, power loss) is stale and taken over. The ops CLI reads
 * the holder's port from here to go through the running server.
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface LockHolder {
  pid: number;
  /** The HTTP port of a server; null for a process without one (the ops CLI working directly). */
  port: number | null;
  host: string | null;
  role: 'server' | 'ops-cli';
  startedAt: string;
}

export interface DataDirLock {
  readonly file: string;
  /** Records the port actually listened on (PORT=0 picks one). */
  setPort(port: number, host?: string): void;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly holder: LockHolder) {
    super(lockedMessage(dataDir, holder));
    this.name = 'DataDirLockedError';
  }
}

export const lockFileOf = (dataDir: string): string => path.join(path.resolve(dataDir), 'jishi.lock');

export function lockedMessage(dataDir: string, holder: LockHolder): string {
  const who = holder.port === null ? `pid ${holder.pid}（${holder.role}）` : `pid ${holder.pid}，端口 ${holder.port}`;
  const whoEn = holder.port === null ? `pid ${holder.pid} (${holder.role})` : `pid ${holder.pid}, port ${holder.port}`;
  return `数据目录 ${path.resolve(dataDir)} 已被另一个进程占用（${who}），拒绝启动。` +
    ` / The data directory ${path.resolve(dataDir)} is in use by another process (${whoEn}); refusing to start.`;
}

export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by someone else
  }
}

/** The live holder of the directory, or null when it is free (no lock file, an unreadable one, or a dead pid). */
export function readLockHolder(dataDir: string): LockHolder | null {
  let holder: LockHolder;
  try {
    holder = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
  return isAlive(holder.pid) ? holder : null;
}

export function acquireDataDirLock(dataDir: string, role: LockHolder['role'], port: number | null = null): DataDirLock {
  mkdirSync(path.resolve(dataDir), { recursive: true });
  const file = lockFileOf(dataDir);
  const holder: LockHolder = { pid: process.pid, port, host: null, role, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try { writeSync(fd, `${JSON.stringify(holder)}\n`); } finally { closeSync(fd); }
      return ownedLock(file, holder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readLockHolder(dataDir);
    if (current) throw new DataDirLockedError(dataDir, current);
    if (!justWritten(file)) removeStale(file);
  }
  const current = readLockHolder(dataDir);
  if (current) throw new DataDirLockedError(dataDir, current);
  throw new Error(`could not take the lock ${file}`);
}

/** A lock file created a moment ago may still be empty (its writer is between open and write): not stale yet. */
function justWritten(file: string): boolean {
  try {
    const stat = statSync(file);
    return stat.size === 0 && Date.now() - stat.mtimeMs < 2000;
  } catch {
    return false;
  }
}

/**
 * Two processes may find the same stale lock at once; a guard file (itself O_EXCL) lets one of them remove it, so
 * neither deletes the fresh lock the other has just created. The loser retries and then finds a live holder.
 */
function removeStale(file: string): void {
  const guard = `${file}.takeover`;
  try {
    const stat = statSync(guard);
    if (Date.now() - stat.mtimeMs > 10_000) unlinkSync(guard); // its writer died mid-takeover
  } catch { /* no guard */ }
  let fd: number;
  try {
    fd = openSync(guard, 'wx');
  } catch {
    return;
  }
  try {
    const raw = readFileSync(file, 'utf8');
    let pid = 0;
    try { pid = (JSON.parse(raw) as LockHolder).pid; } catch { /* unreadable: stale */ }
    if (!isAlive(pid)) unlinkSync(file);
  } catch { /* already gone */ } finally {
    closeSync(fd);
    try { unlinkSync(guard); } catch { /* gone */ }
  }
}

function ownedLock(file: string, holder: LockHolder): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      const current = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
      if (current.pid === holder.pid && current.startedAt === holder.startedAt) unlinkSync(file);
    } catch { /* gone already */ }
  };
  // process.exit() after a fatal error still removes the lock; kill -9 leaves it, and the next start finds it stale.
  process.on('exit', release);
  return {
    file,
    setPort(port, host) {
      if (released) return;
      holder.port = port;
      holder.host = host ?? null;
      writeFileSync(file, `${JSON.stringify(holder)}\n`);
    },
    release,
  };
}
