/**
 * Web home (issue 4 benchmarks): (a) the initial JS of the home route: every JS file headless Chromium fetched for
 * `/` until the load event, network idle and the layout mask gone, sized as gzip of the built files (target ≤ 250 kB);
 * (b) the home page's largest contentful paint over 5 cold loads (new context each), median and max, with the
 * element it picked. Baseline for both, in the same run and in turns with the home loads: the /login route; (c) bytes
 * and LCP of the home page behind a fast-4G network profile, served compressed against the same page uncompressed.
 * The storefront runs in this process on PGlite with the demo seed (browse/web-storefront.ts).
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import type { BenchConfig } from './bench-backends';
import { coldLoad, type ColdLoad } from './browse/cold-load';
import { scriptSizes, totalOf, type ScriptSize } from './browse/script-sizes';
import { FAST_4G, throttledLoad, type ThrottledLoad } from './browse/throttled-load';
import { startWebStorefront, WEB_DIST } from './browse/web-storefront';
import { wireBytes, type WireBytes, type WireKind } from './browse/wire-bytes';
import { fmtMs, fmtRatio, percentile, progress, verdict, type Section, type Table } from './stats';

const HOME = '/';
const BASELINE = '/login';
const LOADS = 5;
const TARGET_GZIP_BYTES = 250_000;
const BIGGEST = 6;
const THROTTLED_LOADS = 5;
const TARGET_THROTTLED_LCP_MS = 1500;

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

interface RouteLoads { route: string; loads: ColdLoad[]; scripts: ScriptSize[] }
interface Throttled { compressed: ThrottledLoad[]; identity: ThrottledLoad[] }
interface HomeRun { routes: RouteLoads[]; wire: { compressed: WireBytes; identity: WireBytes }; throttled: Throttled }

/** The home page behind fast 4G, compressed and uncompressed in turns, after one discarded load of each. */
async function throttledInTurns(browser: Browser, url: string): Promise<Throttled> {
  const kinds = [false, true];
  for (const identity of kinds) await throttledLoad(browser, `${url}${HOME}`, FAST_4G, identity);
  const throttled: Throttled = { compressed: [], identity: [] };
  for (let i = 0; i < THROTTLED_LOADS; i += 1) {
    for (const identity of kinds) throttled[identity ? 'identity' : 'compressed'].push(await throttledLoad(browser, `${url}${HOME}`, FAST_4G, identity));
    progress(`web-home: ${FAST_4G.name} load ${i + 1}/${THROTTLED_LOADS} of ${HOME} compressed and uncompressed`);
  }
  return throttled;
}

/** Home and baseline in turns, after one discarded load of each (browser start-up is no page's cost). */
async function loadInTurns(url: string): Promise<HomeRun> {
  const browser = await launchBrowser();
  if (!browser) throw new Error('Chromium not found');
  try {
    const routes = [HOME, BASELINE];
    for (const route of routes) await coldLoad(browser, `${url}${route}`);
    const loads = new Map(routes.map((route) => [route, [] as ColdLoad[]]));
    for (let i = 0; i < LOADS; i += 1) {
      for (const route of routes) loads.get(route)!.push(await coldLoad(browser, `${url}${route}`));
      progress(`web-home: cold load ${i + 1}/${LOADS} of ${routes.join(' and ')}`);
    }
    // after the timed loads, so they run as before; each wire load is cold too (new context)
    const wire = { compressed: await wireBytes(browser, `${url}${HOME}`, false), identity: await wireBytes(browser, `${url}${HOME}`, true) };
    const throttled = await throttledInTurns(browser, url);
    const measured = routes.map((route) => ({ route, loads: loads.get(route)!, scripts: scriptSizes(WEB_DIST, loads.get(route)![0].scripts) }));
    return { routes: measured, wire, throttled };
  } finally {
    await browser.close();
  }
}

function initialJsTable(home: RouteLoads, baseline: RouteLoads): Table {
  const row = (r: RouteLoads, target: string) =>
    [r.route, String(r.scripts.length), kB(totalOf(r.scripts, 'raw')), kB(totalOf(r.scripts, 'gzip')), target];
  const homeGzip = totalOf(home.scripts, 'gzip');
  return {
    headers: ['route', 'JS files', 'raw', 'gzip', 'target'],
    rows: [row(home, verdict(homeGzip <= TARGET_GZIP_BYTES, `≤ ${kB(TARGET_GZIP_BYTES)}`)), row(baseline, 'baseline'),
      ['ratio home / baseline (gzip)', '', '', fmtRatio(homeGzip, totalOf(baseline.scripts, 'gzip')), '']],
  };
}

function biggestTable(home: RouteLoads, baseline: RouteLoads): Table {
  const shared = new Set(baseline.scripts.map((s) => s.file));
  return {
    headers: [`biggest JS of ${HOME}`, 'raw', 'gzip', `also loaded by ${BASELINE}`],
    rows: home.scripts.slice(0, BIGGEST).map((s) => [s.file, kB(s.raw), kB(s.gzip), shared.has(s.file) ? 'yes' : 'no']),
  };
}

const WIRE_KINDS: WireKind[] = ['js', 'css', 'html', 'json', 'other'];

function wireTable({ compressed, identity }: HomeRun['wire']): Table {
  const cell = (w: WireBytes, kind: WireKind) => `${kB(w.byKind[kind].bytes)} (${w.byKind[kind].count})`;
  const total = (w: WireBytes) => WIRE_KINDS.reduce((sum, kind) => sum + w.byKind[kind].bytes, 0);
  return {
    headers: [`${HOME} cold load, bytes on the wire`, ...WIRE_KINDS, 'total', 'encodings answered'],
    rows: [
      [`Accept-Encoding: ${compressed.acceptEncoding}`, ...WIRE_KINDS.map((k) => cell(compressed, k)), kB(total(compressed)), compressed.encodings.join(' ')],
      ['Accept-Encoding: identity (uncompressed)', ...WIRE_KINDS.map((k) => cell(identity, k)), kB(total(identity)), identity.encodings.join(' ')],
      ['ratio compressed / uncompressed', ...WIRE_KINDS.map((k) => fmtRatio(compressed.byKind[k].bytes, identity.byKind[k].bytes)), fmtRatio(total(compressed), total(identity)), ''],
    ],
  };
}

function throttledTable({ compressed, identity }: Throttled): Table {
  const lcps = (loads: ThrottledLoad[]) => loads.flatMap((l) => (l.lcp ? [l.lcp.ms] : [])).sort((a, b) => a - b);
  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  const bytes = (loads: ThrottledLoad[]) => median(loads.map((l) => l.bytes));
  const row = (label: string, loads: ThrottledLoad[], target: string) => [
    label, `${lcps(loads).length} of ${loads.length}`, kB(bytes(loads)), fmtMs(percentile(lcps(loads), 50)), fmtMs(Math.max(...lcps(loads))),
    [...new Set(loads.flatMap((l) => l.encodings))].sort().join(' '), target,
  ];
  const compressedMedian = percentile(lcps(compressed), 50);
  return {
    headers: [`${HOME} behind ${FAST_4G.name}`, 'cold loads', 'bytes (median)', 'LCP median', 'LCP max', 'encodings answered', 'target'],
    rows: [
      row('compressed (as Chromium asks)', compressed, verdict(compressedMedian <= TARGET_THROTTLED_LCP_MS, `LCP ≤ ${fmtMs(TARGET_THROTTLED_LCP_MS)}`)),
      row('uncompressed (Accept-Encoding: identity)', identity, 'baseline'),
      ['ratio compressed / uncompressed', '', fmtRatio(bytes(compressed), bytes(identity)), fmtRatio(compressedMedian, percentile(lcps(identity), 50)), '', '', ''],
    ],
  };
}

const mostCommon = (items: string[]): string => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  const [item, count] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
  return counts.size > 1 ? `${item} (${count} of ${items.length})` : item;
};

function lcpTable(routes: RouteLoads[]): Table {
  const medianOf = (r: RouteLoads) => percentile(lcpTimes(r), 50);
  const baselineMedian = medianOf(routes[1]);
  return {
    headers: ['route', 'cold loads', 'LCP median', 'LCP max', 'ratio (median)', 'element LCP picked'],
    rows: routes.map((r) => [r.route, `${lcpTimes(r).length} of ${r.loads.length}`, fmtMs(medianOf(r)), fmtMs(Math.max(...lcpTimes(r))),
      r.route === BASELINE ? 'baseline' : fmtRatio(medianOf(r), baselineMedian),
      mostCommon(r.loads.map((l) => l.lcp?.element ?? 'no LCP entry'))]),
  };
}

const lcpTimes = (r: RouteLoads): number[] =>
  r.loads.flatMap((l) => (l.lcp ? [l.lcp.ms] : [])).sort((a, b) => a - b);

/** Loads whose JS files differ from the first load's (lazy chunks that arrive only sometimes). */
const scriptDrift = (r: RouteLoads): number =>
  r.loads.filter((l) => [...l.scripts].sort().join() !== [...r.loads[0].scripts].sort().join()).length;

export async function webHomeBench(_config: BenchConfig): Promise<Section> {
  const server = await startWebStorefront();
  let run: HomeRun;
  try {
    run = await loadInTurns(server.url);
  } finally {
    await server.close();
  }
  const { routes } = run;
  const [home, baseline] = routes;
  const drift = routes.map((r) => `${r.route} ${scriptDrift(r)}`).join(', ');
  return {
    title: '8. Web home: initial JS and LCP in headless Chromium vs /login',
    tables: [initialJsTable(home, baseline), biggestTable(home, baseline), lcpTable(routes), wireTable(run.wire), throttledTable(run.throttled)],
    notes: [
      `Initial JS: every .js response of the first measured cold load, until the load event, network idle (500 ms without requests) and the `
      + 'home layout mask gone; sizes of the same files in web/dist, gzip at zlib level 6 (kB = 1,000 bytes). '
      + `Loads whose JS set differed from the first one's: ${drift}.`,
      `LCP: the last largest-contentful-paint entry (buffered PerformanceObserver, installed before the page's scripts) after the same `
      + `waits plus 250 ms; ${LOADS} cold loads per route (new browser context each: empty cache), home and /login in turns, after one `
      + 'discarded load of each. Viewport 1366×900, Debian Chromium headless (--disable-gpu), server on loopback: no network latency.',
      'Server: the storefront in this process on PGlite in memory with the demo seed, projections caught up before the first load; '
      + 'it serves the build precompressed (brotli or gzip by Accept-Encoding) and JSON over 1 kB compressed on the fly.',
      'Bytes on the wire: one more cold load of the home page as Chromium asks and one with `Accept-Encoding: identity` (what every '
      + 'client got before compression), in the same run; each response counted as Chromium saw it (encoded body + headers), '
      + 'grouped by kind (response count in brackets), until the load event and network idle. The lazy images (other) and '
      + 'a late JSON call may fall before or after that point, so compare those kinds only where the counts agree.',
      `Behind ${FAST_4G.name}: Chromium's own network emulation (CDP Network.emulateNetworkConditions on the page, before it `
      + `navigates): ${FAST_4G.downloadBitsPerSecond / 1e6} Mbit/s down, ${FAST_4G.uploadBitsPerSecond / 1e6} Mbit/s up, ${FAST_4G.latencyMs} ms `
      + `added to every request (one round trip); no CPU slowdown. ${THROTTLED_LOADS} cold loads of the home page served compressed `
      + 'and as many with `Accept-Encoding: identity` (uncompressed), in turns after one discarded load of each, in the same run; '
      + 'bytes = every response Chromium finished until the load event, network idle and the mask gone (encoded body + headers); '
      + 'LCP with the same waits as above.',
    ],
  };
}
