/**
 * Buy benchmark 2, `flash`: 1,000 distinct signed-in buyers submit a buy-now of one 秒杀 SKU with 100 to sell, all at
 * once through 100 in-flight HTTP requests, against the real runtime and app on PostgreSQL. Two sales, one per gate
 * (flash-fixture.ts): the activity's own stock, and the SKU's stock. Figures: successful orders/s (sold ÷ the time from
 * the first request to the last successful answer; target ≥ 500/s), sold vs sold-out answers, latencies, and zero
 * oversell checked from the event store and the read models (flash-audit.ts). Baseline, just before each flash: the
 * same buyers asking the same SKU's settlement (`POST /api/order/getSettlement`, a read) at the same concurrency.
 */
import type { Runtime } from '../../../services/runtime';
import { scaled, type BenchConfig } from '../bench-backends';
import { fmtCount, fmtLatency, fmtMs, fmtRate, fmtRatio, now, progress, summarise, verdict, type Section } from '../stats';
import { withBuyServer } from './buy-server';
import { settlementBody, submitBody } from './checkout-flow';
import { auditFlash, soldExactly, type FlashAudit } from './flash-audit';
import { appendFlashSales, FLASH_UNITS, type FlashGate, type FlashSale } from './flash-fixture';
import { horizonNote, watchHorizon, type HorizonReport } from './horizon-watch';
import { HttpClient, mapLimit, type Answer, type Envelope } from './http-client';
import { signInShoppers, type Shopper } from './shoppers';

const BUYERS = 1000;
const IN_FLIGHT = 100;
const TARGET_RATE = 500;
/** Issue 14: the winners' orders/s at least this share of the settlement reads/s of the same SKU at the same concurrency. */
const TARGET_VS_SETTLEMENT = 0.6;
const SOLD = '200';
const SOLD_OUT = new Set(['80001', '600002']);
const GATES: FlashGate[] = ['activity', 'stock'];
const GATE_LABEL: Record<FlashGate, string> = {
  activity: '活动库存 100 (SKU stock 1,000)',
  stock: 'SKU stock 100 (no activity stock)',
};

interface Reply { code: string; message: string; ms: number; at: number }
interface Wave { replies: Reply[]; ms: number }

/** Every buyer once, `IN_FLIGHT` at a time; `at` is when the answer came, from the wave's start. */
async function wave(buyers: readonly Shopper[], call: (buyer: Shopper, i: number) => Promise<Answer<Envelope>>): Promise<Wave> {
  const started = now();
  const replies = await mapLimit(buyers, IN_FLIGHT, async (buyer, i): Promise<Reply> => {
    const t0 = now();
    const { body } = await call(buyer, i).catch((error: unknown) => ({ body: { code: 'transport', message: String(error) } }));
    const t1 = now();
    return { code: body.code, message: body.message, ms: t1 - t0, at: t1 - started };
  });
  return { replies, ms: now() - started };
}

interface GateFigures { gate: FlashGate; expected: number; settle: Wave; flash: Wave; audit: FlashAudit; horizon: HorizonReport }

async function flashOf(client: HttpClient, runtime: Runtime, buyers: Shopper[], sale: FlashSale): Promise<GateFigures> {
  const settle = await wave(buyers, (buyer) => client.api('POST', '/order/getSettlement', { token: buyer.token, body: settlementBody(buyer, sale) }));
  progress(`flash ${sale.gate}: settlement baseline ${fmtRate((buyers.length * 1000) / settle.ms)}`);
  const watch = watchHorizon(runtime.db);
  const flash = await wave(buyers, (buyer, i) => client.api('POST', '/order/submit', {
    token: buyer.token, body: submitBody(buyer, sale, null, { shopSeckillId: sale.shopSeckillId }), headers: { 'idempotency-key': `flash-${sale.gate}-${i}` },
  }));
  const horizon = await watch.stop();
  progress(`flash ${sale.gate}: ${count(flash, isSold)} sold in ${fmtMs(soldInMs(flash))}`);
  return { gate: sale.gate, expected: Math.min(buyers.length, FLASH_UNITS), settle, flash, audit: await auditFlash(runtime, sale), horizon };
}

const isSold = (r: Reply) => r.code === SOLD;
const isSoldOut = (r: Reply) => SOLD_OUT.has(r.code);
const count = (w: Wave, test: (r: Reply) => boolean) => w.replies.filter(test).length;
/** From the first request to the last successful answer. */
const soldInMs = (w: Wave) => Math.max(0, ...w.replies.filter(isSold).map((r) => r.at));
const latencyOf = (w: Wave, test: (r: Reply) => boolean) => summarise(w.replies.filter(test).map((r) => r.ms));

function othersOf(w: Wave): string {
  const tally = new Map<string, number>();
  for (const r of w.replies) if (!isSold(r) && !isSoldOut(r)) tally.set(`${r.code} ${r.message}`, (tally.get(`${r.code} ${r.message}`) ?? 0) + 1);
  return [...tally].map(([k, n]) => `${k} ×${n}`).join('; ');
}

function rows(f: GateFigures) {
  const sold = count(f.flash, isSold);
  const soldIn = soldInMs(f.flash);
  const rate = sold > 0 ? (sold * 1000) / soldIn : Number.NaN;
  const answers = (f.flash.replies.length * 1000) / f.flash.ms;
  const settleRate = (f.settle.replies.length * 1000) / f.settle.ms;
  const a = f.audit;
  return {
    throughput: [GATE_LABEL[f.gate], fmtCount(f.flash.replies.length), fmtCount(sold), fmtCount(count(f.flash, isSoldOut)),
      fmtCount(f.flash.replies.length - sold - count(f.flash, isSoldOut)), fmtMs(soldIn), fmtRate(rate), verdict(rate >= TARGET_RATE, `≥ ${TARGET_RATE}/s`),
      fmtMs(f.flash.ms), fmtRate(answers), fmtRate(settleRate), fmtRatio(answers, settleRate),
      `${fmtRatio(rate, settleRate)} ${verdict(rate / settleRate >= TARGET_VS_SETTLEMENT, `≥ ${TARGET_VS_SETTLEMENT}×`)}`],
    latency: [GATE_LABEL[f.gate], fmtLatency(latencyOf(f.flash, isSold)), fmtLatency(latencyOf(f.flash, isSoldOut)),
      fmtLatency(latencyOf(f.settle, (r) => r.code === '200')), fmtCount(count(f.settle, (r) => r.code !== '200'))],
    audit: [GATE_LABEL[f.gate], fmtCount(a.orders), fmtCount(a.buyers), fmtCount(a.skuReserved), String(a.skuMinAvailable), String(a.skuAvailable),
      `${a.quotaSold} (max ${a.quotaMaxSold})`, String(a.readModelAvailable ?? 'n/a'),
      soldExactly(a, f.expected, f.gate === 'activity') && sold === f.expected ? `zero oversell: exactly ${f.expected}` : `FAILED: expected exactly ${f.expected}`],
  };
}

export async function flashBench(config: BenchConfig): Promise<Section> {
  const url = config.databaseUrl;
  if (!url) throw new Error('the flash bench needs DATABASE_URL');
  const buyerCount = scaled(config, BUYERS);
  const figures = await withBuyServer(url, 'flash', async (server) => {
    const client = new HttpClient(server.url, IN_FLIGHT);
    try {
      const buyers = await signInShoppers(server, client, buyerCount);
      progress(`flash: ${buyers.length} buyers signed in`);
      const sales = await appendFlashSales(server.runtime);
      const out: GateFigures[] = [];
      for (const gate of GATES) out.push(await flashOf(client, server.runtime, buyers, sales[gate]));
      return out;
    } finally {
      client.close();
    }
  });
  const table = figures.map(rows);
  const others = figures.map((f) => [f.gate, othersOf(f.flash)] as const).filter(([, o]) => o);
  return {
    title: `Flash sale, ${fmtCount(buyerCount)} buyers on one SKU with ${FLASH_UNITS} to sell`,
    tables: [
      {
        headers: ['sale', 'buyers', 'sold', 'sold-out answers', 'other answers', 'sold in', 'successful orders/s', 'target',
          'all answered in', 'answers/s', 'baseline: settlement reads/s', 'answers/s vs baseline', 'successful orders/s vs baseline (issue 14 target)'],
        rows: table.map((t) => t.throughput),
      },
      {
        headers: ['sale', 'sold: p50 / p95 / p99', 'sold out: p50 / p95 / p99', 'baseline settlement: p50 / p95 / p99', 'baseline errors'],
        rows: table.map((t) => t.latency),
      },
      {
        headers: ['sale', 'orders (read model)', 'distinct buyers', 'SKU units reserved', 'lowest SKU available', 'SKU available at end',
          'activity units sold', 'stock read model', 'oversell check'],
        rows: table.map((t) => t.audit),
      },
    ],
    notes: [
      `Each buyer (signed in by SMS code beforehand, with an address) sends one \`POST /api/order/submit\` {type 3, shopSeckillId, one line, number 1} with its own Idempotency-Key; `
      + `${IN_FLIGHT} requests in flight over keep-alive sockets, the next buyer's sent as soon as one is answered. Activity limit: 1 per buyer.`,
      'successful orders/s = sold ÷ (time from the first request to the last successful answer). Sold-out answers: 活动商品已售罄 (600002: the activity quota stream refused, '
      + 'or the stock read model already showed the activity stock gone at planning) and 商品库存不足 (80001: the SKU stream refused, or the stock '
      + 'read model already showed too little at planning). answers/s = every answer ÷ the whole wave. successful orders/s vs baseline = '
      + 'successful orders/s ÷ the settlement reads/s measured just before, same buyers, SKU and concurrency (issue 14: ≥ 0.6×).',
      'Oversell check: the SKU stream and the activity quota stream replayed through their deciders (lowest available ≥ 0, most sold at once ≤ the activity stock), '
      + 'and the orders read model (orders under the activity, distinct buyers).',
      ...others.map(([gate, o]) => `Other answers (${gate}): ${o}.`),
      ...figures.map((f) => horizonNote(`the ${f.gate} flash`, f.horizon)),
    ],
  };
}
