/**
 * The cluster of infra/cluster (issue 14) for the fault suite: started with the project's own scripts on this suite's
 * ports and a database of its own, signalled by the process groups the scripts recorded, stopped by stop.sh.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { cachedKafkaLib, OPS_TOKEN, PORTS, ROOT, scratchDir } from './fault-env';
import { FAULT_LOAD_LIMITS, type ServerEnv } from './server-process';

const run = promisify(execFile);

export interface ClusterShape {
  instances: number;
  workers: number;
  databaseUrl: string;
  dir: string;
  /** The proxy's port (default PORTS.cluster); the instances listen on the ports after it. */
  port?: number;
  /**
   * A broker of the cluster's own, started by start.sh on this port (its controller on the next) in a fresh
   * KAFKA_HOME, even when KAFKA_BROKERS is set: a scenario that kills the broker never touches a shared one.
   * Without it: KAFKA_BROKERS when set, else start.sh's broker on PORTS.clusterKafka.
   */
  kafkaPort?: number;
  /**
   * How many KRaft brokers the cluster's own Kafka has (default 1; infra/kafka/kafka-nodes.sh: node i on kafkaPort +
   * 2(i-1), its controller on the port after, replication factor min(3, n), min.insync.replicas 2 when replicated).
   */
  kafkaBrokers?: number;
  /** More environment for every instance and worker (e.g. SCHEDULER_POLL_MS). */
  extraEnv?: Record<string, string>;
}

/** The cluster's own brokers (ClusterShape.kafkaPort), for the scenarios that break them. */
export interface ClusterKafka {
  /** KAFKA_BROKERS: every node's address, comma-separated */
  brokers: string;
  /** node i's address (1-based) */
  address(node?: number): string;
  /** kill -9 of node i (default 1) by the pid start-kafka.sh wrote; resolves once it is gone. */
  kill9(node?: number): Promise<void>;
  /** node i (default 1) again with the cluster's KAFKA_HOME and ports (its data kept): kafka-nodes.sh start-node. */
  start(node?: number): Promise<void>;
  /** The broker's last group coordinator lines (joins, rebalances, members removed): what a scenario prints when it fails. */
  groupLog(lines?: number): string;
}

export interface Cluster {
  /** The proxy's URL. */
  url: string;
  /** An instance's own URL (1-based), bypassing the proxy. */
  instanceUrl(i: number): string;
  /** The environment of an instance, for the ops CLI (rebuild gate) on the same database. */
  env: ServerEnv;
  /** The process group of `api1`, `worker1`, ... as the scripts recorded it (its session leader's pid). */
  pidOf(name: string): number;
  /** kill -9 of a process's whole group (`api1`, `worker1`). */
  kill(name: string): void;
  /**
   * restart.sh for one process (starts it again after a kill), or without a name every API instance in turn (a
   * rolling restart: SIGTERM, wait, start); resolves once the (last) API instance answers.
   */
  restart(name?: string): Promise<void>;
  stop(): Promise<void>;
  /** The cluster's own broker; null when it uses KAFKA_BROKERS or the default one. */
  kafka: ClusterKafka | null;
  /** The last lines of a process's log, for failure messages. */
  log(name: string, lines?: number): string;
}

export async function startCluster(shape: ClusterShape): Promise<Cluster> {
  const port = shape.port ?? PORTS.cluster;
  const kafkaPort = shape.kafkaPort ?? PORTS.clusterKafka;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR,
    CLUSTER_PORT: String(port), CLUSTER_DIR: shape.dir, CLUSTER_API_INSTANCES: String(shape.instances),
    CLUSTER_WORKERS: String(shape.workers), CLUSTER_KAFKA_PORT: String(kafkaPort), DATABASE_URL: shape.databaseUrl,
    CLUSTER_KAFKA_BROKERS: String(shape.kafkaBrokers ?? 1),
    OPS_TOKEN, SEED_DEMO: 'true', DEMO_MERCHANT_SHIP_AFTER_MS: '0', LOG_LEVEL: 'warn', HOST: '127.0.0.1',
    WEB_DIST: path.join(shape.dir, 'no-web'), ...FAULT_LOAD_LIMITS, ...shape.extraEnv,
  };
  let kafkaHome: string | null = null;
  if (shape.kafkaPort !== undefined) {
    // a fresh home (no topics of an earlier run) whose lib dir is the jars start-kafka.sh cached before
    kafkaHome = scratchDir('cluster-kafka');
    const lib = cachedKafkaLib();
    if (lib) {
      mkdirSync(kafkaHome, { recursive: true });
      const target = path.join(kafkaHome, path.basename(lib));
      if (!existsSync(target)) symlinkSync(lib, target);
    }
    Object.assign(env, { KAFKA_HOME: kafkaHome, KAFKA_HEAP_OPTS: '-Xms128m -Xmx384m' });
  } else if (process.env.KAFKA_BROKERS) env.KAFKA_BROKERS = process.env.KAFKA_BROKERS;
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
    kafka: kafkaHome === null ? null : ownKafka(kafkaHome, kafkaPort, shape.kafkaBrokers ?? 1, env),
    pidOf,
    env: { port: port + 1, dataDir: path.join(shape.dir, 'data'), databaseUrl: shape.databaseUrl, kafkaBrokers, projections: 'external' },
    kill(name) {
      process.kill(-pidOf(name), 'SIGKILL');
    },
    async restart(name) {
      await script('restart.sh', ...(name ? [name] : []));
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

function ownKafka(home: string, base: number, nodes: number, clusterEnv: NodeJS.ProcessEnv): ClusterKafka {
  const portOf = (node: number) => base + 2 * (node - 1);
  const env = { ...clusterEnv, KAFKA_PORT: String(base), KAFKA_NODES: String(nodes) };
  const pidFile = (node: number) => path.join(home, `kafka-${portOf(node)}.pid`);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    brokers: Array.from({ length: nodes }, (_, i) => `127.0.0.1:${portOf(i + 1)}`).join(','),
    address: (node = 1) => `127.0.0.1:${portOf(node)}`,
    async kill9(node = 1) {
      const pid = existsSync(pidFile(node)) ? Number(readFileSync(pidFile(node), 'utf8').trim()) : null;
      if (pid === null || !alive(pid)) return;
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 100 && alive(pid); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    },
    async start(node = 1) {
      await run('bash', [path.join(ROOT, 'infra/kafka/kafka-nodes.sh'), 'start-node', String(node)], { cwd: ROOT, env, timeout: 120_000 });
    },
    groupLog(lines = 60) {
      return Array.from({ length: nodes }, (_, i) => portOf(i + 1)).map((port) => {
        try {
          return readFileSync(path.join(home, `run-${port}`, 'server.log'), 'utf8').split('\n')
            .filter((line) => line.includes('[GroupCoordinator'))
            .map((line) => `${nodes > 1 ? `[${port}] ` : ''}${line.replace(/ \(kafka\.coordinator\.group\.GroupCoordinator\)$/, '').slice(0, 260)}`)
            .slice(-lines).join('\n');
        } catch {
          return '';
        }
      }).filter(Boolean).join('\n');
    },
  };
}
