/**
 * Scenario 2: the global log read in batches of 1000 (what feeds, the forwarder and rebuilds do) at 10k, 100k and
 * (BENCH_LARGE=1) 1M events on PostgreSQL. The same store grows between steps; the rate should stay flat.
 * Baseline: a raw keyset read of the same rows from the equivalent table by its bigserial key
 * (`where id > $1 order by id limit 1000`), the cheapest ordered paging PostgreSQL offers.
 */
import type { Database } from '../../services/db/database';
import type { EventStore, LogPosition } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { READ_ALL_SQL } from '../../services/event-store/postgres/postgres-event-store.sql';
import { withFreshDatabase, type BenchConfig } from './bench-backends';
import { fillEvents, RAW_TABLE_SQL } from './bench-events';
import {
  fmtCount, fmtLatency, fmtRate, fmtRatio, now, perSecond, progress, summarise, verdict,
  type LatencySummary, type Section,
} from './stats';

export const READ_BATCH = 1000;
const TARGET_RATE = 50_000;
const PASSES = 3;

export interface ReadResult { events: number; ms: number; rate: number; batch: LatencySummary }

/** Reads the whole log through the port, batch after batch, until a batch comes back short. */
export async function readWholeLog(store: EventStore, budgetMs = Number.POSITIVE_INFINITY): Promise<ReadResult> {
  const batches: number[] = [];
  let after: LogPosition | null = null;
  let events = 0;
  const started = now();
  for (;;) {
    const t0 = now();
    const batch = await store.readAll({ after, limit: READ_BATCH });
    batches.push(now() - t0);
    events += batch.length;
    if (batch.length < READ_BATCH || now() - started > budgetMs) break;
    after = batch[batch.length - 1].position;
  }
  const ms = now() - started;
  return { events, ms, rate: perSecond(events, ms), batch: summarise(batches) };
}

/** The baseline: keyset paging of raw_events by its primary key. */
export async function readRawTable(db: Database): Promise<ReadResult> {
  const batches: number[] = [];
  let after = '0';
  let events = 0;
  const started = now();
  for (;;) {
    const t0 = now();
    const { rows } = await db.query<{ id: string }>(
      `select id, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
       from raw_events where id > $1 order by id limit $2`, [after, READ_BATCH]);
    batches.push(now() - t0);
    events += rows.length;
    if (rows.length < READ_BATCH) break;
    after = rows[rows.length - 1].id;
  }
  const ms = now() - started;
  return { events, ms, rate: perSecond(events, ms), batch: summarise(batches) };
}

/** Runs a read `passes` times and keeps the pass with the median rate (a shared machine has hiccups). */
export async function medianPass(passes: number, read: () => Promise<ReadResult>): Promise<ReadResult> {
  const results: ReadResult[] = [];
  for (let i = 0; i < passes; i += 1) results.push(await read());
  return results.sort((a, b) => a.rate - b.rate)[Math.floor((results.length - 1) / 2)];
}

/** The plan of one readAll batch from the middle of the log: it must be a range scan of the commit-order key. */
export async function readAllPlan(db: Database, from: LogPosition): Promise<string> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary on) ${READ_ALL_SQL}`,
    [from.commit.toString(), from.prepare.toString(), READ_BATCH]);
  return rows.map((r) => r['QUERY PLAN'].trim()).join(' · ');
}

async function middlePosition(db: Database, size: number): Promise<LogPosition> {
  const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
    `select transaction_id::text, global_position::text from events order by transaction_id, global_position offset $1 limit 1`,
    [Math.floor(size / 2)]);
  return { commit: BigInt(rows[0].transaction_id), prepare: BigInt(rows[0].global_position) };
}

export interface ReadStep { size: number; fillMs: number; ours: ReadResult; raw: ReadResult }

export async function globalReadBench(config: BenchConfig): Promise<Section> {
  if (!config.databaseUrl) throw new Error('global-read needs DATABASE_URL');
  const sizes = [10_000, 100_000, ...(config.large ? [1_000_000] : [])];
  const notes: string[] = [];
  const steps = await withFreshDatabase(config.databaseUrl, 'read', async ({ db }) => {
    const store = await createPostgresEventStore(db);
    await db.query(RAW_TABLE_SQL);
    const done: ReadStep[] = [];
    let filled = 0;
    for (const size of sizes) {
      progress(`global-read: filling to ${fmtCount(size)} events`);
      const fillMs = await fillEvents(db, 'events', 'read', filled, size);
      await fillEvents(db, 'raw_events', 'read', filled, size);
      filled = size;
      await db.query('vacuum analyze events');
      await db.query('vacuum analyze raw_events');
      const passes = size >= 1_000_000 ? 1 : PASSES;
      const ours = await medianPass(passes, () => readWholeLog(store));
      const raw = await medianPass(passes, () => readRawTable(db));
      if (ours.events !== size || raw.events !== size) throw new Error(`read ${ours.events} / ${raw.events} of ${size} events`);
      progress(`global-read ${fmtCount(size)}: ours ${fmtRate(ours.rate)}, raw ${fmtRate(raw.rate)}`);
      done.push({ size, fillMs, ours, raw });
    }
    notes.push(`Plan of one readAll batch from the middle of the ${fmtCount(filled)}-event log: ${await readAllPlan(db, await middlePosition(db, filled))}`);
    return done;
  });

  const first = steps[0];
  const last = steps[steps.length - 1];
  notes.push(
    `Flatness: our rate at ${fmtCount(last.size)} events is ${fmtRatio(last.ours.rate, first.ours.rate)} the rate at ${fmtCount(first.size)} `
    + `(raw keyset baseline: ${fmtRatio(last.raw.rate, first.raw.rate)}).`,
    `Fill: set-based INSERTs of 10,000 rows per transaction through the store's own table (${steps.map((s) => `${fmtCount(s.size)} in ${(s.fillMs / 1000).toFixed(1)} s`).join(', ')}), then VACUUM ANALYZE of both tables.`,
    `Each figure is the median of ${PASSES} whole-log passes (1 pass at 1M).`,
    'Our readAll also filters on the commit-safe horizon (transaction_id < pg_snapshot_xmin) and maps rows to RecordedEvent (bigint positions).',
    ...(config.large ? [] : ['1M step not run (set BENCH_LARGE=1).']),
  );
  return {
    title: '2. Global-log read (readAll, batches of 1000) on PostgreSQL',
    tables: [{
      headers: ['events in store', 'our readAll', 'raw keyset SELECT', 'ratio', 'our batch p50 / p95 / p99', 'raw batch p50 / p95 / p99', 'target'],
      rows: steps.map((s) => [fmtCount(s.size), `${fmtRate(s.ours.rate)}`, fmtRate(s.raw.rate), fmtRatio(s.ours.rate, s.raw.rate),
        fmtLatency(s.ours.batch), fmtLatency(s.raw.batch), verdict(s.ours.rate >= TARGET_RATE, `≥ ${fmtCount(TARGET_RATE)}/s`)]),
    }],
    notes,
  };
}
