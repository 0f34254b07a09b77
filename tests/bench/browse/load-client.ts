/**
 * The load generator of the browse bench, run as a child process (run-load.ts forks it) so it does not share the
 * server's event loop: autocannon with `connections` keep-alive connections, each request to a path drawn at random
 * from the job's list, a warm-up run and then the measured run. Every response's time is kept (all status codes),
 * and a body without `"code":"200"` counts as a mismatch (the API answers business errors with HTTP 200).
 */
import autocannon from 'autocannon';
import { randomFor } from '../../../services/ops/seed/catalog/prng';
import { summarise, type LatencySummary } from '../stats';

export interface LoadJob { origin: string; paths: string[]; connections: number; warmupSec: number; durationSec: number }

export interface LoadOutcome {
  requests: number;
  seconds: number;
  latency: LatencySummary;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
}

function cannon(job: LoadJob, seconds: number, onResponseMs: (ms: number) => void): Promise<autocannon.Result> {
  const random = randomFor(`browse-load-${seconds}`);
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url: job.origin,
      connections: job.connections,
      duration: seconds,
      verifyBody: (body) => body?.includes('"code":"200"') === true,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: job.paths[Math.floor(random() * job.paths.length)] }) }],
    }, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on('response', (_client, _status, _bytes, responseTime) => onResponseMs(responseTime));
  });
}

async function run(job: LoadJob): Promise<LoadOutcome> {
  await cannon(job, job.warmupSec, () => undefined);
  const times: number[] = [];
  const result = await cannon(job, job.durationSec, (ms) => times.push(ms));
  return {
    requests: times.length,
    seconds: result.duration,
    latency: summarise(times),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
  };
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (outcome) => process.send?.({ outcome }, () => process.disconnect()),
    (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) }, () => process.disconnect()),
  );
});
