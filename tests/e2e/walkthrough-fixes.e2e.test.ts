/**
 * What the issue 12 walkthrough found, in Chromium against a real server (PGlite in memory, demo catalogue seeded):
 * the anonymous 新人专享 popup leaves the header's search type picker usable, an unknown category shows its empty text
 * (not the network-failure view), a shop page shows its navigation and banner once, and a flash sale's per-person
 * limit is refused at the product page's and the cart's quantity steppers with 已超出最大限制购买数量.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { productDetailHref } from '../../web/src/lib/catalog-ui/links';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { register } from './buy.support';

/** Demo catalogue: 鲜果整点秒杀 (running, 2 per person) sells this SKU of shop 9. */
const FLASH_SALE = { productId: 5001, skuId: 500101, shopId: 9 };
const OVER_LIMIT = '已超出最大限制购买数量';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  /**
   * Whether the page shows, at the centre of `selector`'s box, the element itself rather than something on top of it,
   * within 10 s: the popup's opening animation grows it from larger, which a loaded machine draws slowly, so the check
   * is of the popup at rest (one that covers the element there never lets this become true).
   */
  const reachable = (selector: string) => page.waitForFunction((s) => {
    const element = document.querySelector(s);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  }, selector, { timeout: 10_000 }).then(() => true, () => false);

  describe('given an anonymous visitor on a page with the header', () => {
    it('sees the 新人专享 popup without it covering the search type picker, and can switch to 店铺', async () => {
      await page.goto(`${server.url}/search?keyword=${encodeURIComponent('奶瓶')}`);
      await page.getByRole('dialog', { name: '新人专享' }).waitFor();
      expect(await reachable('.search-type__current')).toBe(true);
      expect(await reachable('.search-box input')).toBe(true);
      await page.getByRole('combobox', { name: /搜索类型|类型/ }).click();
      await page.getByRole('option', { name: '店铺' }).click();
      await page.getByRole('combobox', { name: /搜索类型|类型/ }).filter({ hasText: '店铺' }).waitFor();
      expect(await page.getByRole('dialog', { name: '新人专享' }).isVisible()).toBe(true);
    });
  });

  describe('given a category id nobody knows', () => {
    it('shows 该分类没有商品～, not the network-failure view', async () => {
      await page.goto(`${server.url}/categoryProduct/987654?name=${encodeURIComponent('不存在')}`);
      await page.getByTestId('listing-empty').filter({ hasText: '该分类没有商品～' }).waitFor();
      expect(await page.getByTestId('listing-offline').count()).toBe(0);
    });
  });

  describe('given a shop page', () => {
    it('shows the shop navigation once and its banner once', async () => {
      await page.goto(`${server.url}/store?shopId=15`);
      await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor({ timeout: 15_000 });
      expect(await page.getByText('店铺首页', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('tab', { name: '店铺首页' }).count()).toBe(1);
      expect(await page.locator('.canvas-banner').count()).toBe(1);
    });
  });

  describe('given a shopper on a flash-sale product limited to 2 per person', () => {
    const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
    const quantity = () => page.getByRole('spinbutton', { name: '购买数量' });

    beforeAll(async () => {
      await register(page, server, '13612340012');
    }, 60_000);

    it('refuses a third unit at the product page\'s stepper and stays at 2', async () => {
      await page.goto(`${server.url}${productDetailHref(FLASH_SALE)}`);
      await page.getByTestId('user-limit').filter({ hasText: '每人限购 2 件' }).waitFor();
      await quantity().fill('3');
      await quantity().press('Tab');
      await toast(OVER_LIMIT).waitFor();
      await page.waitForFunction(() => (document.querySelector('.purchase__quantity input') as HTMLInputElement | null)?.value === '2');
    });

    it('refuses a third unit at the cart\'s stepper and keeps 2', async () => {
      await page.getByTestId('add-cart').click();
      await toast('添加成功').first().waitFor();
      await page.goto(`${server.url}/shopping-trolley`);
      const cartLine = page.getByTestId(`cart-line-${FLASH_SALE.skuId}`);
      await cartLine.getByRole('spinbutton', { name: '商品数量' }).waitFor();
      expect(await cartLine.getByRole('spinbutton', { name: '商品数量' }).inputValue()).toBe('2');
      await cartLine.getByRole('button', { name: '增加数量' }).click();
      await toast(OVER_LIMIT).waitFor();
      expect(await cartLine.getByRole('spinbutton', { name: '商品数量' }).inputValue()).toBe('2');
    });
  });

  describe('given the whole visit', () => {
    it('raised no page errors', () => {
      expect(errors).toEqual([]);
    });
  });
}
