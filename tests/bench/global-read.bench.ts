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
  fmtCount, fmtLatency, fmtMs, fmtRate, fmtRatio, now, perSecond, progress, summarise, verdict,
  type LatencySummary, type Section,
} from './stats';

export const READ_BATCH = 1000;
const TARGET_RATE = 50_000;

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

const RAW_READ_SQL = `select id, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
  from raw_events where id > $1 order by id limit $2`;

/** The baseline: keyset paging of raw_events by its primary key. */
export async function readRawTable(db: Database): Promise<ReadResult> {
  const batches: number[] = [];
  let after = '0';
  let events = 0;
  const started = now();
  for (;;) {
    const t0 = now();
    const { rows } = await db.query<{ id: string }>(RAW_READ_SQL, [after, READ_BATCH]);
    batches.push(now() - t0);
    events += rows.length;
    if (rows.length < READ_BATCH) break;
    after = rows[rows.length - 1].id;
  }
  const ms = now() - started;
  return { events, ms, rate: perSecond(events, ms), batch: summarise(batches) };
}

/**
 * Runs each reader `passes` times, taking turns (A B A B ...), and keeps each one's pass with the median rate:
 * a shared machine has hiccups, and turns spread them over both.
 */
export async function medianPasses(passes: number, readers: readonly (() => Promise<ReadResult>)[]): Promise<ReadResult[]> {
  const results: ReadResult[][] = readers.map(() => []);
  for (let i = 0; i < passes; i += 1) {
    for (const [k, read] of readers.entries()) results[k].push(await read());
  }
  return results.map((all) => all.sort((a, b) => a.rate - b.rate)[Math.floor((all.length - 1) / 2)]);
}

type PlanRow = { 'QUERY PLAN': string };
const planText = (rows: PlanRow[]) => rows.map((r) => r['QUERY PLAN'].trim());
const executionMs = (lines: string[]) => Number(/Execution Time: ([\d.]+) ms/.exec(lines.join(' '))?.[1]);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** The log position of the event `offset` events into the log (log order). */
async function positionAt(db: Database, offset: number): Promise<LogPosition> {
  const { rows } = await db.query<{ transaction_id: string; global_position: string }>(
    'select transaction_id::text, global_position::text from events order by transaction_id, global_position offset $1 limit 1', [offset]);
  return { commit: BigInt(rows[0].transaction_id), prepare: BigInt(rows[0].global_position) };
}

/**
 * Server-side cost of one readAll batch, free of the client and mostly of the machine's noise: EXPLAIN ANALYZE
 * execution time at five points spread over the log (median), and the plan from the middle.
 */
export async function serverBatchCost(db: Database, size: number): Promise<{ ms: number; plan: string }> {
  const times: number[] = [];
  let plan = '';
  for (let k = 1; k <= 5; k += 1) {
    const from = await positionAt(db, Math.floor((size * k) / 6));
    const lines = planText((await db.query<PlanRow>(`explain (analyze, costs off, timing off, summary on) ${READ_ALL_SQL}`,
      [from.commit.toString(), from.prepare.toString(), READ_BATCH])).rows);
    times.push(executionMs(lines));
    if (k === 3) plan = lines.join(' · ');
  }
  return { ms: median(times), plan };
}

export interface ReadStep { size: number; fillMs: number; ours: ReadResult; raw: ReadResult; server: { ms: number } }

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
      const passes = size >= 1_000_000 ? 1 : size >= 100_000 ? 3 : 5;
      const [ours, raw] = await medianPasses(passes, [() => readWholeLog(store), () => readRawTable(db)]);
      if (ours.events !== size || raw.events !== size) throw new Error(`read ${ours.events} / ${raw.events} of ${size} events`);
      progress(`global-read ${fmtCount(size)}: ours ${fmtRate(ours.rate)}, raw ${fmtRate(raw.rate)}`);
      const server = await serverBatchCost(db, size);
      done.push({ size, fillMs, ours, raw, server });
      if (size === sizes[sizes.length - 1]) notes.push(`Plan of one readAll batch from the middle of the ${fmtCount(size)}-event log: ${server.plan}`);
    }
    return done;
  });

  const first = steps[0];
  const last = steps[steps.length - 1];
  notes.push(
    `Flatness: our rate at ${fmtCount(last.size)} events is ${fmtRatio(last.ours.rate, first.ours.rate)} the rate at ${fmtCount(first.size)} `
    + `(raw keyset baseline: ${fmtRatio(last.raw.rate, first.raw.rate)}); server time per batch ${fmtMs(first.server.ms)} → ${fmtMs(last.server.ms)}.`,
    'Server time per batch: EXPLAIN ANALYZE execution time of one 1000-event readAll batch (median of 5 points spread over the log; '
    + 'it includes the text casts of the select list). The rest of a batch is transfer and decoding in Node (jsonb data and '
    + 'metadata to objects, positions to bigint), which the raw baseline pays too.',
    `Fill: set-based INSERTs of 10,000 rows per transaction through the store's own table (${steps.map((s) => `${fmtCount(s.size)} in ${(s.fillMs / 1000).toFixed(1)} s`).join(', ')}), then VACUUM ANALYZE of both tables.`,
    'Each figure is the median of 5 whole-log passes at 10k, 3 at 100k, 1 at 1M, ours and raw taking turns.',
    'Our readAll also filters on the commit-safe horizon (transaction_id < pg_snapshot_xmin) and maps rows to RecordedEvent (bigint positions).',
    ...(config.large ? [] : ['1M step not run (set BENCH_LARGE=1).']),
  );
  return {
    title: '2. Global-log read (readAll, batches of 1000) on PostgreSQL',
    tables: [{
      headers: ['events in store', 'our readAll', 'raw keyset SELECT', 'ratio', 'target', 'our batch p50 / p95 / p99', 'raw batch p50 / p95 / p99',
        'our server time per batch'],
      rows: steps.map((s) => [fmtCount(s.size), `${fmtRate(s.ours.rate)}`, fmtRate(s.raw.rate), fmtRatio(s.ours.rate, s.raw.rate),
        verdict(s.ours.rate >= TARGET_RATE, `≥ ${fmtCount(TARGET_RATE)}/s`), fmtLatency(s.ours.batch), fmtLatency(s.raw.batch),
        fmtMs(s.server.ms)]),
    }],
    notes,
  };
}
