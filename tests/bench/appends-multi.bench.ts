/**
 * Scenario 1b: appends of three new streams that must change together (a checkout's orders, payment and completion),
 * one event each, 1, 8 and 16 in flight on PGlite and PostgreSQL: the store's appendToStreams (one statement,
 * APPEND_MANY_SQL all or none) against the same three appends as a transaction of statements (BEGIN, the store's
 * APPEND_SQL as a named prepared statement per stream, COMMIT: five round trips, what appendToStreams sent before).
 * The variants take turns (rounds), after a short warm-up of each.
 */
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { APPEND_SQL } from '../../services/event-store/postgres/postgres-event-store.sql';
import { benchEvent, benchStream, EVENTS_PER_ORDER } from './bench-events';
import {
  combineLoads, fmtLatency, fmtRate, fmtRatio, progress, runLoad, type LoadResult, type Table,
} from './stats';

export const STREAMS_PER_APPEND = 3;
export type MultiTarget = 'statement' | 'transaction';
export interface MultiAppendFigures { backend: string; inFlight: number; statement: LoadResult; transaction: LoadResult }

const ROUNDS = 3;
const WARMUP = 50;
/** Far from the single-append bench's orders (1e9..4e9), so no stream is shared. */
const TARGET_BASE: Record<MultiTarget, number> = { statement: 5_000_000_000, transaction: 6_000_000_000 };
const MAX_WORKERS = 100;
/** Disjoint streams per (target, block, worker): a block is one measurement (tier × 10 + round), a worker 100,000 streams. */
const STREAMS_PER_WORKER = 100_000;
const streamBase = (target: MultiTarget, block: number, worker: number) =>
  TARGET_BASE[target] + block * MAX_WORKERS * STREAMS_PER_WORKER + worker * STREAMS_PER_WORKER;

export function multiAppendOperation(db: Database, store: EventStore, target: MultiTarget, block: number, seed: string) {
  if (block < 0 || block > 49) throw new Error(`append block ${block} out of range`);
  return async (worker: number, nth: number): Promise<void> => {
    if (worker >= MAX_WORKERS || (nth + 1) * STREAMS_PER_APPEND > STREAMS_PER_WORKER) throw new Error(`multi-stream append ${worker}/${nth} out of range`);
    const appends = Array.from({ length: STREAMS_PER_APPEND }, (_, j) => {
      const orderId = streamBase(target, block, worker) + nth * STREAMS_PER_APPEND + j;
      return { streamId: benchStream(orderId), events: [benchEvent(`${seed}-${target}-${block}`, orderId * EVENTS_PER_ORDER)] };
    });
    if (target === 'statement') {
      await store.appendToStreams(appends.map((a) => ({ ...a, expectedRevision: 'no_stream' as const })));
      return;
    }
    await db.transaction(async (tx) => {
      for (const { streamId, events } of appends) {
        const payload = JSON.stringify(events.map((e) => ({ eventId: e.metadata.eventId, type: e.type, data: e.data, metadata: e.metadata })));
        const { rows } = await tx.query<{ source: string }>({ name: 'bench_append', text: APPEND_SQL, values: [streamId, payload, 'no_stream', null] });
        if (!rows.some((row) => row.source === 'inserted')) throw new Error(`bench append to ${streamId} inserted nothing`);
      }
    });
  };
}

/** Both variants, `ROUNDS` times each in turns; `tier` picks this concurrency's blocks of streams. */
export async function measureMultiAppends(
  db: Database, store: EventStore, backend: string, count: number, inFlight: number, tier: number,
): Promise<MultiAppendFigures> {
  const seed = `m${inFlight}`;
  const targets: MultiTarget[] = ['transaction', 'statement'];
  for (const target of targets) await runLoad(WARMUP, Math.min(inFlight, 2), multiAppendOperation(db, store, target, tier * 10 + 9, seed));
  const results: Record<MultiTarget, LoadResult[]> = { statement: [], transaction: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      results[target].push(await runLoad(count, inFlight, multiAppendOperation(db, store, target, tier * 10 + round, seed)));
    }
  }
  const figures = { backend, inFlight, statement: combineLoads(results.statement), transaction: combineLoads(results.transaction) };
  progress(`multi-stream appends ${backend} ×${inFlight}: one statement ${fmtRate(figures.statement.rate)}, `
    + `transaction of statements ${fmtRate(figures.transaction.rate)}`);
  return figures;
}

export function multiAppendsTable(figures: readonly MultiAppendFigures[]): Table {
  return {
    headers: ['backend', 'in flight', `appendToStreams (${STREAMS_PER_APPEND} streams): one statement`, 'transaction of statements',
      'ratio', 'one statement p50 / p95 / p99', 'transaction p50 / p95 / p99'],
    rows: figures.map((f) => [f.backend, String(f.inFlight), fmtRate(f.statement.rate), fmtRate(f.transaction.rate),
      fmtRatio(f.statement.rate, f.transaction.rate), fmtLatency(f.statement.latency), fmtLatency(f.transaction.latency)]),
  };
}

export const multiAppendsNote = (perRound: string): string =>
  `Multi-stream table: each append is ${STREAMS_PER_APPEND} new streams of one event each (a checkout's orders, payment and `
  + 'completion), all expecting no_stream; rates are multi-stream appends/s. One statement: `store.appendToStreams` '
  + '(APPEND_MANY_SQL, all or none, one round trip). Transaction of statements: BEGIN, the store\'s APPEND_SQL once per '
  + 'stream as a named prepared statement, COMMIT (five round trips; the adapter\'s former path, minus reading the rows into '
  + `results). Appends per variant and round (${ROUNDS} rounds, in turns, after ${WARMUP} warm-up appends each): ${perRound}.`;
