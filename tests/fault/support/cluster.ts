/**
 * The cluster of infra/cluster (issue 14) for the fault suite: started with the project's own scripts on this suite's
 * ports and a database of its own, signalled by the process groups the scripts recorded, stopped by stop.sh.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { OPS_TOKEN, PORTS, ROOT } from './fault-env';
import { FAULT_LOAD_LIMITS, type ServerEnv } from './server-process';

const run = promisify(execFile);

export interface ClusterShape { instances: number; workers: number; databaseUrl: string; dir: string }

export interface Cluster {
  /** The proxy's URL. */
  url: string;
  /** An instance's own URL (1-based), bypassing the proxy. */
  instanceUrl(i: number): string;
  /** The environment of an instance, for the ops CLI (rebuild gate) on the same database. */
  env: ServerEnv;
  /** kill -9 of a process's whole group (`api1`, `worker1`). */
  kill(name: string): void;
  /** restart.sh for one process (starts it again after a kill); resolves once an API instance answers. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
  /** The last lines of a process's log, for failure messages. */
  log(name: string, lines?: number): string;
}

export async function startCluster(shape: ClusterShape): Promise<Cluster> {
  const port = PORTS.cluster;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR,
    CLUSTER_PORT: String(port), CLUSTER_DIR: shape.dir, CLUSTER_API_INSTANCES: String(shape.instances),
    CLUSTER_WORKERS: String(shape.workers), CLUSTER_KAFKA_PORT: String(PORTS.clusterKafka), DATABASE_URL: shape.databaseUrl,
    OPS_TOKEN, SEED_DEMO: 'true', DEMO_MERCHANT_SHIP_AFTER_MS: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1',
    WEB_DIST: path.join(shape.dir, 'no-web'), ...FAULT_LOAD_LIMITS,
  };
  if (process.env.KAFKA_BROKERS) env.KAFKA_BROKERS = process.env.KAFKA_BROKERS;
  const script = (name: string, ...args: string[]) =>
    run('bash', [path.join(ROOT, 'infra/cluster', name), ...args], { cwd: ROOT, env, timeout: 240_000, maxBuffer: 8 * 1024 * 1024 });
  const started = await script('start.sh');
  const url = started.stdout.trim().split('\n').pop() ?? '';
  if (!url.startsWith('http://')) throw new Error(`infra/cluster/start.sh printed no URL:\n${started.stderr}`);
  const pidOf = (name: string): number => {
    const line = readFileSync(path.join(shape.dir, 'pids'), 'utf8').split('\n').find((l) => l.startsWith(`${name} `));
    if (!line) throw new Error(`no ${name} in the cluster`);
    return Number(line.split(' ')[1]);
  };
  const clusterEnv = readFileSync(path.join(shape.dir, 'env'), 'utf8');
  const kafkaBrokers = /KAFKA_BROKERS="([^"]*)"/.exec(clusterEnv)?.[1];
  return {
    url,
    instanceUrl: (i) => `http://127.0.0.1:${port + i}`,
    env: { port: port + 1, dataDir: path.join(shape.dir, 'data'), databaseUrl: shape.databaseUrl, kafkaBrokers, projections: 'external' },
    kill(name) {
      process.kill(-pidOf(name), 'SIGKILL');
    },
    async restart(name) {
      await script('restart.sh', name);
    },
    async stop() {
      await script('stop.sh').catch(() => undefined);
    },
    log(name, lines = 40) {
      try {
        return readFileSync(path.join(shape.dir, 'logs', `${name}.log`), 'utf8').split('\n').slice(-lines).join('\n');
      } catch {
        return '';
      }
    },
  };
}
