/**
 * One cold load of a storefront page in Chromium: a new browser context (empty cache, no cookies), the page opened
 * until its load event and network idle, and until the home layout's loading mask is gone. Hands back the paths of
 * every JS file fetched and the page's largest contentful paint: the last `largest-contentful-paint` entry (a
 * buffered PerformanceObserver installed before any page script), with a description of its element.
 */
import type { Browser } from 'playwright-core';

export interface Lcp { ms: number; element: string }
export interface ColdLoad { scripts: string[]; lcp: Lcp | null }

interface LcpWindow extends Window { benchLcp?: Lcp }

/**
 * Runs in the page before its scripts; describes the element when the entry arrives (it may leave the DOM later).
 * A string, not a function: tsx would wrap a function's inner closures in a `__name` helper the page lacks.
 */
export const OBSERVE_LCP = `{
  const describe = (element) => {
    if (!element) return '(no element)';
    const cls = typeof element.className === 'string' && element.className.trim() ? '.' + element.className.trim().split(/\\s+/)[0] : '';
    const isImage = element instanceof HTMLImageElement;
    const src = isImage ? ' src=' + new URL(element.currentSrc || element.src).pathname.slice(0, 40) : '';
    const text = isImage ? '' : ' "' + (element.textContent || '').trim().slice(0, 20) + '"';
    return element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + cls + src + text;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLcp = { ms: entry.startTime, element: describe(entry.element) };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}`;

export const MASK = '[data-testid="canvas-mask"]';

export async function coldLoad(browser: Browser, url: string): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.addInitScript({ content: OBSERVE_LCP });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction((mask) => document.querySelector(mask) === null, MASK, { timeout: 30_000 });
    // the entry of the last paint arrives in a task after that paint
    await page.waitForTimeout(250);
    const lcp = await page.evaluate(() => (window as LcpWindow).benchLcp ?? null);
    return { scripts: [...new Set(scripts)], lcp };
  } finally {
    await context.close();
  }
}
