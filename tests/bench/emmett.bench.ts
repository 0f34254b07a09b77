/**
 * Scenario 6: the same append, global-log read and catch-up scenarios through Emmett 0.42 on the same PostgreSQL
 * server in the same run, each store in its own fresh database, filled with the same events. Appends take turns
 * (raw INSERT, ours, Emmett) per round; the raw baseline is shown for both.
 */
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { appendOperation, IN_FLIGHT } from './appends.bench';
import { freshDatabase, scaled, type BenchConfig, type FreshDatabase } from './bench-backends';
import { fillEvents, RAW_TABLE_SQL } from './bench-events';
import { benchProjection, createOrdersSql } from './bench.projection';
import { emmettAppendOperation, emmettCatchUp, emmettReadLog, fillEmmett, openEmmett, type Emmett } from './emmett-store';
import { medianPasses, readRawTable, readWholeLog } from './global-read.bench';
import { handRolledCatchUp } from './hand-rolled.projector';
import { benchSubject, runnerFromZero } from './projections.bench';
import { combineLoads, fmtCount, fmtLatency, fmtRate, fmtRatio, perSecond, progress, runLoad, type LoadResult, type Section } from './stats';

const ROUNDS = 2;
const READ_BUDGET_MS = 15_000;
const CATCH_UP_BUDGET_MS = 15_000;

interface Row { scenario: string; ours: number; emmett: number; raw: number; detail: string }

async function compareAppends(ours: { db: Database; store: EventStore }, emmett: Emmett, count: number, inFlight: number): Promise<Row> {
  const seed = `e${inFlight}`;
  const tier = IN_FLIGHT.indexOf(inFlight);
  const variants: [string, (block: number) => (worker: number, nth: number) => Promise<void>][] = [
    ['raw', (block) => appendOperation(ours.db, ours.store, 'raw', block, seed)],
    ['ours', (block) => appendOperation(ours.db, ours.store, 'ours', block, seed)],
    ['prepared', (block) => appendOperation(ours.db, ours.store, 'prepared', block, seed)],
    ['emmett', (block) => emmettAppendOperation(emmett.store, block, seed)],
  ];
  for (const [, operation] of variants) await runLoad(100, 1, operation(tier * 10 + 9));
  const loads = new Map<string, LoadResult[]>(variants.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, operation] of variants) loads.get(name)!.push(await runLoad(count, inFlight, operation(tier * 10 + round)));
  }
  const [r, o, p, e] = variants.map(([name]) => combineLoads(loads.get(name)!));
  progress(`emmett appends ×${inFlight}: ours ${fmtRate(o.rate)}, prepared ${fmtRate(p.rate)}, Emmett ${fmtRate(e.rate)}, raw ${fmtRate(r.rate)}`);
  return {
    scenario: `append 1 event, ${inFlight} in flight`, ours: o.rate, emmett: e.rate, raw: r.rate,
    detail: `p50/p95/p99 ours ${fmtLatency(o.latency)}, Emmett ${fmtLatency(e.latency)}, raw ${fmtLatency(r.latency)}; `
      + `diagnostic, our APPEND_SQL as a named prepared statement: ${fmtRate(p.rate)} (${fmtRatio(p.rate, e.rate)} Emmett); ${fmtCount(count)} × ${ROUNDS} rounds`,
  };
}

/** Grows both logs to `size` (same events, set-based through each store's tables) and settles them. */
async function growLogs(ours: FreshDatabase, emmettDb: Database, from: number, size: number): Promise<void> {
  progress(`emmett: filling both stores to ${fmtCount(size)} events`);
  await fillEvents(ours.db, 'events', 'cmp', from, size);
  await fillEvents(ours.db, 'raw_events', 'cmp', from, size);
  await fillEmmett(emmettDb, 'cmp', from, size);
  await ours.db.query('vacuum analyze events');
  await ours.db.query('vacuum analyze raw_events');
  await emmettDb.query('vacuum analyze emt_messages');
}

async function compareRead(ours: FreshDatabase, store: EventStore, emmett: Emmett, size: number): Promise<Row> {
  // Emmett's batches cost what its whole table costs: one bounded pass once it is large; otherwise turns, medians
  const passes = size <= 10_000 ? 5 : 1;
  const [o, raw, e] = await medianPasses(passes, [
    () => readWholeLog(store), () => readRawTable(ours.db), () => emmettReadLog(emmett.pool, READ_BUDGET_MS)]);
  const cut = e.events < size ? `; Emmett stopped after ${READ_BUDGET_MS / 1000} s (${fmtCount(e.events)} events read)` : '';
  progress(`emmett read ${fmtCount(size)}: ours ${fmtRate(o.rate)}, Emmett ${fmtRate(e.rate)}`);
  return {
    scenario: `global-log read, ${fmtCount(size)} events, batches of 1000`, ours: o.rate, emmett: e.rate, raw: raw.rate,
    detail: `batch p50/p95/p99 ours ${fmtLatency(o.batch)}, Emmett ${fmtLatency(e.batch)}; `
      + `${passes === 1 ? '1 pass each' : `median of ${passes} passes each, in turns`}${cut}`,
  };
}

async function compareCatchUp(ours: FreshDatabase, store: EventStore, emmett: Emmett, emmettDb: Database, events: number): Promise<Row[]> {
  progress(`emmett: catch-up over ${fmtCount(events)} events`);
  const hand = await handRolledCatchUp(ours.db, store, benchProjection('cmp_hand_row', 'row'), 'hand_cmp_row');
  const runner = async (form: 'row' | 'batch') => {
    const subject = benchSubject(ours.db, form);
    return runnerFromZero(ours.db, store, subject.projection, subject.table, subject.check, events, false);
  };
  const row = await runner('row');
  const batch = await runner('batch');
  const handBatch = await handRolledCatchUp(ours.db, store, benchProjection('cmp_hand_batch', 'batch'), 'hand_cmp_batch');
  const results = [];
  for (const batchSize of [1000, 100]) {
    const table = `emmett_orders_${batchSize}`;
    await emmettDb.query(createOrdersSql(table));
    results.push({ batchSize, ...await emmettCatchUp(emmett.store, table, batchSize, CATCH_UP_BUDGET_MS) });
  }
  const cut = (r: { complete: boolean; events: number }) =>
    (r.complete ? '' : `; Emmett stopped after ${CATCH_UP_BUDGET_MS / 1000} s, ${fmtCount(r.events)} events applied`);
  const [e1000, e100] = results;
  const eRate = (r: typeof e1000) => perSecond(r.events, r.ms);
  progress(`emmett catch-up: ours row ${fmtRate(row.catchUpRate)}, Emmett ${fmtRate(eRate(e1000))} / ${fmtRate(eRate(e100))}`);
  return [
    { scenario: `catch-up from zero, ${fmtCount(events)} events, per-event upsert, batches of 1000`, ours: row.catchUpRate, emmett: eRate(e1000),
      raw: perSecond(hand.events, hand.ms), detail: `raw = hand-rolled row-by-row projector${cut(e1000)}` },
    { scenario: 'catch-up, Emmett at its default batch size (100)', ours: row.catchUpRate, emmett: eRate(e100),
      raw: perSecond(hand.events, hand.ms), detail: `ours as above${cut(e100)}` },
    { scenario: 'catch-up, ours set-based (applyBatch) vs Emmett per event (1000)', ours: batch.catchUpRate, emmett: eRate(e1000),
      raw: perSecond(handBatch.events, handBatch.ms), detail: 'raw = hand-rolled set-based projector' },
  ];
}

export async function emmettBench(config: BenchConfig): Promise<Section> {
  if (!config.databaseUrl) throw new Error('emmett needs DATABASE_URL');
  const oursDb = await freshDatabase(config.databaseUrl, 'cmp_ours');
  const emmettDb = await freshDatabase(config.databaseUrl, 'cmp_emmett');
  let emmett: Emmett | null = null;
  const rows: Row[] = [];
  try {
    const store = await createPostgresEventStore(oursDb.db);
    await oursDb.db.query(RAW_TABLE_SQL);
    emmett = await openEmmett(emmettDb.url);
    const [small, large] = [scaled(config, 10_000), scaled(config, 100_000)];
    await growLogs(oursDb, emmettDb.db, 0, small);
    rows.push(await compareRead(oursDb, store, emmett, small));
    // catch-up on the small log: Emmett's consumer would need minutes for the large one
    rows.push(...await compareCatchUp(oursDb, store, emmett, emmettDb.db, small));
    await growLogs(oursDb, emmettDb.db, small, large);
    rows.push(await compareRead(oursDb, store, emmett, large));
    // appends last, on the grown stores: the logs above must hold exactly the filled events
    for (const inFlight of IN_FLIGHT) {
      rows.push(await compareAppends({ db: oursDb.db, store }, emmett, scaled(config, inFlight === 1 ? 600 : 1500), inFlight));
    }
  } finally {
    await emmett?.close();
    await emmettDb.drop();
    await oursDb.drop();
  }
  return {
    title: '6. Emmett 0.42 (emmett-postgresql) on the same PostgreSQL server',
    tables: [{
      headers: ['scenario', 'ours', 'Emmett', 'ours / Emmett', 'raw baseline', 'ours / raw', 'Emmett / raw', 'detail'],
      rows: rows.map((r) => [r.scenario, fmtRate(r.ours), fmtRate(r.emmett), fmtRatio(r.ours, r.emmett), fmtRate(r.raw),
        fmtRatio(r.ours, r.raw), fmtRatio(r.emmett, r.raw), r.detail]),
    }],
    notes: [
      'Each store in its own fresh database on the same server; same events (set-based fills through each store\'s own tables, 10,000 per transaction), '
      + 'then VACUUM ANALYZE. Appends use each API (`appendToStream` with the expected version); Emmett reads with `readMessagesBatch`, '
      + 'catches up with `store.consumer({ stopWhen: { noMessagesLeft: true }, pulling: { batchSize } }).projector(postgreSQLRawSQLProjection(...))`.',
      'Raw baselines: appends = single-row INSERT into the equivalent table; reads = keyset SELECT by bigserial key; catch-up = hand-rolled projector with the same SQL.',
    ],
  };
}
