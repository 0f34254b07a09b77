/**
 * Callback → push across instances, on the 2-instance cluster: each shopper keeps one websocket on instance 1 and
 * one on instance 2 (buy/push-socket.ts, the storefront's protocol). Orders are placed beforehand (buy-now through
 * the proxy); every probe pays one with the sandbox cashier's 确认支付 sent straight to instance 1
 * (`POST /pay/sandbox/:id/confirm`: the cashier signs and encrypts the notification WeChat would send and hands it to
 * that instance's own notify route), so the callback is handled on instance 1. t0 just before the confirm POST,
 * t1 when the `order:<id>` push with code SUCCESS is parsed on the subscribed socket:
 * - cross: the order's channel subscribed on instance 2 (the push must come from instance 2's reading of the log);
 * - same (the baseline): subscribed on instance 1, where the callback lands.
 * Cross and same take turns in halves, one at a time and then 16 in flight; then, when Chromium is installed, 20
 * pushes of each received by the browser's own WebSocket (buy/push-browser.ts on a page of the socket's instance).
 */
import { CHROMIUM_PATH, chromiumPresent } from '../../support/browser';
import { scaled, type BenchConfig } from '../bench-backends';
import type { BuyServer } from '../buy/buy-server';
import { confirmOnSandbox, submit, submitBody } from '../buy/checkout-flow';
import { plainSkus, roundRobin } from '../buy/demo-skus';
import { HttpClient, mapLimit } from '../buy/http-client';
import { browserPushSamples } from '../buy/push-browser';
import { PushSocket } from '../buy/push-socket';
import type { Shopper } from '../buy/shoppers';
import { fmtLatency, now, progress, runLoad, summarise, type LatencySummary } from '../stats';
import type { BenchCluster } from './bench-cluster';
import { untilPaid, type PaidCheck } from './paid-orders';

export const PUSH_TIMEOUT_MS = 5000;
export const BROWSER_SAMPLES = 20;
const SHOPPERS = 20;
const IN_FLIGHT = [1, 16] as const;
const MIN_STOCK = 30;

export type Where = 'cross' | 'same';
export const WHERES: readonly Where[] = ['cross', 'same'];

interface Placed { orderId: number; paymentId: string; socket: PushSocket }

export interface PushRow { where: Where; inFlight: number; push: number[]; ack: number[]; afterAck: number[]; missing: number; failed: number; ping: LatencySummary }
export interface BrowserRow { where: Where; samples: number[] }
export interface PushFigures { rows: PushRow[]; browser: BrowserRow[] | null; paid: PaidCheck }

export async function clusterPush(config: BenchConfig, cluster: BenchCluster, signedIn: readonly Shopper[]): Promise<PushFigures> {
  const probes = scaled(config, 100);
  const shoppers = signedIn.slice(0, SHOPPERS);
  const proxy = new HttpClient(cluster.url, 16);
  const api1 = new HttpClient(cluster.instanceUrl(1), 16);
  const sockets: Record<Where, PushSocket[]> = { cross: [], same: [] };
  try {
    for (const shopper of shoppers) {
      sockets.cross.push(await PushSocket.open(cluster.instanceUrl(2), shopper.token));
      sockets.same.push(await PushSocket.open(cluster.instanceUrl(1), shopper.token));
    }
    const wantBrowser = chromiumPresent();
    const count = WHERES.length * IN_FLIGHT.length * probes;
    const lines = roundRobin(await plainSkus(cluster.fresh.db, MIN_STOCK), count + (wantBrowser ? WHERES.length * BROWSER_SAMPLES : 0), MIN_STOCK);
    const placed = await mapLimit(lines.slice(0, count), 16, async (line, i): Promise<Placed> => {
      const shopper = shoppers[i % shoppers.length];
      const where = WHERES[Math.floor(i / probes) % WHERES.length];
      const pay = await submit(proxy, shopper, submitBody(shopper, line, null), `push-${i}`);
      const socket = sockets[where][i % shoppers.length];
      await socket.subscribe(`order:${pay.orderId}`);
      return { orderId: pay.orderId, paymentId: pay.paymentId, socket };
    });
    progress(`cluster push: ${placed.length} orders placed and subscribed`);

    const probe = async (p: Placed): Promise<{ push: number | null; ack: number | null }> => {
      const pushed = p.socket.paidPush(p.orderId, PUSH_TIMEOUT_MS).catch(() => null);
      const t0 = now();
      try {
        await confirmOnSandbox(api1, p.paymentId);
      } catch {
        return { push: null, ack: null };
      }
      const ack = now() - t0;
      const at = await pushed;
      return { push: at === null ? null : at - t0, ack };
    };
    const rows: PushRow[] = [];
    let next = 0;
    for (const inFlight of IN_FLIGHT) {
      const of: Record<Where, Placed[]> = { cross: placed.slice(next, next + probes), same: placed.slice(next + probes, next + 2 * probes) };
      next += 2 * probes;
      const empty = (where: Where): PushRow => ({ where, inFlight, push: [], ack: [], afterAck: [], missing: 0, failed: 0, ping: summarise([]) });
      const acc: Record<Where, PushRow> = { cross: empty('cross'), same: empty('same') };
      const pings: Record<Where, number[]> = { cross: [], same: [] };
      const half = Math.ceil(probes / 2);
      for (const part of [0, 1]) {
        for (const where of part === 0 ? WHERES : [...WHERES].reverse()) {
          const batch = of[where].slice(part * half, (part + 1) * half);
          const ping = await runLoad(batch.length, inFlight, async (worker) => { await sockets[where][worker % shoppers.length].ping(); });
          pings[where].push(...ping.samples);
          for (const r of await mapLimit(batch, inFlight, probe)) {
            if (r.ack === null) acc[where].failed += 1;
            else acc[where].ack.push(r.ack);
            if (r.push === null) acc[where].missing += 1;
            else acc[where].push.push(r.push);
            if (r.push !== null && r.ack !== null) acc[where].afterAck.push(r.push - r.ack);
          }
        }
      }
      for (const where of WHERES) {
        acc[where].ping = summarise(pings[where]);
        rows.push(acc[where]);
        progress(`cluster push ×${inFlight} ${where}: callback → push ${fmtLatency(summarise(acc[where].push))}`);
      }
    }

    let browser: BrowserRow[] | null = null;
    const browserOrders: number[] = [];
    if (wantBrowser) {
      browser = [];
      const shopper = shoppers[0];
      for (const [w, where] of WHERES.entries()) {
        const mine = lines.slice(count + w * BROWSER_SAMPLES, count + (w + 1) * BROWSER_SAMPLES);
        const pays = await mapLimit(mine, 16, (line, i) => submit(proxy, shopper, submitBody(shopper, line, null), `browser-${where}-${i}`));
        browserOrders.push(...pays.map((p) => p.orderId));
        const socketInstance = where === 'cross' ? 2 : 1;
        // push-browser.ts opens a page of the server's origin (any answer will do) and the socket there
        const origin = { url: cluster.instanceUrl(socketInstance) } as BuyServer;
        const samples = await browserPushSamples(origin, shopper.token,
          pays.map((pay) => ({ orderId: pay.orderId, notify: () => confirmOnSandbox(api1, pay.paymentId) })));
        browser.push({ where, samples: samples ?? [] });
        progress(`cluster push Chromium ${where}: callback → push ${fmtLatency(summarise(samples ?? []))}`);
      }
    } else {
      progress(`cluster push: Chromium rows skipped (${CHROMIUM_PATH} not found)`);
    }
    const paid = await untilPaid(cluster.fresh.db, [...placed.map((p) => p.orderId), ...browserOrders], 30_000);
    return { rows, browser, paid };
  } finally {
    for (const socket of [...sockets.cross, ...sockets.same]) socket.close();
    proxy.close();
    api1.close();
  }
}
