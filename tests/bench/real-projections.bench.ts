/**
 * Scenario 10 (issue 14 item 5): the real read models that carry volume — catalogue, stock, cart, orders, comments,
 * deadlines, promotions, coupons, footprints, favourites, Q&A, addresses — rebuilt on PostgreSQL from generated logs
 * at 100k products (tests/support/generated-logs.ts: the demo catalogue, 100,000 generated products and traffic that
 * revisits them; stock, cart and order traffic of the same order; the engagement log over small id spaces, so every
 * batch meets its keys again). Per projection, in
 * one database and one run:
 *   - baseline: the hand-rolled projector (no runner: read a batch, apply, checkpoint, one transaction per batch) running
 *     the projection's own set-based applyBatch, in batches of the runner's fills (the projection's fillBatchSize, else FILL_BATCH_SIZE);
 *   - floor: the baseline's finished read model, its rows sent back once into unlogged copies of its tables
 *     (read-model-floor.ts): what writing the rows costs with nothing read or computed, the limit of any projection;
 *   - before: the same hand-rolled projector applying event by event (`apply`, what every read model did before), on
 *     the first part of the log only (it would take minutes on the whole);
 *   - ours: the runner catching up from zero, then a side-by-side rebuild (new generation, gate, switch).
 * The runner's read model is compared with the baseline's by the rebuild gate (generation-diff): identical or the run fails.
 */
import type { Database } from '../../services/db/database';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { cartProjection } from '../../projections/cart/cart.projection';
import { catalogProjection } from '../../projections/catalog/catalog.projection';
import { diffGenerations, describeDiff } from '../../projections/runner/generation-diff';
import { readLive } from '../../projections/runner/generations';
import { FILL_BATCH_SIZE, fillBatchSizeOf } from '../../projections/runner/rebuild';
import { generationSchema, type Projection } from '../../projections/runner/projection';
import { stockProjection } from '../../projections/stock/stock.projection';
import { addressesProjection } from '../../projections/addresses/addresses.projection';
import { collectsProjection } from '../../projections/collects/collects.projection';
import { commentsProjection } from '../../projections/comments/comments.projection';
import { couponsProjection } from '../../projections/coupons/coupons.projection';
import { deadlinesProjection } from '../../projections/deadlines/deadlines.projection';
import { footprintsProjection } from '../../projections/footprints/footprints.projection';
import { ordersProjection } from '../../projections/orders/orders.projection';
import { promotionsProjection } from '../../projections/promotions/promotions.projection';
import { qaProjection } from '../../projections/qa/qa.projection';
import { addressLog, cartLog, catalogLog, deadlineLog, engagementLog, orderLog, stockLog } from '../support/generated-logs';
import { scaled, withFreshDatabase, type BenchConfig } from './bench-backends';
import { appendStreams } from './browse/bulk-append';
import { handRolledCatchUp } from './hand-rolled.projector';
import { writeFloor } from './read-model-floor';
import { runnerFromZero } from './projections.bench';
import { fmtCount, fmtRate, fmtRatio, perSecond, progress, verdict, type Section, type Table } from './stats';

const TARGET_RATE = 10_000;
const APPEND_CHUNK = 5000;
/** Generations the baseline and the before-figure are built in (the runner's own start at 1). */
const BASELINE_GENERATION = 900;
const BEFORE_GENERATION = 901;

interface Subject { label: string; projection: Projection; log: () => RecordedEvent[] }

interface Figures {
  label: string; events: number; baselineRate: number; beforeEvents: number; beforeRate: number; floorRows: number; floorRate: number;
  catchUpRate: number; rebuildRate: number; checks: string[];
}

/** Only the events `projection` handles: each projection's log holds only its own events. */
const mine = (projection: Projection, events: RecordedEvent[]): RecordedEvent[] =>
  events.filter((event) => projection.handles.includes(event.type));

function subjects(config: BenchConfig): Subject[] {
  const products = scaled(config, 100_000);
  const orders = scaled(config, 25_000);
  const engagement = scaled(config, 500_000);
  const fromEngagement = (projection: Projection, label: string): Subject =>
    ({ label, projection, log: () => mine(projection, engagementLog(engagement, 'bench-engagement')) });
  return [
    { label: `catalog (${fmtCount(products)} products + traffic)`, projection: catalogProjection, log: () => catalogLog(products, scaled(config, Number(process.env.BENCH_CATALOG_TRAFFIC ?? 50_000)), 'bench-catalog') },
    { label: `stock (${fmtCount(products)} SKUs + traffic)`, projection: stockProjection, log: () => stockLog(products, scaled(config, 100_000), 'bench-stock') },
    { label: 'cart (20k shoppers, 100k SKUs)', projection: cartProjection, log: () => cartLog(scaled(config, 20_000), products, scaled(config, 150_000), 'bench-cart') },
    { label: `orders (${fmtCount(orders)} order lifecycles + collages)`, projection: ordersProjection, log: () => mine(ordersProjection, orderLog(orders, 'bench-orders')) },
    { label: `comments (${fmtCount(orders)} order lifecycles)`, projection: commentsProjection, log: () => mine(commentsProjection, orderLog(orders, 'bench-orders')) },
    { label: `deadlines (${fmtCount(orders)} order lifecycles)`, projection: deadlinesProjection, log: () => mine(deadlinesProjection, orderLog(orders, 'bench-orders')) },
    { label: 'deadlines (every kind, 20k entities)', projection: { ...deadlinesProjection }, log: () => deadlineLog(scaled(config, 20_000), scaled(config, 150_000), 'bench-deadlines') },
    fromEngagement(promotionsProjection, 'promotions (engagement log)'),
    fromEngagement(couponsProjection, 'coupons (engagement log)'),
    fromEngagement(footprintsProjection, 'footprints (engagement log)'),
    fromEngagement(collectsProjection, 'collects (engagement log)'),
    fromEngagement(qaProjection, 'qa (engagement log)'),
    { label: 'addresses (address books)', projection: addressesProjection, log: () => addressLog(scaled(config, 100_000), 'bench-addresses') },
  ];
}

async function appendLog(db: Database, events: readonly RecordedEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += APPEND_CHUNK) {
    await appendStreams(db, events.slice(start, start + APPEND_CHUNK).map((e) => ({
      streamId: e.streamId, revision: e.revision, event: { type: e.type, data: e.data, metadata: e.metadata },
    })));
  }
}

/** The live generation against the baseline's, by the rebuild gate. */
async function sameAsBaseline(db: Database, projection: Projection): Promise<{ ok: boolean; line: string }> {
  const live = await readLive(db, projection.name);
  if (!live) return { ok: false, line: 'no live generation' };
  const diff = await diffGenerations(db, projection, live.generation, BASELINE_GENERATION);
  const tables = diff.tables.map((t) => `${t.table} ${fmtCount(t.rebuilt.rows)}`).join(', ');
  return diff.identical
    ? { ok: true, line: `generation ${live.generation} identical to the hand-rolled baseline (${tables})` }
    : { ok: false, line: describeDiff(projection.name, diff).slice(0, 8).join(' ⏎ ') };
}

async function measure(config: BenchConfig, url: string, subject: Subject): Promise<Figures> {
  return withFreshDatabase(url, `rebuild_${subject.projection.name}`, async ({ db }) => {
    const events = subject.log();
    progress(`rebuilds ${subject.label}: appending ${fmtCount(events.length)} events`);
    const store = await createPostgresEventStore(db);
    await appendLog(db, events);
    await db.query('analyze events');
    const { projection } = subject;

    const baseline = await handRolledCatchUp(db, store, projection, generationSchema(projection.name, BASELINE_GENERATION), { logEvents: events.length, batchSize: fillBatchSizeOf(projection) });
    progress(`rebuilds ${subject.label}: hand-rolled set-based ${fmtRate(perSecond(baseline.events, baseline.ms))}`);
    const floor = await writeFloor(db, generationSchema(projection.name, BASELINE_GENERATION), projection.tables);
    progress(`rebuilds ${subject.label}: floor, ${fmtCount(floor.rows)} final rows written once in ${fmtRate(perSecond(events.length, floor.ms))} (events of the log per second)`);
    const rowByRow: Projection = { ...projection, applyBatch: undefined };
    const before = await handRolledCatchUp(db, store, rowByRow, generationSchema(projection.name, BEFORE_GENERATION), {
      maxEvents: scaled(config, 10_000), logEvents: events.length,
    });
    await db.query(`drop schema ${generationSchema(projection.name, BEFORE_GENERATION)} cascade`);
    progress(`rebuilds ${subject.label}: event by event ${fmtRate(perSecond(before.events, before.ms))} over ${fmtCount(before.events)} events`);

    const ours = await runnerFromZero(db, store, projection, projection.tables[0], () => sameAsBaseline(db, projection), events.length);
    const figures: Figures = {
      label: subject.label, events: events.length, baselineRate: perSecond(baseline.events, baseline.ms),
      beforeEvents: before.events, beforeRate: perSecond(before.events, before.ms),
      floorRows: floor.rows, floorRate: perSecond(events.length, floor.ms), ...ours,
    };
    progress(`rebuilds ${subject.label}: catch-up ${fmtRate(figures.catchUpRate)}, rebuild ${fmtRate(figures.rebuildRate)}`);
    return figures;
  });
}

function rebuildsTable(figures: readonly Figures[]): Table {
  return {
    headers: ['projection', 'events', 'scenario', 'events/s', 'hand-rolled set-based baseline', 'ratio', 'target'],
    rows: figures.flatMap((f) => [
      [f.label, fmtCount(f.events), `floor: its ${fmtCount(f.floorRows)} final rows written once, nothing else (read-model-floor.ts)`, fmtRate(f.floorRate),
        fmtRate(f.baselineRate), fmtRatio(f.floorRate, f.baselineRate), '—'],
      [f.label, fmtCount(f.beforeEvents), 'before: event by event (hand-rolled projector, apply)', fmtRate(f.beforeRate),
        fmtRate(f.baselineRate), fmtRatio(f.beforeRate, f.baselineRate), '—'],
      [f.label, fmtCount(f.events), 'runner catch-up from zero (set-based)', fmtRate(f.catchUpRate),
        fmtRate(f.baselineRate), fmtRatio(f.catchUpRate, f.baselineRate), verdict(f.catchUpRate >= TARGET_RATE, `≥ ${fmtCount(TARGET_RATE)}/s`)],
      [f.label, fmtCount(f.events), 'runner rebuild (side by side + gate + switch)', fmtRate(f.rebuildRate),
        fmtRate(f.baselineRate), fmtRatio(f.rebuildRate, f.baselineRate), verdict(f.rebuildRate >= TARGET_RATE, `≥ ${fmtCount(TARGET_RATE)}/s`)],
    ]),
  };
}

export async function realProjectionsBench(config: BenchConfig): Promise<Section> {
  if (!config.databaseUrl) throw new Error('DATABASE_URL not set');
  const figures: Figures[] = [];
  // BENCH_REBUILDS=catalog,stock picks some
  const only = process.env.BENCH_REBUILDS?.split(',').map((name) => name.trim()).filter(Boolean) ?? [];
  for (const subject of subjects(config)) {
    if (only.length > 0 && !only.includes(subject.projection.name)) continue;
    figures.push(await measure(config, config.databaseUrl, subject));
  }
  return {
    title: '10. Real projections: rebuild at 100k products (PostgreSQL)',
    tables: [rebuildsTable(figures)],
    notes: [
      'Each projection in its own fresh database whose log holds only its events (generated, appended in bulk). '
      + `Batches: the baseline and the runner's fills (rebuilds; the first catch-up of a projection with bulk indexes, catalog and orders) ${fmtCount(FILL_BATCH_SIZE)} events `
      + `(orders: its own ${fmtCount(fillBatchSizeOf(ordersProjection))}), `
      + 'the runner\'s live batches (the first catch-up of the others) and the event-by-event "before" 1,000. '
      + 'Rates are events of the log per second; catch-up from startProjections() (migrations included) until waitFor() sees the last event and the projection is live (tables logged, bulk indexes built), '
      + 'rebuild from the rebuild() call to its return.',
      '"Before" is the same projection applying event by event in the hand-rolled projector, over the first part of the log only.',
      'The floor: the rows of the baseline\'s finished read model sent back from the client into unlogged copies of its tables '
      + '(no index, no key), 5,000 rows per INSERT through jsonb_populate_recordset, each row once; its rate is the log\'s events '
      + 'divided by that time. No projection of this log can catch up faster than its floor on this machine: where the floor '
      + 'itself is short of the target, the target is out of reach here whatever the projection does.',
      ...figures.flatMap((f) => f.checks.map((c) => `Check ${f.label}: ${c}`)),
    ],
  };
}
