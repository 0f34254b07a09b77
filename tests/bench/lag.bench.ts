/**
 * Scenario 5: how long until a command's write shows in the read model: append one event, then waitFor() the
 * projection to have applied it (read-your-writes as the API does it), one probe after another. In process with
 * the catch-up feed (PGlite and PostgreSQL) and through Kafka (forwarder + consumer group, PostgreSQL).
 * Baseline, taken in turns with the probes: a CRUD write made visible the direct way, a raw single-row INSERT
 * and a SELECT of that row.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { startProjections, type FeedChoice, type ProjectionsHandle } from '../../projections/runner/start-projections';
import { benchLog, longTransactions, scaled, withFreshDatabase, withPGlite, type BenchConfig } from './bench-backends';
import { BENCH_CATEGORY, benchEvent, benchStream, RAW_INSERT_SQL, RAW_TABLE_SQL, rawInsertParams } from './bench-events';
import { benchProjection } from './bench.projection';
import { fmtLatency, fmtMs, fmtRatio, now, progress, summarise, verdict, type LatencySummary, type Section } from './stats';

const WARMUP = 20;
const PROBE_TIMEOUT_MS = 5000;

export interface LagFigures { path: string; probes: number; visible: LatencySummary; append: LatencySummary; raw: LatencySummary; targetMs: number; notes: string[] }

/** The first event through a fresh pipeline waits for the consumer group to join: not part of the measurement. */
async function untilLive(db: Database, store: EventStore, handle: ProjectionsHandle, tag: string): Promise<void> {
  const result = await store.appendToStream(benchStream(690_000_000), [benchEvent(`lw${tag}`, 6_900_000_000)]);
  if (!(await handle.waitFor(result, { timeoutMs: 60_000 }))) throw new Error('the pipeline did not deliver a first event within 60 s');
}

/** Where a probe that timed out was held: the projection's state and lag, and the forwarder's position. */
async function stuckAt(handle: ProjectionsHandle, probe: number): Promise<string> {
  const [status] = await handle.status();
  const forwarder = handle.forwarder();
  return `probe ${probe}: projection ${status.state}, lag ${status.lag ?? '?'}${status.lastError ? `, error ${status.lastError}` : ''}`
    + (forwarder ? `, forwarder at ${forwarder.position ?? 'start'} (${forwarder.lastError ?? 'no error'})` : '');
}

/** Probes `probes` times; each probe appends to its own stream and waits until the projection applied it. */
async function probeLag(
  db: Database, store: EventStore, feed: FeedChoice, path: string, probes: number, targetMs: number,
): Promise<LagFigures> {
  await db.query(RAW_TABLE_SQL);
  const tag = randomBytes(3).toString('hex');
  const handle = await startProjections({ db, store, projections: [benchProjection(`bench_lag_${tag}`, 'batch')], feed, log: benchLog });
  const visible: number[] = [];
  const append: number[] = [];
  const raw: number[] = [];
  const timeouts: string[] = [];
  try {
    await handle.ready();
    await untilLive(db, store, handle, tag);
    for (let i = 0; i < WARMUP + probes; i += 1) {
      const orderId = 700_000_000 + i;
      const rawEvent = benchEvent(`lr${tag}`, orderId * 10);
      const r0 = now();
      await db.query(RAW_INSERT_SQL, rawInsertParams(benchStream(orderId), 0, rawEvent));
      await db.query('select id, data from raw_events where event_id = $1', [rawEvent.metadata.eventId]);
      const rawMs = now() - r0;

      const t0 = now();
      const result = await store.appendToStream(benchStream(orderId), [benchEvent(`l${tag}`, orderId * 10)], { expectedRevision: 'no_stream' });
      const appendMs = now() - t0;
      const reached = await handle.waitFor(result, { timeoutMs: PROBE_TIMEOUT_MS });
      const visibleMs = now() - t0;
      if (i < WARMUP) continue;
      if (!reached) timeouts.push(await stuckAt(handle, i - WARMUP));
      visible.push(visibleMs);
      append.push(appendMs);
      raw.push(rawMs);
    }
  } finally {
    await handle.stop();
  }
  const notes = timeouts.length > 0
    ? [`${path}: ${timeouts.length} probe(s) not visible within ${PROBE_TIMEOUT_MS} ms (counted at the timeout): ${timeouts.join('; ')}`] : [];
  const figures = { path, probes, visible: summarise(visible), append: summarise(append), raw: summarise(raw), targetMs, notes };
  progress(`lag ${path}: visible ${fmtLatency(figures.visible)}`);
  return figures;
}

export async function lagBench(config: BenchConfig): Promise<Section> {
  const figures: LagFigures[] = [];
  const notes: string[] = [];
  const probes = scaled(config, 300);
  figures.push(await withPGlite(async (db) =>
    probeLag(db, await createPostgresEventStore(db), 'catch-up', 'PGlite, in process (catch-up feed)', probes, 250)));
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    figures.push(await withFreshDatabase(url, 'lag', async ({ db }) => {
      const long = await longTransactions(db);
      if (long > 0) notes.push(`${long} transaction(s) older than 1 s were open on the cluster when the PostgreSQL probes began: they hold the global-log horizon back.`);
      return probeLag(db, await createPostgresEventStore(db), 'catch-up', 'PostgreSQL, in process (catch-up feed)', probes, 250);
    }));
    if (config.kafkaBrokers) {
      const brokers = config.kafkaBrokers;
      const feed: FeedChoice = { kafka: { brokers, clientId: `jishi-bench-lag-${randomBytes(3).toString('hex')}`, categories: [BENCH_CATEGORY], partitions: 3 } };
      figures.push(await withFreshDatabase(url, 'lagk', async ({ db }) =>
        probeLag(db, await createPostgresEventStore(db), feed, 'PostgreSQL, via Kafka (forwarder + consumer group)', scaled(config, 200), 500)));
    } else {
      notes.push('Kafka row skipped: KAFKA_BROKERS not set or not answering.');
    }
  } else {
    notes.push('PostgreSQL and Kafka rows skipped: DATABASE_URL not set.');
  }
  notes.push(
    `Each probe: t0, append 1 event to a new stream, waitFor() its projection (what the API does before answering), t1; sequential, after ${WARMUP} warm-up probes. `
    + 'The append alone is shown too: visible − append is the feed and projection share.',
    'Baseline (in turns with the probes): raw single-row INSERT into the equivalent table, then SELECT of that row, on the same connection pool.',
    ...figures.flatMap((f) => f.notes),
  );
  return {
    title: '5. Append → read model visible (read-your-writes lag)',
    tables: [{
      headers: ['path', 'probes', 'append → visible p50 / p95 / p99', 'append alone p50 / p95 / p99', 'raw INSERT + SELECT p50 / p95 / p99',
        'ratio (p95)', 'target'],
      rows: figures.map((f) => [f.path, String(f.probes), fmtLatency(f.visible), fmtLatency(f.append), fmtLatency(f.raw),
        fmtRatio(f.visible.p95, f.raw.p95), verdict(f.visible.p95 <= f.targetMs, `p95 ≤ ${fmtMs(f.targetMs)}`)]),
    }],
    notes,
  };
}
