/**
 * The promotion zones in Chromium against a real server (PGlite in memory, demo seed, web/dist served): from the
 * home page's flash-sale block, 更多 opens /rabatt for that activity with its products, limited-stock progress and a
 * ticking countdown; sorting by price reorders the grid; a product opens its detail page (spec §2, §4, §7).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { priceOf } from './browse.support';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const prices = async () => (await page.locator('.zone-page__grid .activity-product__price').allInnerTexts()).map(priceOf);
  /** The grid's prices once they equal `expected` (the reload after a sort click), or the last seen after 5 s. */
  const pricesBecome = async (expected: number[]) => {
    let seen = await prices();
    for (let waited = 0; waited < 5_000 && JSON.stringify(seen) !== JSON.stringify(expected); waited += 100) {
      await page.waitForTimeout(100);
      seen = await prices();
    }
    return seen;
  };

  beforeAll(async () => {
    server = await startTestServer();
    context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  describe('given a visitor following 更多 on the home page\'s flash-sale block', () => {
    beforeAll(async () => {
      await page.goto(`${server.url}/`, { waitUntil: 'commit' });
      const more = page.locator('[data-testid="activity-seckill"]').first().getByRole('link', { name: '更多' });
      await more.waitFor({ timeout: 15_000 });
      await more.click();
      await page.waitForURL(/\/rabatt\?shopId=\d+&id=\d+$/);
    }, 60_000);

    it('shows the activity\'s products with their limited-stock progress', async () => {
      const zone = page.locator('[data-testid="zone-seckill"]');
      await zone.locator('.zone-page__grid .activity-product').first().waitFor({ timeout: 10_000 });
      expect(await zone.locator('.zone-page__grid .activity-product').count()).toBeGreaterThan(0);
      const progress = zone.locator('[data-testid="stock-progress"]').first();
      await progress.waitFor();
      expect(await progress.innerText()).toMatch(/已抢\d+%/);
      expect(await zone.locator('.zone-header__shop').innerText()).not.toBe('');
    });

    it('counts down to the activity\'s end, ticking each second', async () => {
      const clock = page.locator('.zone-header [role="timer"]');
      const before = Number(await clock.getAttribute('data-remaining'));
      expect(before).toBeGreaterThan(0);
      await page.waitForTimeout(2_100);
      expect(Number(await clock.getAttribute('data-remaining'))).toBeLessThan(before);
    });

    it('sorts by price, lowest first, then highest first on a second click', async () => {
      const sortBar = page.getByRole('toolbar', { name: '排序' });
      const first = await prices();
      await sortBar.getByRole('button', { name: /价格/ }).click();
      const ascending = [...first].sort((a, b) => a - b);
      expect(await pricesBecome(ascending)).toEqual(ascending);
      await sortBar.getByRole('button', { name: /价格/ }).click();
      expect(await pricesBecome([...ascending].reverse())).toEqual([...ascending].reverse());
    });

    it('opens a product\'s detail page from the zone', async () => {
      await page.locator('.zone-page__grid .activity-product').first().click();
      await page.waitForURL(/\/productDetail\?proData=/);
    });
  });

  describe('given the whole visit', () => {
    it('logged no console errors', () => {
      expect(errors).toEqual([]);
    });
  });
}
