/**
 * "Read models equal a from-scratch rebuild" through the project's own gate (d-audit): `npm run ops -- projections
 * rebuild all --require-identical` (what a rebuild does by default since issue 28; the flag is its old name) rebuilds
 * every projection beside the live generation, checks the log's hash chain, compares them table by table (row
 * digests) and refuses to switch, exiting 1 with the broken events or the differing rows, unless identical.
 * Answers the CLI's report when it refused or failed (empty = identical).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from './fault-env';
import { serverEnv, type ServerEnv } from './server-process';

const run = promisify(execFile);

export async function rebuildGate(env: ServerEnv): Promise<string[]> {
  try {
    await run(process.execPath, ['--import', 'tsx', 'services/ops/cli.ts', 'projections', 'rebuild', 'all', '--require-identical'],
      { cwd: ROOT, env: serverEnv(env), timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
    return [];
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    const text = `${failed.stdout ?? ''}\n${failed.stderr ?? ''}`.split('\r').pop() ?? '';
    return [`ops projections rebuild all --require-identical exited ${String(failed.code)}: ${text.trim().slice(-1500)}`];
  }
}
