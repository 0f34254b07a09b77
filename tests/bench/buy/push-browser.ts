/**
 * A few callback → push samples seen by headless Chromium (tests/support/browser.ts): a page on the server's origin
 * opens the browser's own WebSocket with the storefront's protocol (web/src/lib/realtime.ts: `/ws?token=…`, `ready`,
 * `subscribe`) and stamps each payment-success push on arrival. Both sides stamp wall-clock time
 * (`performance.timeOrigin + performance.now()`), the same clock on this machine. Null when Chromium is absent.
 */
import { launchBrowser } from '../../support/browser';
import { NOOP_PATH, type BuyServer } from './buy-server';

declare global {
  interface Window { benchArrivals: Record<string, number>; benchSubscribed: Set<string> }
}

const wallClock = (): number => performance.timeOrigin + performance.now();

export interface BrowserOrder { orderId: number; notify: () => Promise<void> }

/** Latencies (ms) of the pushes of `orders`, paid one at a time by `notify`; a push missing after 5 s is left out. */
export async function browserPushSamples(server: BuyServer, token: string, orders: readonly BrowserOrder[]): Promise<number[] | null> {
  const browser = await launchBrowser();
  if (!browser) return null;
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}${NOOP_PATH}`);
    await page.evaluate(async ({ token, channels }) => {
      window.benchArrivals = {};
      window.benchSubscribed = new Set();
      const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`);
      await new Promise<void>((resolve, reject) => {
        ws.onmessage = (event) => {
          const at = performance.timeOrigin + performance.now();
          const message = JSON.parse(String(event.data)) as { op: string; channel?: string; payload?: { code?: string } };
          if (message.op === 'ready') for (const channel of channels) ws.send(JSON.stringify({ op: 'subscribe', channel }));
          if (message.op === 'subscribed' && message.channel) window.benchSubscribed.add(message.channel);
          if (message.op === 'event' && message.channel && message.payload?.code === 'SUCCESS') window.benchArrivals[message.channel] ??= at;
          if (window.benchSubscribed.size === channels.length) resolve();
        };
        ws.onerror = () => reject(new Error('websocket failed'));
      });
    }, { token, channels: orders.map((o) => `order:${o.orderId}`) });
    const samples: number[] = [];
    for (const order of orders) {
      const t0 = wallClock();
      await order.notify();
      const channel = `order:${order.orderId}`;
      const arrived = await page.waitForFunction((c) => window.benchArrivals[c], channel, { timeout: 5000 }).then((h) => h.jsonValue(), () => null);
      if (typeof arrived === 'number') samples.push(arrived - t0);
    }
    return samples;
  } finally {
    await browser.close();
  }
}
