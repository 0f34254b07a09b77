/**
 * Browse API (issue 4 benchmarks): search and product detail on PostgreSQL with a generated 100,000-product
 * catalogue, under autocannon at 50 connections (10 s after a 2 s warm-up, load generated in a child process),
 * against the baseline of a bare Fastify route in the same process answering the same response body as a constant.
 * Set-up, reported too: the demo seed, the generated products as catalogue events appended in multi-stream batches,
 * then the real projections (openRuntime, as `npm start`) catching up from an empty read model.
 * Targets: ≥ 1,500 req/s and p95 ≤ 50 ms for each endpoint.
 */
import { seedDemo } from '../../services/ops/seed/seed-demo';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import type { Runtime } from '../../services/runtime';
import { freshDatabase, scaled, type BenchConfig, type FreshDatabase } from './bench-backends';
import { checkAll, detailPaths, fetchOk, KEYWORDS, searchPath, searchPaths, searchTotal } from './browse/browse-requests';
import { openBenchRuntime, startBareBaseline, startStorefront, type Listening } from './browse/browse-servers';
import { appendStreams } from './browse/bulk-append';
import { untilCaughtUp } from './browse/caught-up';
import { generatedProductEvents, type StreamEvent } from './browse/generated-catalogue';
import type { LoadOutcome } from './browse/load-client';
import { runLoad } from './browse/run-load';
import { fmtCount, fmtLatency, fmtMs, fmtRate, fmtRatio, now, perSecond, progress, verdict, type Section, type Table } from './stats';

const PRODUCTS = 100_000;
const APPEND_BATCH = 2000;
const CONNECTIONS = 50;
const WARMUP_SEC = 2;
const DURATION_SEC = 10;
const TARGET_RATE = 1500;
const TARGET_P95_MS = 50;
const CATCH_UP_TIMEOUT_MS = 30 * 60_000;
const CATALOG = 'catalog';

interface SetupFigures {
  products: number; events: number; generateMs: number; appendMs: number;
  /** Per projection: milliseconds until it had applied the whole log. */
  caughtUp: Map<string, number>;
  databaseMb: number;
}

/** Demo seed, then the generated products appended batch by batch (generation and appending timed apart). */
async function writeCatalogue(fresh: FreshDatabase, products: number, at: Date): Promise<Omit<SetupFigures, 'caughtUp' | 'databaseMb'>> {
  await seedDemo(await createPostgresEventStore(fresh.db), at);
  let generateMs = 0;
  let appendMs = 0;
  for (let start = 0; start < products; start += APPEND_BATCH) {
    const t0 = now();
    const batch: StreamEvent[] = [];
    for (let i = start; i < Math.min(products, start + APPEND_BATCH); i += 1) batch.push(...generatedProductEvents(i, at));
    const t1 = now();
    await appendStreams(fresh.db, batch);
    generateMs += t1 - t0;
    appendMs += now() - t1;
    if ((start / APPEND_BATCH) % 10 === 9) progress(`browse-api: ${fmtCount(start + APPEND_BATCH)} products appended`);
  }
  const { rows } = await fresh.db.query<{ n: number }>('select count(*)::int as n from events');
  return { products, events: Number(rows[0].n), generateMs, appendMs };
}

async function measure(origin: string, paths: string[], label: string): Promise<LoadOutcome> {
  const outcome = await runLoad({ origin, paths, connections: CONNECTIONS, warmupSec: WARMUP_SEC, durationSec: DURATION_SEC });
  progress(`browse-api: ${label}: ${fmtRate(outcome.requests / outcome.seconds)}, p95 ${fmtMs(outcome.latency.p95)}`);
  return outcome;
}

function setupTable(s: SetupFigures): Table {
  const others = [...s.caughtUp.entries()].filter(([name]) => name !== CATALOG);
  const slowestOther = Math.max(...others.map(([, ms]) => ms));
  const catalogMs = s.caughtUp.get(CATALOG) ?? Number.NaN;
  return {
    headers: ['step', 'time', 'rate'],
    rows: [
      [`generate ${fmtCount(s.products)} products (buildProduct + schema parse)`, fmtMs(s.generateMs), `${fmtRate(perSecond(s.products, s.generateMs))} products`],
      [`append in batches of ${fmtCount(APPEND_BATCH)} streams (one statement each)`, fmtMs(s.appendMs), `${fmtRate(perSecond(s.products, s.appendMs))} products`],
      [`catalog projection catches up from empty over ${fmtCount(s.events)} events (demo seed included)`, fmtMs(catalogMs), `${fmtRate(perSecond(s.events, catalogMs))} events`],
      [`the other ${others.length} projections (read every event, handle none of the products'): the slowest`, fmtMs(slowestOther), `${fmtRate(perSecond(s.events, slowestOther))} events`],
      ['database size after catch-up (event log + read models)', `${fmtCount(s.databaseMb)} MB`, '—'],
    ],
  };
}

function loadTable(rows: Array<{ endpoint: string; ours: LoadOutcome; bare: LoadOutcome }>): Table {
  const rate = (o: LoadOutcome) => o.requests / o.seconds;
  return {
    headers: ['endpoint', 'req/s', 'p50 / p95 / p99', 'non-2xx', 'errors (timeouts)', 'body without code 200',
      'bare Fastify req/s', 'bare p50 / p95 / p99', 'ratio (req/s)', `target ≥ ${fmtCount(TARGET_RATE)} req/s`, `target p95 ≤ ${TARGET_P95_MS} ms`],
    rows: rows.map(({ endpoint, ours, bare }) => [
      endpoint, fmtRate(rate(ours)), fmtLatency(ours.latency), fmtCount(ours.non2xx), `${fmtCount(ours.errors)} (${fmtCount(ours.timeouts)})`,
      fmtCount(ours.mismatches), fmtRate(rate(bare)), fmtLatency(bare.latency), fmtRatio(rate(ours), rate(bare)),
      verdict(rate(ours) >= TARGET_RATE, `≥ ${fmtCount(TARGET_RATE)}/s`), verdict(ours.latency.p95 <= TARGET_P95_MS, `≤ ${TARGET_P95_MS} ms`),
    ]),
  };
}

async function hitsTable(origin: string): Promise<Table> {
  const onSale = await searchTotal(origin, '');
  const rows: string[][] = [];
  for (const keyword of KEYWORDS) {
    const hits = await searchTotal(origin, keyword);
    rows.push([keyword, fmtCount(hits), `${((100 * hits) / onSale).toFixed(1)} %`]);
  }
  rows.push(['(none: every product on sale)', fmtCount(onSale), '100 %']);
  return { headers: ['search keyword', 'hits', 'share of products on sale'], rows };
}

/** Verifies real answers, then measures each endpoint after its bare baseline. */
async function measureEndpoints(api: Listening, uncached: Listening, products: number, notes: string[]): Promise<Table[]> {
  const searches = searchPaths(500);
  const details = detailPaths(1000, products);
  const sampleSearch = await fetchOk(api.url, searchPath('手机', { type: '', volume: '2' }));
  if ((sampleSearch.envelope.data as { list: unknown[] }).list.length === 0) throw new Error('search 手机 found nothing');
  const sampleDetail = await fetchOk(api.url, details[0]);
  await checkAll(api.url, [...searches.slice(0, 40), ...details.slice(0, 40)]);
  const hits = await hitsTable(api.url);

  const bare = await startBareBaseline({ search: sampleSearch.body, detail: sampleDetail.body });
  try {
    const search = { bare: await measure(bare.url, ['/search'], 'bare search body'), ours: await measure(api.url, searches, 'search') };
    const searchUncached = { bare: search.bare, ours: await measure(uncached.url, searches, 'search, no read-model cache') };
    const detail = { bare: await measure(bare.url, ['/detail'], 'bare detail body'), ours: await measure(api.url, details, 'detail') };
    const detailUncached = { bare: detail.bare, ours: await measure(uncached.url, details, 'detail, no read-model cache') };
    notes.push(
      `Requests: ${searches.length} distinct searches (${KEYWORDS.length} keywords × no sort / price ↑↓ / sales ↑↓ × page 1 (60 %) or 2-5, pageSize 12) `
      + `and ${details.length} distinct details (a generated product on sale and one of its SKUs), each request drawn at random from its list. `
      + `Sample answers: search 手机 ${fmtCount(sampleSearch.body.length)} characters, detail ${fmtCount(sampleDetail.body.length)} characters; `
      + 'the bare baseline answers exactly these bodies (parsed once, serialised by Fastify per request). 40 of each list were fetched '
      + 'before the load and answered code 200; during the load a body without "code":"200" is counted in its column. '
      + 'The storefront keeps read-model answers until the read models change (services/read-cache): with no writes during the '
      + 'load, repeats are served from memory; the "cache off" rows are the same server code reading PostgreSQL on every request.',
    );
    return [loadTable([
      { endpoint: 'GET /api/app/getSearchProducts', ...search },
      { endpoint: '… same, read-model cache off', ...searchUncached },
      { endpoint: 'GET /api/product/getById', ...detail },
      { endpoint: '… same, read-model cache off', ...detailUncached },
    ]), hits];
  } finally {
    await bare.close();
  }
}

export async function browseApiBench(config: BenchConfig): Promise<Section> {
  if (!config.databaseUrl) throw new Error('browse-api needs PostgreSQL (DATABASE_URL)');
  const products = scaled(config, PRODUCTS);
  const notes: string[] = [];
  const fresh = await freshDatabase(config.databaseUrl, 'browse');
  let runtime: Runtime | null = null;
  /** The cache-off storefront runs as a second API process on the same database: its own runtime. */
  let second: Runtime | null = null;
  let api: Listening | null = null;
  let uncached: Listening | null = null;
  try {
    progress(`browse-api: demo seed and ${fmtCount(products)} generated products`);
    const written = await writeCatalogue(fresh, products, new Date());
    progress('browse-api: projections catching up');
    runtime = await openBenchRuntime(fresh.url);
    const caughtUp = await untilCaughtUp(runtime, CATCH_UP_TIMEOUT_MS);
    await fresh.db.query('vacuum analyze');
    const { rows } = await fresh.db.query<{ bytes: string }>('select pg_database_size(current_database())::text as bytes');
    const setup: SetupFigures = { ...written, caughtUp, databaseMb: Number(rows[0].bytes) / 2 ** 20 };
    api = await startStorefront(runtime);
    second = await openBenchRuntime(fresh.url);
    await untilCaughtUp(second, CATCH_UP_TIMEOUT_MS);
    uncached = await startStorefront(second, undefined, { readModelCache: false });
    const tables = await measureEndpoints(api, uncached, products, notes);
    notes.push(
      `Load: autocannon ${CONNECTIONS} connections, ${WARMUP_SEC} s warm-up then ${DURATION_SEC} s measured, in a child process; the API and `
      + 'the bare baseline are served by this process (one Node thread) on loopback, PostgreSQL on the same 2 cores. Latency from every response.',
      'Set-up: products are variants of the 175 demo products (brand word + demo name + edition, price ±25 %, own SKUs, stock and sales), '
      + 'in the demo shops and categories; those of unshelved demo products are unshelved, those of the disabled shop hidden. '
      + '`vacuum analyze` ran after the catch-up, as autovacuum would soon after an import.',
    );
    return { title: '7. Browse API: search and product detail on 100k products vs bare Fastify', tables: [tables[0], setupTable(setup), tables[1]], notes };
  } finally {
    await api?.close();
    await uncached?.close();
    await second?.close();
    await runtime?.close();
    await fresh.drop();
  }
}
