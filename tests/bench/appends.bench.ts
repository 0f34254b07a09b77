/**
 * Scenario 1: appends of one event each (a command's usual write), 1, 8 and 16 in flight, on PGlite and on
 * PostgreSQL, against raw single-row INSERTs into an equivalent table with the same concurrency. Each worker
 * writes its own orders, ten lines per stream, with the expected revision a command would pass. The variants
 * take turns (rounds), so drift on a shared machine hits them alike.
 *
 * Diagnostic variant: the store's own APPEND_SQL as a named prepared statement straight on the pool, one statement
 * per append — the adapter without its batcher (which gathers concurrent appends into one statement).
 */
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { APPEND_SQL } from '../../services/event-store/postgres/postgres-event-store.sql';
import { measureMultiAppends, multiAppendsNote, multiAppendsTable, type MultiAppendFigures } from './appends-multi.bench';
import { scaled, withFreshDatabase, withPGlite, type BenchConfig } from './bench-backends';
import { benchEvent, benchStream, EVENTS_PER_ORDER, fillEvents, RAW_INSERT_SQL, RAW_TABLE_SQL, rawInsertParams } from './bench-events';
import {
  combineLoads, fmtLatency, fmtMs, fmtRate, fmtRatio, percentile, progress, runLoad, verdict,
  type LoadResult, type Section, type Table,
} from './stats';

export type AppendTarget = 'ours' | 'prepared' | 'raw';
export interface AppendFigures { backend: string; inFlight: number; ours: LoadResult; prepared: LoadResult; raw: LoadResult }

const TARGET_RATIO = 0.6;
/** The concurrencies measured; each has its own blocks of orders (tier × 10 + round). */
export const IN_FLIGHT: readonly number[] = [1, 8, 16];
const ROUNDS = 3;
const WARMUP = 100;
/** Far above the orders the set-based fills use (0..100,000), so appends never meet a filled stream. */
const TARGET_BASE: Record<AppendTarget, number> = { ours: 1_000_000_000, prepared: 2_000_000_000, raw: 3_000_000_000 };

/**
 * Disjoint order ids per (target, block, worker), so no stream is ever shared and no append conflicts: a block is
 * one measurement (tier × 10 + round), up to 49; a worker (up to 100 in flight) gets 100,000 orders per block.
 */
export const MAX_WORKERS = 100;
const orderBase = (target: AppendTarget, block: number, worker: number) =>
  TARGET_BASE[target] + block * 10_000_000 + worker * 100_000;

/** APPEND_SQL's parameters, as the adapter builds them, for one event. */
const appendParams = (stream: string, revision: number, event: ReturnType<typeof benchEvent>): unknown[] => [
  stream,
  JSON.stringify([{ eventId: event.metadata.eventId, type: event.type, data: event.data, metadata: event.metadata }]),
  revision === 0 ? 'no_stream' : 'revision',
  revision === 0 ? null : revision - 1,
];

export function appendOperation(db: Database, store: EventStore, target: AppendTarget, block: number, seed: string) {
  if (block < 0 || block > 49) throw new Error(`append block ${block} out of range`);
  return async (worker: number, nth: number): Promise<void> => {
    if (worker >= MAX_WORKERS) throw new Error(`append worker ${worker} out of range`);
    const orderId = orderBase(target, block, worker) + Math.floor(nth / EVENTS_PER_ORDER);
    const revision = nth % EVENTS_PER_ORDER;
    const event = benchEvent(`${seed}-${target}-${block}`, orderId * EVENTS_PER_ORDER + revision);
    const stream = benchStream(orderId);
    if (target === 'raw') {
      await db.query(RAW_INSERT_SQL, rawInsertParams(stream, revision, event));
    } else if (target === 'prepared') {
      await db.pool.query({ name: 'bench_append', text: APPEND_SQL, values: appendParams(stream, revision, event) });
    } else {
      await store.appendToStream(stream, [event], { expectedRevision: revision === 0 ? 'no_stream' : revision - 1 });
    }
  };
}

/** The three variants, `ROUNDS` times each in turns, after a short warm-up of each. */
export async function measureAppends(
  db: Database, store: EventStore, backend: string, count: number, inFlight: number,
): Promise<AppendFigures> {
  const seed = `a${inFlight}`;
  const tier = IN_FLIGHT.indexOf(inFlight);
  if (tier < 0) throw new Error(`appends are measured at ${IN_FLIGHT.join(', ')} in flight, not ${inFlight}`);
  const targets: AppendTarget[] = ['raw', 'ours', 'prepared'];
  for (const target of targets) await runLoad(WARMUP, Math.min(inFlight, 2), appendOperation(db, store, target, tier * 10 + 9, seed));
  const results: Record<AppendTarget, LoadResult[]> = { ours: [], prepared: [], raw: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      results[target].push(await runLoad(count, inFlight, appendOperation(db, store, target, tier * 10 + round, seed)));
    }
  }
  const figures = { backend, inFlight, ours: combineLoads(results.ours), raw: combineLoads(results.raw), prepared: combineLoads(results.prepared) };
  progress(`appends ${backend} ×${inFlight}: ours ${fmtRate(figures.ours.rate)}, raw ${fmtRate(figures.raw.rate)}`);
  return figures;
}

/** Median planning and execution time of one append (EXPLAIN ANALYZE of APPEND_SQL, new streams). */
export async function appendPlanTimes(db: Database, samples = 25): Promise<{ planning: number; execution: number }> {
  const planning: number[] = [];
  const execution: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const orderId = 4_000_000_000 + i;
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, summary) ${APPEND_SQL}`,
      appendParams(benchStream(orderId), 0, benchEvent('plan', orderId * EVENTS_PER_ORDER)));
    const time = (label: string) => Number(/([\d.]+) ms/.exec(rows.find((r) => r['QUERY PLAN'].startsWith(label))?.['QUERY PLAN'] ?? '')?.[1]);
    planning.push(time('Planning Time'));
    execution.push(time('Execution Time'));
  }
  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  return { planning: median(planning), execution: median(execution) };
}

/**
 * Both tables start with the same history (`history` events, vacuumed and analysed), as a store in service has:
 * on an empty, never-analysed table a cached generic plan is made for a handful of rows and keeps seq-scanning
 * as the table grows, until autovacuum analyses it.
 */
async function onBackend(
  db: Database, backend: string, counts: { history: number; sequential: number; concurrent: number; multi: number }, notes: string[],
  multi: MultiAppendFigures[],
): Promise<AppendFigures[]> {
  await db.query(RAW_TABLE_SQL);
  const store = await createPostgresEventStore(db);
  await fillEvents(db, 'events', 'history', 0, counts.history);
  await fillEvents(db, 'raw_events', 'history', 0, counts.history);
  await db.query('vacuum analyze events');
  await db.query('vacuum analyze raw_events');
  const figures: AppendFigures[] = [];
  for (const inFlight of IN_FLIGHT) {
    figures.push(await measureAppends(db, store, backend, inFlight === 1 ? counts.sequential : counts.concurrent, inFlight));
  }
  for (const [tier, inFlight] of IN_FLIGHT.entries()) multi.push(await measureMultiAppends(db, store, backend, counts.multi, inFlight, tier));
  const plan = await appendPlanTimes(db);
  notes.push(`${backend}: EXPLAIN ANALYZE of one append (median of 25): planning ${fmtMs(plan.planning)}, execution ${fmtMs(plan.execution)}.`);
  return figures;
}

export function appendsTable(figures: readonly AppendFigures[]): Table {
  return {
    headers: ['backend', 'in flight', 'our append (1 event)', 'raw single-row INSERT', 'ratio', 'target',
      'ours p50 / p95 / p99', 'raw p50 / p95 / p99', 'diagnostic: APPEND_SQL prepared', 'prepared / raw'],
    rows: figures.map((f) => {
      const ratio = f.ours.rate / f.raw.rate;
      const target = verdict(ratio >= TARGET_RATIO, `≥ ${TARGET_RATIO.toFixed(2)}×`);
      return [f.backend, String(f.inFlight), fmtRate(f.ours.rate), fmtRate(f.raw.rate), fmtRatio(f.ours.rate, f.raw.rate), target,
        fmtLatency(f.ours.latency), fmtLatency(f.raw.latency),
        fmtRate(f.prepared.rate), fmtRatio(f.prepared.rate, f.raw.rate)];
    }),
  };
}

export async function appendsBench(config: BenchConfig): Promise<Section> {
  const figures: AppendFigures[] = [];
  const multi: MultiAppendFigures[] = [];
  const notes: string[] = [];
  progress('appends: PGlite');
  figures.push(...await withPGlite((db) => onBackend(db, 'PGlite',
    { history: scaled(config, 20_000), sequential: scaled(config, 800), concurrent: scaled(config, 800), multi: scaled(config, 400) }, notes, multi)));
  if (config.databaseUrl) {
    progress('appends: PostgreSQL');
    figures.push(...await withFreshDatabase(config.databaseUrl, 'appends',
      (fresh) => onBackend(fresh.db, 'PostgreSQL',
        { history: scaled(config, 50_000), sequential: scaled(config, 1000), concurrent: scaled(config, 2500), multi: scaled(config, 1000) }, notes, multi)));
  } else {
    notes.push('PostgreSQL rows skipped: DATABASE_URL not set.');
  }
  const perRound = figures.map((f) => `${f.backend} ×${f.inFlight}: ${f.ours.count / ROUNDS}`).join(', ');
  notes.push(`Appends per variant and round (${ROUNDS} rounds, variants in turns, after ${WARMUP} warm-up appends each): ${perRound}. `
    + 'Both tables first hold the same history (20,000 events on PGlite, 50,000 on PostgreSQL), vacuumed and analysed.',
    'Raw baseline: `insert into raw_events (stream_id, stream_revision, event_id, type, data, metadata) values (...)`, autocommit, '
    + 'table with bigserial key, unique (stream_id, stream_revision), unique event_id, jsonb data/metadata. Our append also '
    + 'checks the expected revision and the event id (idempotency) and returns the recorded events, in one statement.',
    'Diagnostic column: the same APPEND_SQL and parameters through `pool.query({ name, text, values })`, one statement per append '
    + '(the adapter sends the same named statements, but gathers appends that arrive while a few statements are in flight into one '
    + 'APPEND_MANY_SQL: group commit). EXPLAIN ANALYZE above parses and plans each time; the named statements do not.',
    'PGlite has a single connection: there the adapter sends one statement at a time and gathers the rest into the next; the raw '
    + 'INSERTs and the diagnostic queue in the pool.');
  notes.push(multiAppendsNote(multi.map((f) => `${f.backend} ×${f.inFlight}: ${f.statement.count / ROUNDS}`).join(', ')));
  return { title: '1. Appends: one event per append vs raw single-row INSERT', tables: [appendsTable(figures), multiAppendsTable(multi)], notes };
}
