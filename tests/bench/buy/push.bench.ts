/**
 * Buy benchmark 3, `push`: payment callback → websocket push. Orders are placed beforehand (buy-now of plain demo
 * SKUs by 20 signed-in shoppers), each shopper's websocket subscribed to `order:<id>` of its orders (push-socket.ts,
 * the storefront's protocol). Per probe the sandbox builds the signed, encrypted notification WeChat would send
 * (untimed), then t0 just before `POST /api/pay/wechat/notify`, t1 when the `order:<id>` push with code SUCCESS is
 * parsed on the shopper's socket; the notify's own HTTP answer is timed too. Probes one at a time, then 16 in
 * flight, then 20 pushes received by headless Chromium (push-browser.ts) when it is installed. Baselines in the same
 * run, before each Node row: the socket's `ping` → `pong` round trip and `GET /api/health`.
 * Target: callback → push p95 ≤ 300 ms. Afterwards every probed order must be in state 2 (paid) in the read model.
 */
import { CHROMIUM_PATH } from '../../support/browser';
import { NOTIFY_PATH } from '../../../services/api/pay/pay-notify.route';
import type { SignedNotification } from '../../../services/payments/wechatpay-notification';
import { scaled, type BenchConfig } from '../bench-backends';
import {
  fmtCount, fmtLatency, fmtMs, fmtRatio, now, progress, runLoad, summarise, verdict, type LatencySummary, type Section,
} from '../stats';
import { withBuyServer, type BuyServer } from './buy-server';
import { submit, submitBody } from './checkout-flow';
import { plainSkus, roundRobin } from './demo-skus';
import { horizonNote, watchHorizon, type HorizonReport } from './horizon-watch';
import { HttpClient, mapLimit } from './http-client';
import { browserPushSamples } from './push-browser';
import { PushSocket } from './push-socket';
import { signInShoppers } from './shoppers';
import { untilOrdersPaid, type PaidCheck } from './verify-orders';

const SHOPPERS = 20;
const CONCURRENT = 16;
const TARGET_P95_MS = 300;
const PUSH_TIMEOUT_MS = 5000;
const BROWSER_SAMPLES = 20;

interface Placed { orderId: number; paymentId: string; socket: PushSocket }
interface ProbeRun { inFlight: number; push: number[]; ack: number[]; missing: number; ping: LatencySummary; health: LatencySummary }

/** The callback WeChat would send for this payment, built by the sandbox cashier as its 确认支付 does. */
async function signedNotification(server: BuyServer, paymentId: string): Promise<SignedNotification> {
  const sandbox = server.runtime.payments.sandbox;
  if (!sandbox) throw new Error('the push bench needs the sandbox payment provider');
  return sandbox.confirm(paymentId);
}

async function postNotification(client: HttpClient, notification: SignedNotification): Promise<void> {
  const answer = await client.request<{ code: string; message: string }>('POST', NOTIFY_PATH, { raw: notification.body, headers: notification.headers });
  if (answer.status !== 200) throw new Error(`notify answered HTTP ${answer.status} ${answer.body.message}`);
}

async function probe(server: BuyServer, client: HttpClient, placed: Placed): Promise<{ push: number | null; ack: number }> {
  const notification = await signedNotification(server, placed.paymentId);
  const pushed = placed.socket.paidPush(placed.orderId, PUSH_TIMEOUT_MS).catch(() => null);
  const t0 = now();
  await postNotification(client, notification);
  const ack = now() - t0;
  const at = await pushed;
  return { push: at === null ? null : at - t0, ack };
}

async function probeRun(server: BuyServer, client: HttpClient, sockets: PushSocket[], placed: Placed[], inFlight: number): Promise<ProbeRun> {
  const ping = await runLoad(placed.length, inFlight, async (worker) => { await sockets[worker % sockets.length].ping(); });
  const health = await runLoad(placed.length, inFlight, async () => { await client.api('GET', '/health'); });
  const results = await mapLimit(placed, inFlight, (p) => probe(server, client, p));
  const push = results.flatMap((r) => (r.push === null ? [] : [r.push]));
  progress(`push ×${inFlight}: callback → push ${fmtLatency(summarise(push))}`);
  return { inFlight, push, ack: results.map((r) => r.ack), missing: results.length - push.length, ping: ping.latency, health: health.latency };
}

interface PushFigures { runs: ProbeRun[]; browser: number[] | null; paid: PaidCheck; horizon: HorizonReport }

async function onServer(server: BuyServer, probes: number): Promise<PushFigures> {
  const client = new HttpClient(server.url, CONCURRENT);
  const sockets: PushSocket[] = [];
  try {
    const shoppers = await signInShoppers(server, client, SHOPPERS);
    for (const shopper of shoppers) sockets.push(await PushSocket.open(server.url, shopper.token));
    const lines = roundRobin(await plainSkus(server.runtime.db, 20), 2 * probes + BROWSER_SAMPLES, 20);
    const forBrowser = await mapLimit(lines.slice(2 * probes), CONCURRENT, (line, i) => submit(client, shoppers[0], submitBody(shoppers[0], line, null), `browser-${i}`));
    const placed = await mapLimit(lines.slice(0, 2 * probes), CONCURRENT, async (line, i): Promise<Placed> => {
      const shopper = shoppers[i % shoppers.length];
      const pay = await submit(client, shopper, submitBody(shopper, line, null), `push-${i}`);
      await sockets[i % sockets.length].subscribe(`order:${pay.orderId}`);
      return { orderId: pay.orderId, paymentId: pay.paymentId, socket: sockets[i % sockets.length] };
    });
    progress(`push: ${placed.length} orders placed and subscribed`);
    const watch = watchHorizon(server.runtime.db);
    const runs = [
      await probeRun(server, client, sockets, placed.slice(0, probes), 1),
      await probeRun(server, client, sockets, placed.slice(probes), CONCURRENT),
    ];
    const notifications = await Promise.all(forBrowser.map((pay) => signedNotification(server, pay.paymentId)));
    const browser = await browserPushSamples(server, shoppers[0].token,
      forBrowser.map((pay, i) => ({ orderId: pay.orderId, notify: () => postNotification(client, notifications[i]) })));
    const horizon = await watch.stop();
    const paid = await untilOrdersPaid(server.runtime.db, [...placed.map((p) => p.orderId), ...forBrowser.map((p) => p.orderId)]);
    return { runs, browser, paid, horizon };
  } finally {
    for (const socket of sockets) socket.close();
    client.close();
  }
}

function browserRow(samples: number[]): string[] {
  const push = summarise(samples);
  const missing = BROWSER_SAMPLES - samples.length;
  return [`${fmtCount(BROWSER_SAMPLES)} (Chromium)`, '1', fmtLatency(push), fmtMs(push.max),
    verdict(missing === 0 && push.p95 <= TARGET_P95_MS, `p95 ≤ ${TARGET_P95_MS} ms`), '—', '—', '—', '—', fmtCount(missing)];
}

export async function pushBench(config: BenchConfig): Promise<Section> {
  const url = config.databaseUrl;
  if (!url) throw new Error('the push bench needs DATABASE_URL');
  const probes = scaled(config, 200);
  const f = await withBuyServer(url, 'push', (server) => onServer(server, probes));
  return {
    title: 'Payment callback → websocket push',
    tables: [{
      headers: ['probes', 'in flight', 'callback → push p50 / p95 / p99', 'max', 'target', 'callback → notify answered p50 / p95 / p99',
        'baseline: ws ping → pong p50 / p95 / p99', 'baseline: GET /api/health p50 / p95 / p99', 'push p95 vs health p95', 'pushes missing'],
      rows: f.runs.map((r) => {
        const push = summarise(r.push);
        return [`${fmtCount(r.push.length + r.missing)} (Node \`ws\`)`, String(r.inFlight), fmtLatency(push), fmtMs(push.max),
          verdict(r.missing === 0 && push.p95 <= TARGET_P95_MS, `p95 ≤ ${TARGET_P95_MS} ms`), fmtLatency(summarise(r.ack)),
          fmtLatency(r.ping), fmtLatency(r.health), fmtRatio(push.p95, r.health.p95), fmtCount(r.missing)];
      }).concat(f.browser ? [browserRow(f.browser)] : []),
    }],
    notes: [
      `Each probe pays one order placed beforehand (a buy-now by one of ${SHOPPERS} shoppers signed in by SMS code; one websocket per shopper, `
      + 'subscribed to the order\'s channel). The notification is built by the sandbox cashier (`payments.sandbox.confirm`, as its 确认支付 does) before t0; '
      + 't0 is taken just before the notify POST, t1 when the push is parsed on the socket. A push not seen within '
      + `${fmtMs(PUSH_TIMEOUT_MS)} counts as missing. The server pushes once the read models have the payment (waitFor), then answers the notify.`,
      'Baselines, measured just before each row with the same number of operations and in-flight count: `{op:\'ping\'}` → `{op:\'pong\'}` on the same '
      + 'sockets (the websocket floor), and `GET /api/health` (the store\'s head and every projection\'s checkpoint and lag: a few reads).',
      `Read model afterwards: ${fmtCount(f.paid.paid)} of ${fmtCount(f.paid.expected)} orders in state 2 (paid)${f.paid.others ? `; others: ${f.paid.others}` : ''}.`,
      f.browser
        ? `Chromium row: ${BROWSER_SAMPLES} orders of one shopper paid one at a time, the pushes received by headless Chromium's own WebSocket on a page of the `
          + 'server\'s origin speaking the storefront\'s protocol (push-browser.ts); wall-clock stamps on both sides, so its figures carry ~1 ms of clock granularity.'
        : `Chromium row skipped: ${CHROMIUM_PATH} not found.`,
      horizonNote('the probes', f.horizon),
    ],
  };
}
