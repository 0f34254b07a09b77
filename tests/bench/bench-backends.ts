/**
 * What the bench runs against: PGlite (always, in memory), PostgreSQL when DATABASE_URL is set and answers (a
 * fresh database per scenario, dropped afterwards), Kafka when KAFKA_BROKERS is set and answers. Also the
 * hardware and server facts printed above the tables.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { openDatabase, type Database } from '../../services/db/database';
import { ignoreDrop } from './connection-drops';
import type { Table } from './stats';

export interface BenchConfig {
  databaseUrl: string | null;
  kafkaBrokers: string[] | null;
  /** BENCH_LARGE=1: the 1M-event global-read step. */
  large: boolean;
  /** BENCH_ONLY=appends,lag: run only these scenarios. */
  only: Set<string> | null;
  /** BENCH_SCALE=0.5 shrinks (or grows) every event and operation count. */
  scale: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const list = (value: string | undefined) => value?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
  const brokers = list(env.KAFKA_BROKERS);
  const only = list(env.BENCH_ONLY);
  const scale = Number(env.BENCH_SCALE ?? '1');
  return {
    databaseUrl: env.DATABASE_URL?.trim() || null,
    kafkaBrokers: brokers.length > 0 ? brokers : null,
    large: env.BENCH_LARGE === '1' || env.BENCH_LARGE === 'true',
    only: only.length > 0 ? new Set(only) : null,
    scale: Number.isFinite(scale) && scale > 0 ? scale : 1,
  };
}

export const scaled = (config: BenchConfig, count: number): number => Math.max(1, Math.round(count * config.scale));

/** Null when the server answers; otherwise why it does not. */
export async function postgresProblem(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', ignoreDrop);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at DATABASE_URL does not answer: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function kafkaProblem(brokers: string[]): Promise<string | null> {
  const kafka = new Kafka({ clientId: 'jishi-bench-probe', brokers, logLevel: logLevel.NOTHING, connectionTimeout: 3000, retry: { retries: 1 } });
  const admin = kafka.admin();
  try {
    await admin.connect();
    await admin.describeCluster();
    return null;
  } catch (error) {
    return `Kafka at KAFKA_BROKERS does not answer: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

export interface FreshDatabase { db: Database; url: string; name: string; drop(): Promise<void> }

const created = new Set<{ serverUrl: string; name: string }>();

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on('error', ignoreDrop);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty database `jishi_bench_<label>_<hex>` on the DATABASE_URL server. */
export async function freshDatabase(serverUrl: string, label: string, poolSize = 12): Promise<FreshDatabase> {
  const name = `jishi_bench_${label}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const entry = { serverUrl, name };
  created.add(entry);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString(), max: poolSize });
  return {
    db, url: url.toString(), name,
    async drop() {
      await db.close().catch(() => undefined);
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
      created.delete(entry);
    },
  };
}

/** Runs `work` on a fresh database and drops it whatever happens. */
export async function withFreshDatabase<T>(serverUrl: string, label: string, work: (fresh: FreshDatabase) => Promise<T>): Promise<T> {
  const fresh = await freshDatabase(serverUrl, label);
  try {
    return await work(fresh);
  } finally {
    await fresh.drop();
  }
}

/** Drops what an interrupted run left behind (SIGINT). */
export async function dropLeftovers(): Promise<void> {
  for (const { serverUrl, name } of [...created]) {
    await onServer(serverUrl, `drop database if exists "${name}" with (force)`).catch(() => undefined);
  }
  created.clear();
}

export async function withPGlite<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ kind: 'pglite' });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

function packageVersion(name: string): string {
  try {
    const url = new URL(`../../node_modules/${name}/package.json`, import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function kafkaVersion(): string {
  try {
    const pom = readFileSync(new URL('../../infra/kafka/pom.xml', import.meta.url), 'utf8');
    return /<kafka\.version>([^<]+)<\/kafka\.version>/.exec(pom)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function postgresFacts(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', ignoreDrop);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings
       where name in ('server_version', 'shared_buffers', 'synchronous_commit', 'fsync', 'max_connections')
       order by name`);
    const get = (n: string) => rows.find((r) => r.name === n);
    const buffers = get('shared_buffers');
    const mb = buffers ? (Number(buffers.setting) * 8) / 1024 : Number.NaN;
    return `PostgreSQL ${get('server_version')?.setting ?? '?'} on loopback (shared_buffers ${mb} MB, fsync ${get('fsync')?.setting}, `
      + `synchronous_commit ${get('synchronous_commit')?.setting})`;
  } finally {
    await client.end();
  }
}

async function pgliteFacts(): Promise<string> {
  return withPGlite(async (db) => {
    const { rows } = await db.query<{ server_version: string }>('show server_version');
    return `PGlite ${packageVersion('@electric-sql/pglite')} (PostgreSQL ${rows[0].server_version}, WASM, in memory, one connection)`;
  });
}

export async function hardwareTable(config: BenchConfig): Promise<Table> {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  const rows: string[][] = [
    ['CPU', `${os.availableParallelism()} cores (${cpus[0]?.model ?? 'unknown'})`],
    ['memory', `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(os.freemem() / 2 ** 30).toFixed(1)} GiB free at start`],
    ['load average at start (1/5/15 min)', load],
    ['OS / Node', `${os.type()} ${os.release()} / Node ${process.version}`],
    ['embedded store', await pgliteFacts()],
    ['PostgreSQL', config.databaseUrl ? await postgresFacts(config.databaseUrl).catch((e: Error) => `unavailable: ${e.message}`) : 'not configured'],
    ['Kafka', config.kafkaBrokers ? `Apache Kafka ${kafkaVersion()} single node (KRaft) at ${config.kafkaBrokers.join(',')}, kafkajs ${packageVersion('kafkajs')}` : 'not configured'],
    ['drivers', `pg ${packageVersion('pg')}, emmett-postgresql ${packageVersion('@event-driven-io/emmett-postgresql')}`],
  ];
  return { headers: ['', ''], rows };
}

/** Transactions on the whole cluster open longer than 1 s: they hold back every global-log reader (DESIGN §5). */
export async function longTransactions(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where xact_start is not null and xact_start < now() - interval '1 second' and pid <> pg_backend_pid()`);
  return Number(rows[0].n);
}

/** The runner's log during a bench: quiet, except warnings and errors (to stderr). */
export const benchLog = {
  info: () => undefined,
  warn: (fields: object, message: string) => process.stderr.write(`[bench:warn] ${message} ${JSON.stringify(fields, bigintText)}\n`),
  error: (fields: object, message: string) => process.stderr.write(`[bench:error] ${message} ${JSON.stringify(fields, bigintText)}\n`),
};
const bigintText = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
