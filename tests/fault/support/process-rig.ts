/**
 * The crash suite's servers (issue 28): one API process at a time on one PostgreSQL database, each with the process
 * trace on, the resumer looking for unfinished processes 1 s after start and the scheduler polling every 200 ms.
 * A plain server prepares a scenario and, after a crash, finishes what was left; a crashing one is started with
 * PROCESS_CRASH_AFTER=<kind>:<n> only for the step under test. A graceful stop (SIGTERM) separates them, so the
 * crashing server's appends of that kind are the step's and nothing else's.
 *
 * Loading the server's modules is most of a start (~6 of ~7 s here), and a crash suite starts two servers per
 * boundary. So the next server is spawned ahead as a standby (process-standby.ts: modules loaded, then held before
 * main.ts runs — no connection, no listener) while the current one still works, and released when its turn comes:
 * one server at a time still runs, each from its own start.
 */
import { OPS_TOKEN } from './fault-env';
import { spawnServer, untilReady, type ServerEnv, type ServerProcess } from './server-process';
import type { ProcessKind } from './process-trace';

export const RESUME_AFTER_MS = 1000;

const PROCESS_ENV = {
  PROCESS_TRACE: '1',
  PROCESS_RESUME_AFTER_MS: String(RESUME_AFTER_MS),
  SCHEDULER_POLL_MS: '200',
  // the merchant is the test: a demo merchant agreeing to after-sales (or shipping) on its own would act for it
  DEMO_MERCHANT_AFTER_SALE_AFTER_MS: '0',
  DEMO_MERCHANT_SHIP_AFTER_MS: '0',
} as const;

const STANDBY_PRELOAD = 'tests/fault/support/process-standby.ts';

/** A bound raced against an exit: unref'd, so one left pending when the exit came first holds nothing open. */
const sleep = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms).unref(); });

type Role = { name: string; extra: Record<string, string> };
const plain: Role = { name: 'plain', extra: {} };
const crashing = (kind: ProcessKind, n: number): Role =>
  ({ name: `crashing after ${kind} append ${n}`, extra: { PROCESS_CRASH_AFTER: `${kind}:${n}` } });

export class ProcessRig {
  /** The server running now (plain or crashing), null between two. */
  server: ServerProcess | null = null;
  /** Every server this rig started, oldest first, with its role (for a failure message). */
  private readonly started: { role: string; server: ServerProcess }[] = [];
  /** Spawned ahead, modules loaded, waiting to be released. */
  private readonly standbys = new Map<string, ServerProcess>();

  constructor(readonly env: ServerEnv) {}

  get url(): string {
    return `http://127.0.0.1:${this.env.port}`;
  }

  /** A plain server (no crash asked for), ready: healthy with every projection caught up. */
  startPlain(): Promise<ServerProcess> {
    return this.start(plain);
  }

  /** A server that kills itself right after the n-th append of `kind` since its start. */
  startCrashing(kind: ProcessKind, n: number): Promise<ServerProcess> {
    return this.start(crashing(kind, n));
  }

  /** Spawns the next plain server ahead (its start then only boots). */
  standbyPlain(): void {
    this.standby(plain);
  }

  /** Spawns the server crashing after append n of `kind` ahead. */
  standbyCrashing(kind: ProcessKind, n: number): void {
    this.standby(crashing(kind, n));
  }

  private spawn(role: Role): ServerProcess {
    return spawnServer('services/main.ts', { ...this.env, extra: { ...this.env.extra, ...PROCESS_ENV, ...role.extra } }, STANDBY_PRELOAD);
  }

  private standby(role: Role): void {
    if (!this.standbys.has(role.name)) this.standbys.set(role.name, this.spawn(role));
  }

  private async start(role: Role): Promise<ServerProcess> {
    if (this.server) throw new Error('a server is already running: stop it first');
    let server = this.standbys.get(role.name);
    this.standbys.delete(role.name);
    if (!server || server.exitStatus() !== null) server = this.spawn(role);
    this.server = server;
    this.started.push({ role: role.name, server });
    server.release();
    await untilReady(server, 90_000);
    return server;
  }

  /** SIGTERM and wait for the exit (a graceful stop lets nothing half-done behind; at most 20 s, then SIGKILL). */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const status = await Promise.race([server.kill('SIGTERM'), sleep(20_000).then(() => null)]);
    if (status === null) {
      await server.kill('SIGKILL');
      throw new Error(`the server did not stop within 20 s of SIGTERM\n${server.output().slice(-3000)}`);
    }
  }

  /** Waits (at most `ms`) for the running server to exit; answers its exit status, or null if it still runs. */
  async untilExited(ms: number): Promise<number | string | null> {
    const server = this.server;
    if (!server) throw new Error('no server running');
    const status = await Promise.race([server.exited, sleep(ms).then(() => null)]);
    if (status !== null) this.server = null;
    return status;
  }

  /** Stops the crashing standbys not used (a kind with fewer boundaries than spawned ahead). */
  async dropCrashingStandbys(): Promise<void> {
    const unused = [...this.standbys].filter(([name]) => name !== plain.name);
    for (const [name] of unused) this.standbys.delete(name);
    await Promise.all(unused.map(([, server]) => server.kill('SIGKILL')));
  }

  /** Stops whatever runs or stands by, for afterAll: SIGKILL, the data stays. */
  async kill(): Promise<void> {
    const all = [this.server, ...this.standbys.values()];
    this.server = null;
    this.standbys.clear();
    await Promise.all(all.map((server) => server?.kill('SIGKILL')));
  }

  /** The output of the last `servers` servers started (the running one last), each at most `chars` characters. */
  tail(servers = 3, chars = 2500): string {
    return this.started.slice(-servers)
      .map(({ role, server }) => `--- ${role} server (pid ${server.pid}, ${server.exitStatus() ?? 'running'}) ---\n${server.output().slice(-chars)}`)
      .join('\n');
  }

  readonly opsToken = OPS_TOKEN;
}
