/**
 * What the fault suite (issue 10) needs and where it may run: a PostgreSQL server (DATABASE_URL), Java and the
 * cached Kafka jars for the broker scenarios, Debian's PostgreSQL binaries for the throwaway cluster. Without one,
 * the scenarios that need it are announced with the reason and not registered (never skipped ones).
 * Ports are this suite's own (HELPERS.md): servers 3150-3159, Kafka 19292-19299, throwaway PostgreSQL 55533-55539,
 * the cluster's proxy 3170 with its instances on 3171-3179; the many-instances cluster (cluster-many.test.ts) on 3190
 * with its instances on 3191-3199 and a broker of its own on 19298 (controller 19299); the cluster's three brokers on
 * 19300-19305 (cluster.test.ts); the rebuild-under-load and
 * payment-reconciliation servers on 3160 and 3161.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { announceSkip } from '../../support/backends';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const OPS_TOKEN = 'fault-suite-ops-token-0123456789';

/** FAULT_PORT_OFFSET shifts every port, so two checkouts on one machine can run the fault suite side by side. */
const PORT_OFFSET = Number(process.env.FAULT_PORT_OFFSET ?? 0);

export const PORTS = {
  server: (n: number) => 3150 + PORT_OFFSET + n,
  kafka: 19292 + PORT_OFFSET,
  kafkaController: 19293 + PORT_OFFSET,
  postgres: 55533 + PORT_OFFSET,
  postgresCrash: 55534 + PORT_OFFSET,
  cluster: 3170 + PORT_OFFSET,
  clusterKafka: 19296 + PORT_OFFSET,
  /** the cluster's own three brokers (cluster.test.ts): 19300, 19302, 19304, their controllers on the ports after */
  clusterKafkaNodes: 19300 + PORT_OFFSET,
  manyCluster: 3190 + PORT_OFFSET,
  manyClusterKafka: 19298 + PORT_OFFSET,
  manyClusterKafkaController: 19299 + PORT_OFFSET,
  rebuildUnderLoad: 3160 + PORT_OFFSET,
  reconcile: 3161 + PORT_OFFSET,
} as const;

const scratch: string[] = [];

/** The scenario's own scratch directory under the OS temp dir, removed after the test file. */
export function scratchDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `jishi-fault-${label}-`));
  scratch.push(dir);
  return dir;
}

// Top-level: runs after the file's own afterAll hooks, which stop the processes using these directories.
// JISHI_FAULT_KEEP_SCRATCH=1 keeps them (servers' and brokers' logs) for a look after the run.
if (typeof afterAll === 'function' && process.env.JISHI_FAULT_KEEP_SCRATCH !== '1') {
  afterAll(() => {
    for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
}

export function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The Kafka jars start-kafka.sh resolved before (so a broker starts without Maven), or null. */
export function cachedKafkaLib(): string | null {
  const home = process.env.KAFKA_HOME ?? path.join(os.homedir(), '.cache/jishi-kafka');
  if (!existsSync(home)) return null;
  const lib = readdirSync(home).find((name) => name.startsWith('lib-') && existsSync(path.join(home, name, '.complete')));
  return lib ? path.join(home, lib) : null;
}

const postgresBin = (): string | null => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/initdb'))).sort().pop();
  return version ? path.join(base, version, 'bin') : null;
};
export const POSTGRES_BIN = postgresBin();

type Need = 'postgres' | 'kafka' | 'pg-binaries' | 'haproxy';

function missing(needs: readonly Need[]): string | null {
  for (const need of needs) {
    if (need === 'postgres' && !process.env.DATABASE_URL) return 'DATABASE_URL not set';
    if (need === 'kafka' && !hasCommand('java')) return 'java not found (infra/kafka/start-kafka.sh needs it)';
    if (need === 'kafka' && !cachedKafkaLib() && !hasCommand('mvn')) return 'no cached Kafka jars and no mvn to resolve them';
    if (need === 'haproxy' && !hasCommand('haproxy')) return 'haproxy not found (apt-get install -y haproxy; infra/cluster needs it)';
    if (need === 'pg-binaries' && !POSTGRES_BIN) return 'no PostgreSQL server binaries under /usr/lib/postgresql';
  }
  return null;
}

/** describe() when everything the scenario needs is here; otherwise says why and registers nothing. */
export function describeFault(name: string, needs: readonly Need[], fn: () => void): void {
  const reason = missing(needs);
  if (reason) announceSkip('fault', name, reason);
  else describe(name, fn);
}
