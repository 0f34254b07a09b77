/**
 * The local production-shaped cluster of infra/cluster (issue 14) for the `cluster` bench: started with the project's
 * own start.sh on a fresh PostgreSQL database (dropped afterwards), stopped with stop.sh --wipe whatever happens —
 * after the measurement, after a failed start, and at process exit (an interrupted run). Each cluster gets a Kafka
 * broker of its own (start.sh starts it on CLUSTER_KAFKA_PORT with fresh storage): the feed's topic and group names
 * are fixed (`jishi.<category>`, `jishi.projections.<digest of the projection names>`), so a broker shared with any
 * other deployment would hand this cluster's worker the other database's events and split the consumer group between the two.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freshDatabase, type FreshDatabase } from '../bench-backends';
import { progress } from '../stats';
import { cachedKafkaLib, hasCommand } from '../../fault/support/fault-env';

const run = promisify(execFile);

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const OPS_TOKEN = 'bench-cluster-ops-token-0123456789';

/** The bench's abuse limits, as buy-server.ts sets them: the shoppers sign in from one client and buy in bulk. */
const LOAD_LIMITS = {
  SMS_SENDS_PER_CLIENT: '1000000', SMS_SENDS_TOTAL: '1000000', UNPAID_ORDERS_PER_USER: '10000', UNPAID_UNITS_PER_SKU_PER_USER: '1000000', UNPAID_SHARE_OF_STOCK_PERCENT: '100',
} as const;

export interface ClusterShape {
  label: string;
  instances: number;
  workers: number;
  /** The proxy's port; the instances listen on the ports after it. */
  port: number;
  /** This cluster's own Kafka broker (its controller on the port after). */
  kafkaPort: number;
}

export interface BenchCluster {
  shape: ClusterShape;
  /** The proxy's URL. */
  url: string;
  /** An instance's own URL (1-based), bypassing the proxy. */
  instanceUrl(i: number): string;
  /** A pool on the cluster's database (read models, for picking SKUs and checking orders). */
  fresh: FreshDatabase;
  /** Seconds from start.sh to every projection caught up with the demo seed. */
  startSeconds: number;
  stop(): Promise<void>;
}

/** Why the cluster cannot start here (null = it can). */
export function clusterProblem(): string | null {
  if (!hasCommand('haproxy')) return 'haproxy not found (Debian: apt-get install -y haproxy; infra/cluster needs it)';
  if (!hasCommand('java')) return 'java not found (the cluster\'s Kafka broker needs it)';
  if (!cachedKafkaLib() && !hasCommand('mvn')) return 'no cached Kafka jars and no mvn to resolve them (run infra/kafka/start-kafka.sh once)';
  return null;
}



/** Clusters started and not yet stopped: stopped synchronously if the process exits first (an interrupt). */
const running = new Map<string, NodeJS.ProcessEnv>();
let exitHook = false;

function stopSync(env: NodeJS.ProcessEnv): void {
  try {
    execFileSync('bash', [path.join(ROOT, 'infra/cluster/stop.sh'), '--wipe'], { cwd: ROOT, env, stdio: 'ignore', timeout: 60_000 });
  } catch {
    // nothing more to do on the way out
  }
}

export async function startBenchCluster(databaseServerUrl: string, shape: ClusterShape): Promise<BenchCluster> {
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => { for (const env of running.values()) stopSync(env); });
  }
  const fresh = await freshDatabase(databaseServerUrl, `cluster_${shape.label}`, 4);
  const dir = mkdtempSync(path.join(os.tmpdir(), `jishi-bench-cluster-${shape.label}-`));
  const kafkaHome = path.join(dir, 'kafka');
  mkdirSync(kafkaHome);
  const lib = cachedKafkaLib();
  if (lib) symlinkSync(lib, path.join(kafkaHome, path.basename(lib)));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR,
    CLUSTER_PORT: String(shape.port), CLUSTER_DIR: path.join(dir, 'cluster'), CLUSTER_API_INSTANCES: String(shape.instances),
    CLUSTER_WORKERS: String(shape.workers), CLUSTER_KAFKA_PORT: String(shape.kafkaPort), KAFKA_HOME: kafkaHome, KAFKA_FRESH: '1',
    // a loaded machine (the bench's other cluster, other work) starts a JVM slowly: start-kafka.sh's 90 s were seen to run out
    KAFKA_START_TIMEOUT: '240',
    DATABASE_URL: fresh.url, OPS_TOKEN, SEED_DEMO: 'true', LOG_LEVEL: 'warn', HOST: '127.0.0.1',
    WEB_DIST: path.join(dir, 'no-web'), ...LOAD_LIMITS,
  };
  const script = (name: string, ...args: string[]) =>
    run('bash', [path.join(ROOT, 'infra/cluster', name), ...args], { cwd: ROOT, env, timeout: 300_000, maxBuffer: 8 * 1024 * 1024 });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await script('stop.sh', '--wipe').catch((error: Error) => progress(`cluster ${shape.label}: stop.sh failed: ${error.message}`));
    running.delete(shape.label);
    rmSync(dir, { recursive: true, force: true });
    await fresh.drop().catch((error: Error) => progress(`cluster ${shape.label}: dropping ${fresh.name} failed: ${error.message}`));
  };
  running.set(shape.label, env);
  const t0 = Date.now();
  try {
    progress(`cluster ${shape.label}: infra/cluster/start.sh (${shape.instances} API instance(s), ${shape.workers} worker(s), proxy :${shape.port})`);
    const started = await script('start.sh').catch((error: Error & { stderr?: string }) => {
      throw new Error(`infra/cluster/start.sh failed: ${error.message.split('\n')[0]}\n${(error.stderr ?? '').slice(-2000)}`);
    });
    const url = started.stdout.trim().split('\n').pop() ?? '';
    if (!url.startsWith('http://')) throw new Error(`infra/cluster/start.sh printed no URL:\n${started.stderr}`);
    const instanceUrl = (i: number) => `http://127.0.0.1:${shape.port + i}`;
    // the worker projects the demo seed the first instance wrote: shoppers come once every read model has it
    await untilCaughtUp(instanceUrl(1), 300_000, () => logTail(env.CLUSTER_DIR!, shape));
    const startSeconds = (Date.now() - t0) / 1000;
    progress(`cluster ${shape.label}: ready in ${startSeconds.toFixed(0)} s at ${url}`);
    return { shape, url, instanceUrl, fresh, startSeconds, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface Health { status: number; data?: { status?: string; detail?: { projections?: { name: string; state: string; lag: number | null }[] } | null } }

async function internalHealth(url: string): Promise<Health> {
  try {
    const response = await fetch(`${url}/internal/health`, { headers: { 'x-ops-token': OPS_TOKEN }, signal: AbortSignal.timeout(3000) });
    const body = await response.json() as { data?: Health['data'] };
    return { status: response.status, data: body.data };
  } catch {
    return { status: 0 };
  }
}

/** Until the instance answers healthy and every projection (run by the worker) is live with no lag. */
export async function untilCaughtUp(url: string, timeoutMs: number, output: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: Health = { status: 0 };
  while (Date.now() < deadline) {
    last = await internalHealth(url);
    const projections = last.data?.detail?.projections;
    if (last.status === 200 && last.data?.status === 'up' && projections && projections.length > 0
      && projections.every((p) => (p.state === 'live' || p.state === 'elsewhere') && (p.lag ?? 0) === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the cluster was not caught up within ${timeoutMs} ms (last health ${last.status} ${JSON.stringify(last.data ?? null).slice(0, 400)})\n${output()}`);
}

function logTail(clusterDir: string, shape: ClusterShape): string {
  const names = [...Array.from({ length: shape.instances }, (_, i) => `api${i + 1}`), ...Array.from({ length: shape.workers }, (_, j) => `worker${j + 1}`)];
  return names.map((name) => {
    try {
      return `--- ${name} ---\n${readFileSync(path.join(clusterDir, 'logs', `${name}.log`), 'utf8').split('\n').slice(-15).join('\n')}`;
    } catch {
      return `--- ${name} --- (no log)`;
    }
  }).join('\n');
}
