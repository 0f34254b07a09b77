/**
 * Runs one autocannon job in a child process (load-client.ts, through tsx) and hands back its outcome. The child
 * exits by itself when done; it is killed if it fails to answer in time.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadOutcome } from './load-client';

const CLIENT = fileURLToPath(new URL('./load-client.ts', import.meta.url));

export function runLoad(job: LoadJob): Promise<LoadOutcome> {
  const child = fork(CLIENT, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const deadline = setTimeout(() => child.kill(), (job.warmupSec + job.durationSec + 60) * 1000);
  return new Promise<LoadOutcome>((resolve, reject) => {
    child.once('message', (message: { outcome?: LoadOutcome; error?: string }) => {
      if (message.outcome) resolve(message.outcome);
      else reject(new Error(`load client failed: ${message.error ?? 'no outcome'}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load client exited (${code ?? 'killed'}) without an outcome`)));
    child.send(job);
  }).finally(() => clearTimeout(deadline));
}
