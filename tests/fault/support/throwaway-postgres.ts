/**
 * The PostgreSQL-drop scenario's own cluster: started with infra/postgres/start-throwaway-postgres.sh on this
 * suite's port, then stopped (fast shutdown: every connection dropped) and started again on the same data
 * directory with pg_ctl, as an operator restarting the server would; removed with the script's `stop` at the end.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PORTS, POSTGRES_BIN, ROOT, scratchDir } from './fault-env';

const run = promisify(execFile);

export interface ThrowawayPostgres {
  url: string;
  /** Fast shutdown: the server disconnects every client and stops. */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const state = path.join(scratchDir('pg-state'), 'state');
  const env = { ...process.env, PG_PORT: String(PORTS.postgres), PG_THROWAWAY_STATE: state };
  const script = path.join(ROOT, 'infra/postgres/start-throwaway-postgres.sh');
  const { stdout } = await run(script, ['start'], { env, timeout: 90_000 });
  const url = stdout.trim().split('\n').pop()!;
  const dir = readFileSync(state, 'utf8').trim().split(' ')[1];
  const asOwner = (args: string[]) => (process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN!, 'pg_ctl'), ...args], { timeout: 90_000 })
    : run(path.join(POSTGRES_BIN!, 'pg_ctl'), args, { timeout: 90_000 }));
  const options = `-h 127.0.0.1 -p ${PORTS.postgres} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  return {
    url,
    async stop() {
      await asOwner(['-D', dir, '-m', 'fast', '-w', 'stop']);
    },
    async start() {
      await asOwner(['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
      // The script's `stop` reads the postmaster pid from the state file: keep it current.
      const pid = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0];
      await run('sh', ['-c', `echo "${pid} ${dir}" > "${state}"`]);
    },
    async remove() {
      await run(script, ['stop'], { env, timeout: 60_000 });
    },
  };
}
