/**
 * Issue 14's cluster benchmarks, `cluster`: the real local cluster of infra/cluster (HAProxy in front of API
 * instances with PROJECTIONS=external, a projection worker, PostgreSQL, a Kafka broker), started by start.sh and
 * stopped by stop.sh whatever happens (cluster/bench-cluster.ts). Two shapes run side by side, each on a fresh
 * database: A = 1 API instance + 1 worker (proxy 3200, instance 3201, Kafka 3208), B = 2 API instances + 1 worker
 * (proxy 3210, instances 3211-3212, Kafka 3218).
 * 1. Checkout (cluster/cluster-checkout.ts: the Buy bench's settle → submit → pay → sandbox confirm at 16 workers)
 *    through the proxy and direct at the instances' ports, on both shapes, the four loads taking turns round by
 *    round (so the machine's other work falls on all of them alike): orders/s and p95, B against A, proxy against direct.
 * 2. Callback → push across instances (cluster/cluster-push.ts) on B, once A is stopped: the socket on instance 2,
 *    the callback on instance 1, against the socket on instance 1 (target p95 ≤ 300 ms).
 * Skipped with its reason without DATABASE_URL, haproxy or Java (the broker).
 */
import type { BenchConfig } from './bench-backends';
import { startBenchCluster, type BenchCluster, type ClusterShape } from './cluster/bench-cluster';
import { checkoutRig, PATHS, ROUNDS, WORKERS, type CheckoutRig, type Path, type PathFigures } from './cluster/cluster-checkout';
import { BROWSER_SAMPLES, clusterPush, PUSH_TIMEOUT_MS, type PushFigures, type Where } from './cluster/cluster-push';
import {
  fmtCount, fmtLatency, fmtMs, fmtRate, fmtRatio, progress, summarise, verdict, type LatencySummary, type Section, type Table,
} from './stats';

const TARGET_P95_MS = 300;

/** Orders/s with a decimal: a loaded machine checks out a few a second. */
const fmtOrders = (n: number): string => (Number.isFinite(n) && n < 100 ? `${n.toFixed(1)}/s` : fmtRate(n));
/** A signed difference of latencies ("+22.4 ms", "−248 ms"). */
const fmtDelta = (n: number): string => (Number.isFinite(n) ? `${n < 0 ? '−' : '+'}${fmtMs(Math.abs(n))}` : 'n/a');
const scaling = (ratio: number): string =>
  (ratio >= 1.5 ? 'scales' : ratio >= 1.1 ? 'scales partly' : ratio >= 0.9 ? 'no gain' : 'slower');

export const SHAPES: readonly ClusterShape[] = [
  { label: 'a', instances: 1, workers: 1, port: 3200, kafkaPort: 3208 },
  { label: 'b', instances: 2, workers: 1, port: 3210, kafkaPort: 3218 },
];

const shapeName = (s: ClusterShape) => `${s.instances} API instance${s.instances > 1 ? 's' : ''} + ${s.workers} worker`;
const pathName = (s: ClusterShape, path: Path) => (path === 'proxy'
  ? `through HAProxy :${s.port}`
  : `direct :${Array.from({ length: s.instances }, (_, i) => s.port + i + 1).join('/')}`);

interface ShapeFigures { shape: ClusterShape; startSeconds: number; warmErrors: Map<string, number>; paths: Record<Path, PathFigures>; paid: { paid: number; expected: number; others: string } }

const orderRate = (f: PathFigures) => (f.checkout.timings.length * 1000) / f.checkout.ms;
const checkoutLatency = (f: PathFigures): LatencySummary => summarise(f.checkout.timings.map((t) => t.total));
const errorCount = (f: PathFigures) => [...f.checkout.errors.values()].reduce((a, b) => a + b, 0);

export async function clusterBench(config: BenchConfig): Promise<Section> {
  const url = config.databaseUrl;
  if (!url) throw new Error('the cluster bench needs DATABASE_URL');
  const clusters: BenchCluster[] = [];
  const rigs: CheckoutRig[] = [];
  try {
    for (const shape of SHAPES) clusters.push(await startBenchCluster(url, shape));
    for (const cluster of clusters) rigs.push(await checkoutRig(config, cluster));
    // the four loads in turns, their order rotated each round
    for (let round = 0; round < ROUNDS; round += 1) {
      const turns = rigs.flatMap((rig) => PATHS.map((path) => ({ rig, path })));
      for (let k = 0; k < turns.length; k += 1) {
        const { rig, path } = turns[(k + round) % turns.length];
        await rig.round(path, round);
      }
    }
    const shapes: ShapeFigures[] = [];
    for (const rig of rigs) shapes.push({ shape: rig.cluster.shape, startSeconds: rig.cluster.startSeconds, warmErrors: rig.warmErrors, ...(await rig.figures()) });
    const two = rigs[rigs.length - 1];
    // the push is B's figure: the other shape's instances, worker and broker would otherwise idle beside it on the
    // same cores (an idle 1 + 1 cluster keeps about a third of this machine's 2 cores busy)
    for (const rig of rigs) if (rig !== two) await rig.cluster.stop();
    progress('cluster: callback → push across instances');
    const push = await clusterPush(config, two.cluster, two.shoppers);
    return section(shapes, push, two.perRound);
  } finally {
    for (const rig of rigs) rig.close();
    for (const cluster of clusters.reverse()) await cluster.stop();
  }
}

function checkoutTable(shapes: readonly ShapeFigures[]): Table {
  const base = shapes[0].paths.proxy;
  return {
    headers: ['shape', 'path', 'completed', 'orders/s', 'vs 1 instance through proxy', 'checkout p50 / p95 / p99', 'p95 vs 1 instance through proxy', 'errors'],
    rows: shapes.flatMap((s) => PATHS.map((path) => {
      const f = s.paths[path];
      return [shapeName(s.shape), pathName(s.shape, path), fmtCount(f.checkout.timings.length), fmtOrders(orderRate(f)), fmtRatio(orderRate(f), orderRate(base)),
        fmtLatency(checkoutLatency(f)), fmtRatio(checkoutLatency(f).p95, checkoutLatency(base).p95), fmtCount(errorCount(f))];
    })),
  };
}

function hopTable(shapes: readonly ShapeFigures[]): Table {
  return {
    headers: ['shape', 'checkout orders/s: proxy ÷ direct', 'checkout p95: proxy − direct', 'GET /api/health/live through proxy p50 / p95 / p99',
      'GET /api/health/live direct p50 / p95 / p99', 'health/live p50: proxy − direct', 'health/live req/s: proxy ÷ direct'],
    rows: shapes.map((s) => {
      const { proxy, direct } = s.paths;
      return [shapeName(s.shape), fmtRatio(orderRate(proxy), orderRate(direct)), fmtDelta(checkoutLatency(proxy).p95 - checkoutLatency(direct).p95),
        fmtLatency(proxy.live.latency), fmtLatency(direct.live.latency), fmtDelta(proxy.live.latency.p50 - direct.live.latency.p50),
        fmtRatio(proxy.live.rate, direct.live.rate)];
    }),
  };
}

const whereCells = (where: Where): string[] => (where === 'cross' ? ['instance 2', 'instance 1 (the other)'] : ['instance 1', 'instance 1 (the same)']);

function pushTable(push: PushFigures): Table {
  const p95Of = (inFlight: number | 'browser', where: Where) => {
    if (inFlight === 'browser') return summarise(push.browser?.find((b) => b.where === where)?.samples ?? []).p95;
    return summarise(push.rows.find((r) => r.inFlight === inFlight && r.where === where)?.push ?? []).p95;
  };
  const rows = push.rows.map((r) => {
    const s = summarise(r.push);
    return [`Node \`ws\` ×${r.inFlight}`, ...whereCells(r.where), fmtCount(r.push.length + r.missing), fmtLatency(s), fmtMs(s.max),
      verdict(r.missing === 0 && s.p95 <= TARGET_P95_MS, `p95 ≤ ${TARGET_P95_MS} ms`), fmtLatency(summarise(r.ack)),
      fmtLatency(summarise(r.afterAck)), fmtLatency(r.ping),
      r.where === 'cross' ? fmtRatio(s.p95, p95Of(r.inFlight, 'same')) : '1.00×', fmtCount(r.missing + r.failed)];
  });
  for (const b of push.browser ?? []) {
    const s = summarise(b.samples);
    const missing = BROWSER_SAMPLES - b.samples.length;
    rows.push(['Chromium ×1', ...whereCells(b.where), fmtCount(BROWSER_SAMPLES), fmtLatency(s), fmtMs(s.max),
      verdict(missing === 0 && s.p95 <= TARGET_P95_MS, `p95 ≤ ${TARGET_P95_MS} ms`), '—', '—', '—',
      b.where === 'cross' ? fmtRatio(s.p95, p95Of('browser', 'same')) : '1.00×', fmtCount(missing)]);
  }
  return {
    headers: ['client', 'socket on', 'callback on', 'probes', 'callback → push p50 / p95 / p99', 'max', 'target', 'confirm answered p50 / p95 / p99',
      'push after the answer p50 / p95 / p99', 'ws ping → pong p50 / p95 / p99', 'p95 vs same instance', 'missing or failed'],
    rows,
  };
}

function section(shapes: readonly ShapeFigures[], push: PushFigures, perRound: number): Section {
  const [a, b] = shapes;
  const ratio = orderRate(b.paths.proxy) / orderRate(a.paths.proxy);
  const errors = shapes.flatMap((s) => [
    ...PATHS.flatMap((path) => [...s.paths[path].checkout.errors].map(([k, n]) => `${s.shape.label}/${path}: ${k} ×${n}`)),
    ...[...s.warmErrors].map(([k, n]) => `${s.shape.label}/${k} ×${n}`),
  ]);
  return {
    title: '11. Cluster: checkout through the proxy, 1 vs 2 API instances; callback → push across instances (infra/cluster, PostgreSQL, Kafka, HAProxy)',
    tables: [checkoutTable(shapes), hopTable(shapes), pushTable(push)],
    notes: [
      `Two clusters started by infra/cluster/start.sh side by side, each on a fresh database with the demo seed and a Kafka broker of its own: `
      + `${shapes.map((s) => `${shapeName(s.shape)} behind HAProxy :${s.shape.port} (ready in ${s.startSeconds.toFixed(0)} s)`).join('; ')}. `
      + 'API instances run PROJECTIONS=external; the worker applies the read models from Kafka. Load generator, HAProxy, instances, workers, brokers '
      + `and PostgreSQL share this machine's cores (see the hardware table), so a second instance competes for the same CPUs as the first.`,
      `Checkout: the Buy bench's checkout (settle → submit → pay → POST /pay/sandbox/:id/confirm) at ${WORKERS} workers with keep-alive, by 64 shoppers `
      + `signed in by SMS code through the proxy; ${ROUNDS} rounds of ${fmtCount(perRound)} checkouts per shape and path, the four loads taking turns `
      + '(order rotated each round), each after 400 GET /api/health/live by the same path; 32 warm-up checkouts per shape and path. '
      + 'Direct: worker w talks to instance w mod N + 1 on its own port (the spread the proxy gives, without the hop).',
      `2 instances + worker vs 1 instance + worker, both through the proxy: ${fmtRatio(orderRate(b.paths.proxy), orderRate(a.paths.proxy))} the orders/s `
      + `(${scaling(ratio)}: on this machine the instances, the worker, PostgreSQL and the load generator share the same cores).`,
      `Read models afterwards: ${shapes.map((s) => `${shapeName(s.shape)}: ${fmtCount(s.paid.paid)} of ${fmtCount(s.paid.expected)} orders paid${s.paid.others ? ` (others: ${s.paid.others})` : ''}`).join('; ')}; `
      + `push orders: ${fmtCount(push.paid.paid)} of ${fmtCount(push.paid.expected)} paid${push.paid.others ? ` (others: ${push.paid.others})` : ''}.`,
      ...(errors.length > 0 ? [`Checkout errors (a = 1 instance, b = 2 instances): ${errors.join('; ')}.${errors.some((e) => e.includes(' 503 ')) ? ' A 503 on settle is read-your-writes '
        + 'refusing to decide (services/api/read-your-writes.ts): the shopper\'s previous write was not in the worker\'s read models within '
        + 'READ_YOUR_WRITES_TIMEOUT_MS (2 s), i.e. the projection worker ran that far behind the instances.' : ''}`] : []),
      'Push: on the 2-instance cluster, alone on the machine (the 1-instance cluster is stopped after the checkout rounds), each of 20 shoppers holds a websocket on instance 1 and one on instance 2; every probe pays one order placed '
      + 'beforehand with POST /pay/sandbox/:id/confirm sent straight to instance 1 (the cashier signs the notification and hands it to that instance\'s '
      + 'notify route), t0 just before that POST, t1 when the order channel\'s SUCCESS push is parsed on the socket subscribed to it: on instance 2 '
      + '(the other one: its push comes from its own reading of the log) or on instance 1 (the baseline). Cross and same take turns in halves; '
      + `ws ping → pong is measured on the row's sockets just before each half. A push not seen within ${fmtMs(PUSH_TIMEOUT_MS)} counts as missing. `
      + '"push after the answer" is t1 minus the moment the confirm POST was answered, probe by probe: what the push takes beyond the callback\'s own '
      + 'handling (append, the read models the instance waits for, the answer).',
      push.browser
        ? `Chromium rows: ${BROWSER_SAMPLES} orders of one shopper each, paid one at a time on instance 1, the pushes received by headless Chromium's own `
          + 'WebSocket on a page of the socket\'s instance (buy/push-browser.ts); wall-clock stamps on both sides.'
        : 'Chromium rows skipped: /usr/bin/chromium not found.',
      'The machine is shared with other sessions\' work during the run: compare the ratios, and the load average printed at the end.',
    ],
  };
}
