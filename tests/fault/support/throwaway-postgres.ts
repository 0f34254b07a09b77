/**
 * The PostgreSQL-drop scenario's own cluster, driven by the project's script (infra/postgres) on this suite's port:
 * `start`, then `down` (fast shutdown: every connection dropped, data kept) and `up` (same directory and port), as
 * an operator restarting the server would; `stop` removes it at the end.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { PORTS, ROOT, scratchDir } from './fault-env';

const run = promisify(execFile);

export interface ThrowawayPostgres {
  url: string;
  down(): Promise<void>;
  /** Stops it as a crash would (immediate shutdown): the next up() runs crash recovery. */
  crash(): Promise<void>;
  up(): Promise<void>;
  remove(): Promise<void>;
}

/** On `port` (default the PostgreSQL-drop scenario's): files running side by side each take their own. */
export async function startThrowawayPostgres(port: number = PORTS.postgres): Promise<ThrowawayPostgres> {
  const env = { ...process.env, PG_PORT: String(port), PG_THROWAWAY_STATE: path.join(scratchDir('pg-state'), 'state') };
  const script = path.join(ROOT, 'infra/postgres/start-throwaway-postgres.sh');
  const call = (command: string) => run(script, [command], { env, timeout: 90_000 });
  const { stdout } = await call('start');
  return {
    url: stdout.trim().split('\n').pop()!,
    down: async () => { await call('down'); },
    crash: async () => { await call('crash'); },
    up: async () => { await call('up'); },
    remove: async () => { await call('stop'); },
  };
}
