/** Helpers of the browse e2e suite: what each layout block shows once rendered, the mask's times, shown prices. */
import type { Page } from 'playwright-core';

/** A selector inside `section[data-block=<type>]` that exists only when the block rendered its content. */
export const blockSelectors: Record<string, string> = {
  banner: '.canvas-banner img',
  text: '.canvas-text__title',
  imageText: '.canvas-image-text img',
  brandList: '.canvas-brands__item img',
  categoryList: '.canvas-categories__item',
  imageTextList: '.canvas-cards__item',
  assistDiv: '.canvas-assist',
  imageTextNav: '.canvas-nav__item',
  productList: '[data-testid="product-card"]',
  videoBox: '.canvas-video__frame img',
  coupon: '[data-testid="coupon-ticket"]',
  custom: '.canvas-cube__cell img',
  shopHead: '.canvas-shop-header',
  shopHeader: '.canvas-shop-header',
  groupList: '[data-testid="activity-group"]',
  spikeList: '[data-testid="activity-seckill"]',
  discountList: '[data-testid="activity-discount"]',
};

/** The component types a layout shows: all but the fourth (spec §4), once each. */
export function visibleBlockTypes(layout: Array<{ type: string }>): string[] {
  return [...new Set(layout.filter((_, i) => i !== 3).map((c) => c.type))];
}

/** "¥3,999.00" → 3999. */
export const priceOf = (shown: string): number => Number(shown.replace(/[¥,\s]/g, ''));

interface MaskWindow extends Window {
  maskTimes?: { shown?: number; gone?: number; readyWhenGone?: string | null; size?: string };
}

/**
 * Init script: notes (page clock, ms) when the layout mask enters and leaves the document, so its duration is
 * measured where it happens rather than through the test's polling.
 */
export function recordMaskTimes(): void {
  const w = window as MaskWindow;
  w.maskTimes = {};
  new MutationObserver(() => {
    const times = w.maskTimes ?? {};
    const mask = document.querySelector('[data-testid="canvas-mask"]');
    const present = mask !== null;
    if (mask && times.shown === undefined) {
      times.shown = performance.now();
      const rect = mask.getBoundingClientRect();
      times.size = `${rect.left},${rect.top} ${rect.width}x${rect.height}`;
    }
    if (!present && times.shown !== undefined && times.gone === undefined) {
      times.gone = performance.now();
      times.readyWhenGone = document.querySelector('[data-testid="canvas"]')?.getAttribute('data-ready');
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Waits until the mask has come (however long the bundle takes to load and render: on a loaded CI machine that alone
 * can take seconds) and then gone (at most 10 s after it came): how long it stayed, whether every deferred block had
 * answered when it went (the layout's data-ready at that moment), and the box it covered when it came ("x,y WxH").
 * The mask's own duration is measured in the page, so the generous waits here cannot hide a mask that stays too long.
 */
export async function maskTimes(page: Page): Promise<{ shownMs: number; blocksReadyWhenGone: boolean; size: string }> {
  await page.waitForFunction(() => (window as MaskWindow).maskTimes?.shown !== undefined, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => (window as MaskWindow).maskTimes?.gone !== undefined, undefined, { timeout: 10_000 });
  return page.evaluate(() => {
    const times = (window as MaskWindow).maskTimes ?? {};
    return { shownMs: (times.gone ?? 0) - (times.shown ?? 0), blocksReadyWhenGone: times.readyWhenGone === 'true', size: times.size ?? '' };
  });
}
