/**
 * Browsing in Chromium against a real server (PGlite in memory, demo catalogue seeded, web/dist served): the home
 * layout with every component type and its loading mask, search with price sort, product detail with SKU switching,
 * and — after registering — a coupon claim, a question and a shop collect (spec §2–§9).
 * Set BROWSE_SHOTS=<dir> to keep a screenshot of each screen.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Canvas } from '../../domain/catalog/browse.contract';
import type { ProductDetail } from '../../domain/catalog/detail.contract';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { blockSelectors, maskTimes, priceOf, recordMaskTimes, visibleBlockTypes } from './browse.support';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  const shotsDir = process.env.BROWSE_SHOTS;
  const phone = '13912340001';
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  const shot = async (name: string) => {
    if (!shotsDir) return;
    mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
  };
  const api = async <T>(pathAndQuery: string): Promise<T> => {
    const body = (await fetch(`${server.url}/api${pathAndQuery}`).then((r) => r.json())) as { code: string; data: T };
    if (body.code !== '200') throw new Error(`${pathAndQuery} answered ${body.code}`);
    return body.data;
  };
  const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
  const cardPrices = async () => (await page.locator('[data-testid="product-card"] .product-card__price').allInnerTexts()).map(priceOf);

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
    for (const other of contexts) await other.close();
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  describe('given a visitor opening the home page', () => {
    let layout: Array<{ type: string }>;

    const requested: string[] = [];
    const preloadWarnings: string[] = [];

    beforeAll(async () => {
      layout = JSON.parse((await api<Canvas>('/canvas/getCanvas?terminal=4&type=1')).json) as Array<{ type: string }>;
      page.on('request', (request) => requested.push(request.url().replace(server.url, '')));
      page.on('console', (message) => {
        if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
      });
      await page.goto(`${server.url}/`, { waitUntil: 'commit' });
    });

    it('loads every deferred block (products, coupons, group, flash-sale and discount) and lifts the mask', async () => {
      await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="canvas-mask"]').waitFor({ state: 'detached', timeout: 6_000 });
      expect(await page.locator('[data-testid="block-retry"]').count()).toBe(0);
    });

    it('fetches the layout and each script and stylesheet once: the page\'s Link preloads are the requests the app uses', async () => {
      await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor({ timeout: 15_000 });
      expect(requested.filter((url) => url.startsWith('/api/canvas/getCanvas'))).toEqual(['/api/canvas/getCanvas?terminal=4&type=1']);
      const assets = requested.filter((url) => url.startsWith('/assets/'));
      expect(assets.some((url) => /^\/assets\/home\.route-/.test(url))).toBe(true);
      expect(assets.length).toBe(new Set(assets).size);
      expect(preloadWarnings).toEqual([]);
    });

    it('drops the fourth component of the fetched layout and renders the others in order', async () => {
      const rendered = await page.locator('[data-testid="canvas"] > section').evaluateAll((sections) => sections.map((s) => s.getAttribute('data-block')));
      expect(rendered).toEqual(layout.filter((_, i) => i !== 3).map((c) => c.type));
    });

    it('renders every component type of the layout with its content', async () => {
      const types = visibleBlockTypes(layout);
      expect(types).toEqual(expect.arrayContaining([
        'banner', 'text', 'imageText', 'brandList', 'categoryList', 'imageTextList', 'imageTextNav', 'productList',
        'videoBox', 'coupon', 'custom', 'groupList', 'spikeList', 'discountList',
      ]));
      for (const type of types) {
        // scrolled to as a shopper would: a block's lazy images load only near the viewport (CI once waited 5 s for
        // the brand list's, loaded=lazy and still 0×0, far below the fold)
        await page.locator(`section[data-block="${type}"]`).first().scrollIntoViewIfNeeded();
        const content = page.locator(`section[data-block="${type}"] ${blockSelectors[type]}`).first();
        await content.waitFor({ timeout: 10_000 });
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('01-home');
    });

    it('shows a limited-stock progress and a ticking countdown on the flash-sale block', async () => {
      const block = page.locator('[data-testid="activity-seckill"]').first();
      await block.locator('[data-testid="stock-progress"]').first().waitFor();
      const clock = block.locator('[role="timer"]').first();
      const before = Number(await clock.getAttribute('data-remaining'));
      await page.waitForTimeout(2_100);
      expect(Number(await clock.getAttribute('data-remaining'))).toBeLessThan(before);
    });

    it('tells an anonymous visitor to log in when 领取 is clicked, and goes to /login', async () => {
      await page.locator('section[data-block="coupon"] [data-testid="coupon-ticket"][data-claimed="false"][data-sold-out="false"] button').first().click();
      await toast('请先登录').waitFor();
      await page.waitForURL(/\/login$/);
    });
  });

  describe('given the home page whose product blocks answer slowly', () => {
    /** A fresh page whose /canvas/getProducts answers `delayMs` late; the page notes when the mask came and went. */
    async function slowHome(delayMs: number): Promise<Page> {
      const slow = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
      contexts.push(slow);
      await slow.addInitScript(recordMaskTimes);
      const p = await slow.newPage();
      await p.route('**/api/canvas/getProducts**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await route.continue().catch(() => undefined);
      });
      await p.goto(`${server.url}/`, { waitUntil: 'commit' });
      return p;
    }

    it('covers the whole window with the mask until the blocks have answered', async () => {
      const p = await slowHome(1_000);
      const { shownMs, blocksReadyWhenGone, size } = await maskTimes(p);
      expect(size).toBe('0,0 1366x900');
      expect(shownMs).toBeGreaterThanOrEqual(1_000);
      // gone because every block answered, or because the spec's 5 s ran out first: the clean-clone CI's loaded
      // machine once took longer than that for the other blocks too (the next test pins the 5 s case itself)
      if (!blocksReadyWhenGone) expect(shownMs).toBeGreaterThanOrEqual(4_900);
    });

    it('lifts the mask by itself after 5 s while a block is still loading', async () => {
      const p = await slowHome(9_000);
      const { shownMs, blocksReadyWhenGone } = await maskTimes(p);
      expect(blocksReadyWhenGone).toBe(false);
      expect(shownMs).toBeGreaterThanOrEqual(4_900);
      expect(shownMs).toBeLessThan(6_500);
    });
  });

  describe('given the visitor searching 手机 from the home page', () => {
    beforeAll(async () => {
      await page.goto(`${server.url}/`);
      await page.locator('.home__search').getByPlaceholder('请输入搜索商品').fill('手机');
      await page.locator('.home__search').getByPlaceholder('请输入搜索商品').press('Enter');
      await page.waitForURL(/\/search\?keyword=%E6%89%8B%E6%9C%BA$/);
    });

    it('heads the results 全部结果 “手机” and shows product cards', async () => {
      await expect(page.locator('.search-page__heading').innerText()).resolves.toMatch(/全部结果[\s\S]*“手机”/);
      await page.locator('[data-testid="product-card"]').first().waitFor();
      expect(await page.locator('[data-testid="product-card"]').count()).toBeGreaterThan(1);
    });

    it('sorts by price ascending on 价格, then descending on a second click', async () => {
      const ascending = page.waitForResponse((r) => r.url().includes('/api/app/getSearchProducts') && r.url().includes('type=1'));
      await page.getByRole('button', { name: /价格/ }).click();
      await ascending;
      await page.waitForFunction(() => document.querySelector('.search-page__results[aria-busy="false"]') !== null);
      const up = await cardPrices();
      expect(up).toEqual([...up].sort((a, b) => a - b));
      await shot('02-search-price-ascending');

      const descending = page.waitForResponse((r) => r.url().includes('/api/app/getSearchProducts') && r.url().includes('type=2'));
      await page.getByRole('button', { name: /价格/ }).click();
      await descending;
      await page.waitForFunction(() => document.querySelector('.search-page__results[aria-busy="false"]') !== null);
      const down = await cardPrices();
      expect(down).toEqual([...down].sort((a, b) => b - a));
      expect(down).not.toEqual(up);
    });

    it('says 搜索不到你要找的商品呢换个词试试吧～ for a keyword nothing matches', async () => {
      await page.getByPlaceholder('请输入搜索商品').fill('不存在的商品名称xyz');
      await page.getByRole('button', { name: /搜\s*索/ }).click();
      await page.getByText('搜索不到你要找的商品呢换个词试试吧～').waitFor();
      await page.goBack();
      await page.locator('[data-testid="product-card"]').first().waitFor();
    });
  });

  describe('given the visitor opening a multi-spec phone', () => {
    let detail: ProductDetail;

    beforeAll(async () => {
      await page.locator('[data-testid="product-card"]', { hasText: '星耀X5' }).first().click();
      await page.waitForURL(/\/productDetail\?proData=/);
      const proData = JSON.parse(new URL(page.url()).searchParams.get('proData') ?? '{}') as { productId: number; skuId: number; shopId: number };
      detail = await api<ProductDetail>(`/product/getById?shopId=${proData.shopId}&productId=${proData.productId}&skuId=${proData.skuId}`);
      await page.locator('.purchase__name').waitFor();
    });

    it('shows the shop in the header with product kinds and sold count', async () => {
      const header = page.getByTestId('header-product-shop');
      await header.waitFor();
      await expect(header.innerText()).resolves.toContain(detail.shopName);
      await expect(header.innerText()).resolves.toMatch(/商品 \d+[\s\S]*已售 \d+/);
    });

    it('shows the price and stock of the chosen SKU, and those of another when the spec changes', async () => {
      const option = (key: string) => detail.map[key];
      const first = Object.values(detail.map).find((o) => o.skuId === detail.skuId) ?? Object.values(detail.map)[0];
      await expect(page.getByTestId('sku-stock').innerText()).resolves.toBe(first.stockNumber > 0 ? `库存 ${first.stockNumber} 件` : '库存不足');
      expect(priceOf(await page.locator('.price-box__price').innerText())).toBe(first.price);

      const storageName = detail.names.find((n) => n.skuName === '存储') ?? detail.names[detail.names.length - 1];
      const position = detail.names.indexOf(storageName);
      const otherValue = storageName.values[storageName.values.length - 1];
      const keyParts = first.valueCodes.split(',');
      keyParts[position] = otherValue.valueCode;
      const other = option(keyParts.join(','));
      expect(other.price).not.toBe(first.price);

      await page.getByRole('radio', { name: otherValue.skuValue }).click();
      await page.waitForFunction((expected) => document.querySelector('.price-box__price')?.textContent?.includes(expected), other.price.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ','));
      expect(priceOf(await page.locator('.price-box__price').innerText())).toBe(other.price);
      await expect(page.getByTestId('sku-stock').innerText()).resolves.toBe(other.stockNumber > 0 ? `库存 ${other.stockNumber} 件` : '库存不足');
      await shot('03-product-detail');
    });

    it('asks an anonymous shopper to log in on 加入购物车 and on 立即购买, and goes to /login', async () => {
      const productUrl = page.url();
      await page.getByRole('button', { name: /加入购物车/ }).click();
      await toast('请先登录').first().waitFor();
      await page.waitForURL(/\/login$/);
      await page.goto(productUrl);
      await page.getByRole('button', { name: /立即购买|单独购买/ }).first().click();
      await toast('请先登录').first().waitFor();
      await page.waitForURL(/\/login$/);
    });
  });

  describe('given a sold-out product', () => {
    it('answers 立即购买 with 商品库存不足', async () => {
      await page.goto(`${server.url}/search?keyword=${encodeURIComponent('肉松小贝')}`);
      await page.locator('[data-testid="product-card"]').first().click();
      await page.waitForURL(/\/productDetail/);
      await page.getByTestId('sku-stock').waitFor();
      await page.getByRole('button', { name: /立即购买|单独购买/ }).first().click();
      await toast('商品库存不足').waitFor();
    });
  });

  describe('given the visitor registers', () => {
    let productUrl: string;

    beforeAll(async () => {
      await page.goto(`${server.url}/search?keyword=${encodeURIComponent('星耀X5')}`);
      await page.locator('[data-testid="product-card"]').first().click();
      await page.waitForURL(/\/productDetail/);
      productUrl = page.url();

      await page.goto(`${server.url}/login?type=1`);
      await page.getByPlaceholder('请输入手机号').fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByTestId('code-countdown').waitFor();
      const sms = (await fetch(`${server.url}/internal/sms?phone=${phone}`, { headers: { 'x-ops-token': server.opsToken } }).then((r) => r.json())) as {
        data: { code: string };
      };
      await page.getByPlaceholder('请输入验证码').fill(sms.data.code);
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: /^注\s*册$/ }).click();
      await page.waitForURL(`${server.url}/`);
      await page.locator('.greeting__name').waitFor();
    });

    it('claims a platform coupon on the product page: 领取成功, then 已领取 (also after a reload)', async () => {
      await page.goto(productUrl);
      await page.getByTestId('coupon-chips').click();
      const ticket = page.getByTestId('platform-coupons').locator('[data-testid="coupon-ticket"][data-claimed="false"][data-sold-out="false"]').first();
      const content = await ticket.locator('.coupon-ticket__content').innerText();
      await ticket.getByRole('button', { name: /领\s*取/ }).click();
      await toast('领取成功').waitFor();
      const claimed = page.getByTestId('platform-coupons').locator('[data-testid="coupon-ticket"]', { hasText: content }).first();
      await expect(claimed.getAttribute('data-claimed')).resolves.toBe('true');
      await expect(claimed.getByRole('button').innerText()).resolves.toMatch(/已领取/);
      await page.reload();
      await page.getByTestId('coupon-chips').click();
      await page.getByTestId('platform-coupons').locator('[data-testid="coupon-ticket"][data-claimed="true"]', { hasText: content }).waitFor();
    });

    it('asks for question text (请输入问题内容), then posts the question: 提问成功 and it is listed', async () => {
      await page.getByRole('tab', { name: '商品问答' }).click();
      await page.getByRole('button', { name: /提\s*问/ }).click();
      await toast('请输入问题内容').waitFor();
      const question = '这款手机支持双卡双待吗？';
      await page.getByLabel('问题内容').fill(question);
      await page.getByRole('button', { name: /提\s*问/ }).click();
      await toast('提问成功').waitFor();
      const asked = page.getByTestId('problem').filter({ hasText: question });
      await asked.waitFor();
      await asked.scrollIntoViewIfNeeded();
      await shot('04-product-qa');
    });

    it('collects the shop from the shop page header: 收藏成功, and 取消成功 on a second click', async () => {
      await page.goto(`${server.url}/store?shopId=${JSON.parse(new URL(productUrl).searchParams.get('proData') ?? '{}').shopId}`);
      const header = page.getByTestId('header-shop');
      await header.getByRole('button', { name: /收藏店铺/ }).click();
      await toast('收藏成功').waitFor();
      await header.getByRole('button', { name: /已收藏/ }).waitFor();
      await shot('05-store');
      await header.getByRole('button', { name: /已收藏/ }).click();
      await toast('取消成功').waitFor();
      await header.getByRole('button', { name: /收藏店铺/ }).waitFor();
    });

    it('lists the shop’s products under 所有商品 and its categories as tabs', async () => {
      await page.getByRole('tab', { name: '所有商品' }).click();
      await page.locator('[data-testid="product-card"]').first().waitFor();
      expect(await page.getByRole('tab').count()).toBeGreaterThan(2);
    });
  });

  describe('given the whole visit', () => {
    it('logged no console errors', () => {
      expect(errors).toEqual([]);
    });
  });
}
