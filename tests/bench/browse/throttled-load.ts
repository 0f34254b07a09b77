/**
 * One cold load of a page in Chromium behind emulated network conditions (CDP Network.emulateNetworkConditions on
 * the page's target, set before it navigates): bytes on the wire as Chromium counted them (encoded body + headers of
 * every finished response) and the largest contentful paint, with the same waits as cold-load.ts. `identity` asks
 * for every response uncompressed (`Accept-Encoding: identity`), the way the server answered everyone before it
 * compressed (issue 14 item 7).
 */
import type { Browser } from 'playwright-core';
import { MASK, OBSERVE_LCP, type Lcp } from './cold-load';

export interface NetworkProfile {
  name: string;
  /** Added to each request before its response headers arrive, ms (≈ one round trip). */
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
}

/** Fast 4G as issue 14 names it: 9 Mbit/s down, 1.5 Mbit/s up, 100 ms round trip. */
export const FAST_4G: NetworkProfile = { name: 'fast 4G', latencyMs: 100, downloadBitsPerSecond: 9_000_000, uploadBitsPerSecond: 1_500_000 };

export interface ThrottledLoad { lcp: Lcp | null; bytes: number; responses: number; encodings: string[] }

interface LcpWindow extends Window { benchLcp?: Lcp }

export async function throttledLoad(browser: Browser, url: string, profile: NetworkProfile, identity: boolean): Promise<ThrottledLoad> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 }, locale: 'zh-CN', ...(identity ? { extraHTTPHeaders: { 'accept-encoding': 'identity' } } : {}),
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: profile.downloadBitsPerSecond / 8,
      uploadThroughput: profile.uploadBitsPerSecond / 8,
    });
    let bytes = 0;
    let responses = 0;
    const encodings = new Set<string>();
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => pending.push((async () => {
      const response = await request.response();
      if (!response) return;
      const sizes = await request.sizes();
      responses += 1;
      bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      encodings.add(response.headers()['content-encoding'] ?? 'identity');
    })()));
    await page.addInitScript({ content: OBSERVE_LCP });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForFunction((mask) => document.querySelector(mask) === null, MASK, { timeout: 30_000 });
    await page.waitForTimeout(250);
    const lcp = await page.evaluate(() => (window as LcpWindow).benchLcp ?? null);
    await Promise.all(pending);
    return { lcp, bytes, responses, encodings: [...encodings].sort() };
  } finally {
    await context.close();
  }
}
