/**
 * Bytes a cold load of a page moves over the wire, per kind of response: Chromium's own count of each response's
 * encoded body and headers (Playwright request.sizes()), so a compressed answer counts as what was sent. Loaded once
 * as the browser asks (its usual Accept-Encoding) and once with `Accept-Encoding: identity`, which is what the
 * server answered to everyone before it compressed (issue 14 item 7).
 */
import type { Browser, Request } from 'playwright-core';

export type WireKind = 'js' | 'css' | 'html' | 'json' | 'other';
export interface WireBytes { acceptEncoding: string; byKind: Record<WireKind, { count: number; bytes: number }>; encodings: string[] }

const kindOf = (pathname: string, contentType: string): WireKind => {
  if (pathname.endsWith('.js')) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  if (contentType.includes('text/html')) return 'html';
  if (contentType.includes('application/json')) return 'json';
  return 'other';
};

export async function wireBytes(browser: Browser, url: string, identity: boolean): Promise<WireBytes> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 }, locale: 'zh-CN', ...(identity ? { extraHTTPHeaders: { 'accept-encoding': 'identity' } } : {}),
  });
  const byKind: WireBytes['byKind'] = { js: { count: 0, bytes: 0 }, css: { count: 0, bytes: 0 }, html: { count: 0, bytes: 0 }, json: { count: 0, bytes: 0 }, other: { count: 0, bytes: 0 } };
  const encodings = new Set<string>();
  let acceptEncoding = '';
  try {
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const onFinished = (request: Request) => pending.push((async () => {
      const response = await request.response();
      if (!response) return;
      const sizes = await request.sizes();
      const headers = await request.allHeaders();
      if (request.isNavigationRequest()) acceptEncoding = headers['accept-encoding'] ?? '(none)';
      const kind = kindOf(new URL(request.url()).pathname, response.headers()['content-type'] ?? '');
      byKind[kind].count += 1;
      byKind[kind].bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      encodings.add(response.headers()['content-encoding'] ?? 'identity');
    })());
    page.on('requestfinished', onFinished);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // every response counted before the context closes: also those that finished while the earlier ones were read
    // (one read after the close crashed a whole bench run with an unhandled rejection)
    for (let counted = 0; counted < pending.length;) {
      const reading = pending.slice(counted);
      counted = pending.length;
      await Promise.all(reading);
    }
    page.off('requestfinished', onFinished);
    return { acceptEncoding, byKind, encodings: [...encodings].sort() };
  } finally {
    await context.close();
  }
}
