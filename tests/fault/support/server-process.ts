/**
 * Real server processes for the fault suite: `services/main.ts` (the API) or `services/projections-worker.ts`, each
 * one node process (`node --import tsx`, so a kill by pid reaches the process that holds the sockets and the data
 * directory, not a launcher), with the scenario's environment. Output is kept for the failure message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { OPS_TOKEN, ROOT } from './fault-env';

export interface ServerProcess {
  pid: number;
  url: string;
  /** stdout + stderr so far. */
  output(): string;
  /** With a preload that waits for it (spawnServer's `preload`): tells the process to go on with its start. */
  release(): void;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  /** The exit code or signal once it has exited; null while it runs. */
  exitStatus(): number | string | null;
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | string>;
}

export interface ServerEnv {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  kafkaBrokers?: string;
  projections?: 'inline' | 'external';
  extra?: Record<string, string>;
}

/** Every buyer of a scenario asks its SMS code from this one loopback client: the per-client send limits are lifted. */
export const FAULT_LOAD_LIMITS = { SMS_SENDS_PER_CLIENT: '1000000', SMS_SENDS_TOTAL: '1000000' } as const;

export function serverEnv(env: ServerEnv): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR,
    PORT: String(env.port), HOST: '127.0.0.1', DATA_DIR: env.dataDir, OPS_TOKEN,
    PROJECTIONS: env.projections ?? 'inline', SEED_DEMO: 'true', DEMO_MERCHANT_SHIP_AFTER_MS: '0', LOG_LEVEL: 'warn',
    WEB_DIST: path.join(env.dataDir, 'no-web'),
    ...FAULT_LOAD_LIMITS,
  };
  if (env.databaseUrl) base.DATABASE_URL = env.databaseUrl;
  if (env.kafkaBrokers) base.KAFKA_BROKERS = env.kafkaBrokers;
  return { ...base, ...env.extra };
}

/**
 * Starts `script` (relative to the repo root) with `env`; does not wait for it to serve. `preload` (relative to the
 * repo root) is imported first, with a pipe on stdin for `release()` (the crash suite's standby servers).
 */
export function spawnServer(script: 'services/main.ts' | 'services/projections-worker.ts', env: ServerEnv, preload?: string): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...(preload ? ['--import', `./${preload}`] : []), script], {
    cwd: ROOT, env: serverEnv(env), stdio: [preload ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
  child.stderr?.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
  let status: number | string | null = null;
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      status = code ?? signal ?? 'unknown';
      resolve(status);
    });
  });
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  const pid = child.pid;
  return {
    pid,
    url: `http://127.0.0.1:${env.port}`,
    output: () => text,
    release: () => { child.stdin?.end('go\n'); },
    exited,
    exitStatus: () => status,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, signal);
      return exited;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface HealthAnswer { status: number; body: { code?: string; message?: string; data?: HealthData } | null }
export interface HealthData {
  status?: string;
  problems?: string[];
  projections?: { name: string; state: string; lag: number | null }[];
}

/**
 * One GET /api/health (readiness: status and problem names), with the projections' lag from the ops detail
 * (`GET /internal/health`); status 0 when nothing answered (the process is down or not listening yet).
 */
export async function readHealth(url: string): Promise<HealthAnswer> {
  try {
    // a loaded CI machine (two clusters in the fault phase) once took over 3 s to answer a healthy embedded server;
    // 0 (nothing answered) must mean down, and a server that is down refuses the connection at once
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    const body = await response.json().catch(() => null) as HealthAnswer['body'];
    if (body?.data && !body.data.projections) body.data.projections = await projectionDetail(url);
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

async function projectionDetail(url: string): Promise<HealthData['projections']> {
  try {
    const response = await fetch(`${url}/internal/health`, { headers: { 'x-ops-token': OPS_TOKEN }, signal: AbortSignal.timeout(3000) });
    const body = await response.json() as { data?: { detail?: { projections?: HealthData['projections'] } | null } };
    return body.data?.detail?.projections ?? undefined;
  } catch {
    return undefined;
  }
}

const caughtUp = (answer: HealthAnswer) => answer.status === 200 && answer.body?.data?.status === 'up'
  && answer.body.data.projections !== undefined && answer.body.data.projections.every((p) => (p.state === 'live' || p.state === 'elsewhere') && (p.lag ?? 0) === 0);

/**
 * Waits until the server answers healthy with every projection live and caught up (so the demo seed is in the
 * read models before buyers come). Throws with the process output when it does not within `timeoutMs`.
 */
export async function untilReady(server: Pick<ServerProcess, 'url' | 'output'>, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  let last: HealthAnswer = { status: 0, body: null };
  while (Date.now() - started < timeoutMs) {
    last = await readHealth(server.url);
    if (caughtUp(last)) return Date.now() - started;
    await sleep(200);
  }
  throw new Error(`${server.url} not ready within ${timeoutMs} ms (last health ${last.status} ${JSON.stringify(last.body?.data ?? null).slice(0, 400)})\n${server.output().slice(-3000)}`);
}
