/**
 * Buy benchmark 1, `checkout`: 16 HTTP workers, each looping over a whole buy-now checkout of a plain demo SKU
 * (settle → submit → pay → the sandbox cashier's signed callback; checkout-flow.ts) as one of 64 shoppers signed in
 * beforehand, on PostgreSQL with the real runtime and app. Figures: completed orders/s, p50/p95/p99 of each step and
 * of the whole checkout, errors, and what a checkout appends. Baselines, in turns with the checkout rounds on the
 * same server, workers and sockets: `GET /bench/noop` (the HTTP floor: Fastify + the client in this process) and
 * `GET /api/health` (the store's head and every projection's checkpoint and lag: a few reads). For context, the raw event-store append rate
 * at 16 concurrent streams (and a raw single-row INSERT) on a database of its own. Afterwards every order must be in
 * state 2 (paid) in the orders read model.
 */
import { createPostgresEventStore } from '../../../services/event-store/postgres/postgres-event-store';
import { appendOperation } from '../appends.bench';
import { freshDatabase, scaled, type BenchConfig } from '../bench-backends';
import { RAW_TABLE_SQL } from '../bench-events';
import {
  combineLoads, fmtCount, fmtLatency, fmtMs, fmtRate, fmtRatio, progress, runLoad, summarise, type LoadResult, type Section,
} from '../stats';
import { NOOP_PATH, withBuyServer, type BuyServer } from './buy-server';
import { checkoutRound, STEPS, type CheckoutRound, type Step } from './checkout-flow';
import { plainSkus, roundRobin } from './demo-skus';
import { horizonNote, watchHorizon, type HorizonReport } from './horizon-watch';
import { HttpClient } from './http-client';
import { signInShoppers } from './shoppers';
import { untilOrdersPaid } from './verify-orders';

const WORKERS = 16;
const SHOPPERS = 64;
const ROUNDS = 3;
const WARMUP = 32;
const REQUESTS_PER_CHECKOUT = STEPS.length;
const MIN_STOCK = 20;
const APPEND_WARMUP = 100;


interface CheckoutFigures {
  orders: number;
  checkout: CheckoutRound;
  noop: LoadResult;
  health: LoadResult;
  events: { events: number; appends: number };
  paid: { paid: number; expected: number; others: string };
  poolSize: number;
  horizon: HorizonReport;
}

async function storeCounts(server: BuyServer, after: string): Promise<{ events: number; appends: number }> {
  const { rows } = await server.runtime.db.query<{ events: string; appends: string }>(
    'select count(*) as events, count(distinct transaction_id) as appends from events where global_position > $1', [after]);
  return { events: Number(rows[0].events), appends: Number(rows[0].appends) };
}

async function onServer(server: BuyServer, orders: number): Promise<CheckoutFigures> {
  const client = new HttpClient(server.url, WORKERS);
  try {
    const shoppers = await signInShoppers(server, client, SHOPPERS);
    progress(`checkout: ${SHOPPERS} shoppers signed in`);
    const perRound = Math.ceil(orders / ROUNDS);
    const lines = roundRobin(await plainSkus(server.runtime.db, MIN_STOCK), WARMUP + perRound * ROUNDS, MIN_STOCK);
    const warm = await checkoutRound([client], shoppers, lines.slice(0, WARMUP), 'warm', WORKERS);
    if (warm.errors.size > 0) throw new Error(`warm-up checkouts failed: ${[...warm.errors.keys()].join('; ')}`);
    const { rows } = await server.runtime.db.query<{ head: string }>('select coalesce(max(global_position), 0)::text as head from events');
    const watch = watchHorizon(server.runtime.db);
    const rounds: CheckoutRound[] = [];
    const noop: LoadResult[] = [];
    const health: LoadResult[] = [];
    const baselineCount = perRound * REQUESTS_PER_CHECKOUT;
    for (let round = 0; round < ROUNDS; round += 1) {
      noop.push(await runLoad(baselineCount, WORKERS, async () => { await client.request('GET', NOOP_PATH); }));
      health.push(await runLoad(baselineCount, WORKERS, async () => { await client.api('GET', '/health'); }));
      const from = WARMUP + round * perRound;
      rounds.push(await checkoutRound([client], shoppers, lines.slice(from, from + perRound), `r${round}`, WORKERS));
      progress(`checkout round ${round + 1}/${ROUNDS}: ${fmtRate((rounds[round].timings.length * 1000) / rounds[round].ms)} orders`);
    }
    const checkout: CheckoutRound = {
      timings: rounds.flatMap((r) => r.timings),
      errors: rounds.reduce((all, r) => { for (const [k, n] of r.errors) all.set(k, (all.get(k) ?? 0) + n); return all; }, new Map<string, number>()),
      ms: rounds.reduce((ms, r) => ms + r.ms, 0),
    };
    const horizon = await watch.stop();
    const events = await storeCounts(server, rows[0].head);
    const paid = await untilOrdersPaid(server.runtime.db, checkout.timings.map((t) => t.orderId));
    return { orders: perRound * ROUNDS, checkout, noop: combineLoads(noop), health: combineLoads(health), events, paid, poolSize: server.poolSize, horizon };
  } finally {
    client.close();
  }
}

/**
 * Our append and a raw INSERT at 16 concurrent streams, in turns, on a database of their own with a 16-connection
 * pool. appendOperation gives each worker a million orders inside a block of ten workers, so sixteen workers spill
 * into the next block: the rounds use every other block.
 */
async function appendsAt16(url: string, count: number): Promise<{ ours: LoadResult; raw: LoadResult }> {
  const fresh = await freshDatabase(url, 'buyappends', WORKERS);
  try {
    const { db } = fresh;
    await db.query(RAW_TABLE_SQL);
    const store = await createPostgresEventStore(db);
    const results: Record<'ours' | 'raw', LoadResult[]> = { ours: [], raw: [] };
    for (const target of ['raw', 'ours'] as const) await runLoad(APPEND_WARMUP, 2, appendOperation(db, store, target, 38, 'buy'));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of ['raw', 'ours'] as const) {
        results[target].push(await runLoad(count, WORKERS, appendOperation(db, store, target, 30 + 2 * round, 'buy')));
      }
    }
    return { ours: combineLoads(results.ours), raw: combineLoads(results.raw) };
  } finally {
    await fresh.drop();
  }
}

export async function checkoutBench(config: BenchConfig): Promise<Section> {
  const url = config.databaseUrl;
  if (!url) throw new Error('the checkout bench needs DATABASE_URL');
  const f = await withBuyServer(url, 'checkout', (server) => onServer(server, scaled(config, 600)));
  progress('checkout: event-store appends at 16 streams');
  const appends = await appendsAt16(url, scaled(config, 1500));

  const { checkout } = f;
  const completed = checkout.timings.length;
  const orderRate = (completed * 1000) / checkout.ms;
  const requestRate = orderRate * REQUESTS_PER_CHECKOUT;
  const total = summarise(checkout.timings.map((t) => t.total));
  const errorCount = [...checkout.errors.values()].reduce((a, b) => a + b, 0);
  const stepErrors = (step: Step) => [...checkout.errors].filter(([k]) => k.startsWith(`${step} `)).reduce((n, [, c]) => n + c, 0);
  const perOrder = (n: number) => (completed > 0 ? (n / completed).toFixed(1) : 'n/a');

  return {
    title: 'Checkout (settle + submit + pay + callback) at 16 workers',
    tables: [
      {
        headers: ['load (16 workers, keep-alive)', 'completed', 'orders/s', 'HTTP requests/s', 'vs GET /api/health', 'p50 / p95 / p99', 'errors'],
        rows: [
          ['checkout: settle → submit → pay → callback', fmtCount(completed), fmtRate(orderRate), fmtRate(requestRate),
            fmtRatio(requestRate, f.health.rate), fmtLatency(total), fmtCount(errorCount)],
          ['baseline: GET /api/health', fmtCount(f.health.count), '—', fmtRate(f.health.rate), '1.00×', fmtLatency(f.health.latency), '0'],
          ['baseline: GET /bench/noop (HTTP floor)', fmtCount(f.noop.count), '—', fmtRate(f.noop.rate), fmtRatio(f.noop.rate, f.health.rate),
            fmtLatency(f.noop.latency), '0'],
        ],
      },
      {
        headers: ['step', 'request', 'p50 / p95 / p99', 'max', 'share of checkout (mean)', 'errors'],
        rows: STEPS.map((step) => {
          const s = summarise(checkout.timings.map((t) => t.steps[step]));
          return [step, STEP_REQUEST[step], fmtLatency(s), fmtMs(s.max), `${((s.mean / total.mean) * 100).toFixed(0)}%`, fmtCount(stepErrors(step))];
        }),
      },
      {
        headers: ['context: one append at 16 concurrent streams', 'appends/s', 'raw single-row INSERT/s', 'ratio', 'appends per checkout', 'events per checkout',
          'appends/s the checkouts made'],
        rows: [['PostgreSQL (own database, 16-connection pool)', fmtRate(appends.ours.rate), fmtRate(appends.raw.rate), fmtRatio(appends.ours.rate, appends.raw.rate),
          perOrder(f.events.appends), perOrder(f.events.events), fmtRate((f.events.appends * 1000) / checkout.ms)]],
      },
    ],
    notes: [
      `${fmtCount(f.orders)} checkouts in ${ROUNDS} rounds, each round after ${fmtCount(f.health.count / ROUNDS)} GET /bench/noop and as many GET /api/health `
      + `(the same number of HTTP requests as the round's checkouts), after ${WARMUP} warm-up checkouts; ${SHOPPERS} shoppers signed in by SMS code beforehand; `
      + `SKUs taken in turn among the plain (no promotion) demo SKUs with ≥ ${MIN_STOCK} in stock. orders/s = completed ÷ the checkout rounds' wall time.`,
      `Read model afterwards: ${fmtCount(f.paid.paid)} of ${fmtCount(f.paid.expected)} orders in state 2 (paid)${f.paid.others ? `; others: ${f.paid.others}` : ''}.`,
      ...(errorCount > 0 ? [`Errors: ${[...checkout.errors].map(([k, n]) => `${k} ×${n}`).join('; ')}.`] : []),
      `The load runs in the server's own Node process (one event loop for both; the noop row is that floor). The runtime's pg pool has ${f.poolSize} connections `
      + '(services/db/database.ts default; one of them is held by LISTEN), so 16 workers share fewer connections than they are.',
      horizonNote('the checkout and baseline rounds', f.horizon),
      `Appends row: ${fmtCount(appends.ours.count)} appends of one event each (scenario 1's operation), ${ROUNDS} rounds taking turns with the raw INSERT; `
      + '"appends/s the checkouts made" is what the checkout rounds asked of the store (distinct writing transactions in `events`).',
    ],
  };
}

const STEP_REQUEST: Record<Step, string> = {
  settle: 'POST /api/order/getSettlement',
  submit: 'POST /api/order/submit',
  pay: 'PUT /api/order/pay',
  callback: 'POST /pay/sandbox/:id/confirm → notify',
};
