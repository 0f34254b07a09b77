/**
 * `npm run ops -- <args>` as a scenario runs it beside a server: the CLI in direct mode (DATABASE_URL, the server's
 * environment), its exit code, output and how long it took. A non-zero exit is an answer here, not an error.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from './fault-env';
import { serverEnv, type ServerEnv } from './server-process';

const run = promisify(execFile);

export interface OpsRun { exit: number; output: string; ms: number }

export async function runOps(env: ServerEnv, args: readonly string[], timeoutMs = 120_000): Promise<OpsRun> {
  const started = Date.now();
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'services/ops/cli.ts', ...args],
      { cwd: ROOT, env: serverEnv(env), timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
    return { exit: 0, output: stdout + stderr, ms: Date.now() - started };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    return { exit: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`, ms: Date.now() - started };
  }
}

/** The progress lines a rebuild rewrites with \r, left out: what it printed last on each line. */
export const finalLines = (output: string): string => output.split('\n').map((line) => line.split('\r').pop() ?? '').join('\n');
