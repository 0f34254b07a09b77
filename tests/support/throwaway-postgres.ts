/**
 * A PostgreSQL cluster of the test's own (infra/postgres/start-throwaway-postgres.sh), for suites that stop and start
 * the server under a running process. Its own state file, so it never touches another cluster; THROWAWAY_PG_PORT
 * picks the port (a free one otherwise). Needs Debian's server binaries; without them the suite is not registered.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { announceSkip } from './backends';
import { repoRoot } from './server-process';

const SCRIPT = path.join(repoRoot, 'infra/postgres/start-throwaway-postgres.sh');

export function postgresBinariesPresent(): boolean {
  const base = '/usr/lib/postgresql';
  return existsSync(base) && readdirSync(base).some((version) => existsSync(path.join(base, version, 'bin/initdb')));
}

export function describeIfThrowawayPostgres(name: string, fn: () => void, suite = 'integration'): void {
  if (postgresBinariesPresent()) describe(name, fn);
  else announceSkip(suite, 'throwaway PostgreSQL', 'no server binaries under /usr/lib/postgresql');
}

export interface ThrowawayPostgres {
  url: string;
  /** Stops the server, keeping its data (pg_ctl stop -m fast: clients get 57P01). */
  down(): void;
  /** Starts it again on the same data and port. */
  up(): void;
  stop(): void;
}

export function startThrowawayPostgres(): ThrowawayPostgres {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'jishi-pg-state-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PG_THROWAWAY_STATE: path.join(stateDir, 'state') };
  if (process.env.THROWAWAY_PG_PORT) env.PG_PORT = process.env.THROWAWAY_PG_PORT;
  const run = (command: string) => execFileSync('bash', [SCRIPT, command], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const url = run('start').trim().split('\n').at(-1) as string;
  return {
    url,
    down: () => { run('down'); },
    up: () => { run('up'); },
    stop() {
      run('stop');
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
