/**
 * Scenario 6: the same append, global-log read and catch-up scenarios through Emmett 0.42 on the same PostgreSQL
 * server in the same run, each store in its own fresh database, filled with the same events. Appends take turns
 * (raw INSERT, ours, Emmett) per round; the raw baseline is shown for both.
 */
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { appendOperation } from './appends.bench';
import { freshDatabase, scaled, type BenchConfig, type FreshDatabase } from './bench-backends';
import { fillEvents, RAW_TABLE_SQL } from './bench-events';
import { createOrdersSql } from './bench.projection';
import { emmettAppendOperation, emmettCatchUp, emmettReadLog, fillEmmett, openEmmett, type Emmett } from './emmett-store';
import { medianPass, readRawTable, readWholeLog } from './global-read.bench';
import { handRolledCatchUp } from './hand-rolled.projector';
import { runnerFromZero } from './projections.bench';
import { combineLoads, fmtCount, fmtLatency, fmtRate, fmtRatio, perSecond, progress, runLoad, type LoadResult, type Section } from './stats';

const ROUNDS = 2;
const READ_BUDGET_MS = 15_000;
const CATCH_UP_BUDGET_MS = 20_000;
const PASSES = 3;

interface Row { scenario: string; ours: number; emmett: number; raw: number; detail: string }

async function compareAppends(ours: { db: Database; store: EventStore }, emmett: Emmett, count: number, inFlight: number): Promise<Row> {
  const seed = `e${inFlight}`;
  const tier = inFlight === 1 ? 0 : 1;
  await runLoad(100, 1, appendOperation(ours.db, ours.store, 'raw', tier * 10 + 9, seed));
  await runLoad(100, 1, appendOperation(ours.db, ours.store, 'ours', tier * 10 + 9, seed));
  await runLoad(100, 1, emmettAppendOperation(emmett.store, tier * 10 + 9, seed));
  const raw: LoadResult[] = [];
  const our: LoadResult[] = [];
  const theirs: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    raw.push(await runLoad(count, inFlight, appendOperation(ours.db, ours.store, 'raw', tier * 10 + round, seed)));
    our.push(await runLoad(count, inFlight, appendOperation(ours.db, ours.store, 'ours', tier * 10 + round, seed)));
    theirs.push(await runLoad(count, inFlight, emmettAppendOperation(emmett.store, tier * 10 + round, seed)));
  }
  const [r, o, e] = [combineLoads(raw), combineLoads(our), combineLoads(theirs)];
  progress(`emmett appends ×${inFlight}: ours ${fmtRate(o.rate)}, Emmett ${fmtRate(e.rate)}, raw ${fmtRate(r.rate)}`);
  return {
    scenario: `append 1 event, ${inFlight} in flight`, ours: o.rate, emmett: e.rate, raw: r.rate,
    detail: `p50/p95/p99 ours ${fmtLatency(o.latency)}, Emmett ${fmtLatency(e.latency)}, raw ${fmtLatency(r.latency)}; ${fmtCount(count)} × ${ROUNDS} rounds`,
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
  const o = await medianPass(PASSES, () => readWholeLog(store));
  const raw = await medianPass(PASSES, () => readRawTable(ours.db));
  const e = await emmettReadLog(emmett.pool, READ_BUDGET_MS);
  progress(`emmett read ${fmtCount(size)}: ours ${fmtRate(o.rate)}, Emmett ${fmtRate(e.rate)}`);
  return {
    scenario: `global-log read, ${fmtCount(size)} events, batches of 1000`, ours: o.rate, emmett: e.rate, raw: raw.rate,
    detail: `batch p50/p95/p99 ours ${fmtLatency(o.batch)}, Emmett ${fmtLatency(e.batch)}; ours median of ${PASSES} passes, Emmett 1 pass`
      + (e.complete ? '' : ` stopped after ${READ_BUDGET_MS / 1000} s (${fmtCount(e.events)} events read)`),
  };
}

async function compareCatchUp(ours: FreshDatabase, store: EventStore, emmett: Emmett, emmettDb: Database, events: number): Promise<Row[]> {
  progress(`emmett: catch-up over ${fmtCount(events)} events`);
  const hand = await handRolledCatchUp(ours.db, store, 'hand_cmp_orders', 'row');
  const row = await runnerFromZero(ours.db, store, 'cmp_row', 'row', events, false);
  const batch = await runnerFromZero(ours.db, store, 'cmp_batch', 'batch', events, false);
  const handBatch = await handRolledCatchUp(ours.db, store, 'hand_cmp_batch_orders', 'batch');
  const results = [];
  for (const batchSize of [1000, 100]) {
    const table = `emmett_orders_${batchSize}`;
    await emmettDb.query(createOrdersSql(table));
    results.push({ batchSize, ...await emmettCatchUp(emmett.store, table, batchSize, CATCH_UP_BUDGET_MS) });
  }
  const cut = (r: { complete: boolean; events: number }) => (r.complete ? '' : ` (stopped after ${CATCH_UP_BUDGET_MS / 1000} s, ${fmtCount(r.events)} events applied)`);
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
    rows.push(await compareAppends({ db: oursDb.db, store }, emmett, scaled(config, 800), 1));
    rows.push(await compareAppends({ db: oursDb.db, store }, emmett, scaled(config, 2000), 8));
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
