/**
 * Real processes for the process-level suites (and tests/fault): `services/main.ts` and the ops CLI run by node with
 * tsx's loader, so the pid a test holds is the server itself (a signal reaches it, kill -9 leaves what a crash leaves).
 * Every server listens on PORT=0 unless told otherwise; its port is read from the start line it prints.
 * Tests stop only the processes they started here, by pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The environment a spawned process starts from: the test's own, minus what would point it at the CI services. */
function baseEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const key of ['DATABASE_URL', 'KAFKA_BROKERS', 'EVENTSTORE_URL', 'PORT', 'DATA_DIR', 'OPS_TOKEN', 'NODE_OPTIONS']) {
    delete inherited[key];
  }
  return { ...inherited, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent',
    SMS_SENDS_PER_CLIENT: '1000000', SMS_SENDS_TOTAL: '1000000', ...env }; // every code is asked from this one client
}

export interface ServerProcess {
  readonly pid: number;
  readonly port: number;
  readonly url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited(): Promise<number | null>;
  isAlive(): boolean;
  /** SIGTERM (or the given signal) and wait for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

interface Spawned { child: ChildProcess; output: () => string; exited: Promise<number | null> }

function spawnTsx(script: string, args: string[], env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot, env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => { text += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { text += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

const RUNNING = /Jishi is running: http:\/\/[^:]+:(\d+)/;

/** Starts `services/main.ts`; resolves once it listens (or rejects with its output when it exits first). */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 180_000): Promise<ServerProcess> {
  const { child, output, exited } = spawnTsx('services/main.ts', [], { PORT: '0', SEED_DEMO: 'false', ...env });
  let exitCode: number | null | undefined;
  void exited.then((code) => { exitCode = code; });
  const deadline = Date.now() + timeoutMs;
  let match: RegExpMatchArray | null = null;
  while (!(match = output().match(RUNNING))) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}) before listening:\n${output()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const port = Number(match[1]);
  return {
    pid: child.pid as number,
    port,
    url: `http://127.0.0.1:${port}`,
    output,
    exited: () => exited,
    isAlive: () => exitCode === undefined,
    async stop(signal = 'SIGTERM') {
      if (exitCode === undefined) child.kill(signal);
      return exited;
    },
  };
}

export interface Finished { code: number | null; output: string }

/** Runs a process that is expected to end by itself (a refused start, an ops command) and returns its output. */
export async function runToExit(script: string, args: string[], env: Record<string, string>, timeoutMs = 180_000): Promise<Finished> {
  const { child, output, exited } = spawnTsx(script, args, env);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  return { code, output: output().trim() };
}

export const runServerToExit = (env: Record<string, string>): Promise<Finished> =>
  runToExit('services/main.ts', [], { PORT: '0', SEED_DEMO: 'false', ...env });

export const runOps = (args: string[], env: Record<string, string>): Promise<Finished> =>
  runToExit('services/ops/cli.ts', args, env);

/** The lines a Node stack trace prints ("    at fn (file:line)"): a refused start must print none. */
export const stackLines = (text: string): string[] => text.split('\n').filter((line) => /^\s+at .+/.test(line));

/** Polls `probe` until it returns true (or throws the last failure at the deadline). */
export async function eventually(probe: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown = null;
    try {
      if (await probe()) return;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) throw failure ?? new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
