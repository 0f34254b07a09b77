/**
 * The storefront shell in Chromium against a real server (PGlite in memory, demo notices seeded, web/dist
 * served): top bar, notice carousel, notice detail, session end, the not-found view and header search.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

const browser: Browser | null = await launchBrowser();

const activeTitle = (page: Page) => page.locator('.notice-carousel [data-active="true"] a').innerText();

/** Waits until the carousel shows a title other than `previous`; returns the new title. */
async function nextTitle(page: Page, previous: string, timeout = 5000): Promise<string> {
  await page.waitForFunction(
    (prev) => {
      const active = document.querySelector('.notice-carousel [data-active="true"] a');
      return active !== null && active.textContent !== prev;
    },
    previous,
    { timeout },
  );
  return activeTitle(page);
}

if (browser) {
  let server: TestServer;
  const contexts: BrowserContext[] = [];

  const chromium: Browser = browser;

  async function openPage(path: string, setup?: (context: BrowserContext) => Promise<void>) {
    const context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    contexts.push(context);
    await setup?.(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}${path}`);
    return { page, errors };
  }

  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await chromium.close();
    await server?.stop();
  });

  describe('given an anonymous visitor on the home page', () => {
    let page: Page;
    let errors: string[];
    let firstTitle: string;

    beforeAll(async () => {
      ({ page, errors } = await openPage('/'));
      await page.locator('.notice-carousel [data-active="true"] a').waitFor();
    });

    it('greets with 你好 请先 登录 或 注册 and shows an announcement title in the carousel', async () => {
      expect(await page.getByTestId('anonymous-greeting').innerText()).toBe('你好 请先 登录 或 注册');
      firstTitle = await activeTitle(page);
      expect(firstTitle.length).toBeGreaterThan(0);
    });

    it('turns the carousel to another title every 3 seconds', async () => {
      // The page's timers run on a controlled clock, so the period is proven exactly however busy the machine is.
      const t0 = new Date('2026-11-11T10:00:00+08:00');
      const timed = await openPage('/', async (context) => {
        await context.clock.install({ time: t0 });
        await context.clock.pauseAt(t0); // from here the page's time moves only by runFor
      });
      const shown = timed.page.locator('.notice-carousel [data-active="true"] a');
      await shown.waitFor();
      const first = await shown.innerText();
      await timed.page.clock.runFor(2900);
      expect(await shown.innerText()).toBe(first);
      await timed.page.clock.runFor(200);
      const second = await nextTitle(timed.page, first); // turned at 3000 ms, the clock now at 3100
      await timed.page.clock.runFor(2800);
      expect(await shown.innerText()).toBe(second);
      await timed.page.clock.runFor(200);
      expect(await nextTitle(timed.page, second)).not.toBe(second);
      expect(second).not.toBe(first);
    });

    it('opens the notice detail with its title, time and content when a carousel title is clicked', async () => {
      // hovered, the carousel stops turning: the title read is the one clicked (a slow machine turned it in between)
      await page.locator('.notice-carousel').hover();
      const title = await activeTitle(page);
      await page.locator('.notice-carousel [data-active="true"] a').click();
      await page.waitForURL(/\/notificationDetails\?id=\d+$/);
      await expect(page.locator('.notice-detail__title').innerText()).resolves.toBe(title);
      await expect(page.locator('.notice-detail__meta time').innerText()).resolves.toMatch(
        /^发布时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
      );
      expect((await page.locator('.notice-detail__content').innerText()).trim().length).toBeGreaterThan(0);
    });

    it('logged no console errors on the way', () => {
      expect(errors).toEqual([]);
    });
  });

  describe('given a logged-in shopper (token cookie and user info stored)', () => {
    let page: Page;

    beforeAll(async () => {
      ({ page } = await openPage('/', async (context) => {
        await context.addCookies([{ name: 'token', value: 'e2e-token', url: server.url }]);
        await context.addInitScript(() => {
          if (!sessionStorage.getItem('e2e-seeded')) {
            sessionStorage.setItem('e2e-seeded', '1');
            localStorage.setItem('userInfo', JSON.stringify({ name: 'MJ10001', phone: '13800138000' }));
          }
        });
      }));
    });

    it('greets the shopper by name', async () => {
      await expect(page.locator('.greeting__name').innerText()).resolves.toBe('MJ10001');
    });

    it('asks 确定退出登录吗？ on 退出登录, then clears token and client state and goes to /login?type=2', async () => {
      await page.getByRole('button', { name: '退出登录' }).click();
      const dialog = page.locator('.ant-modal-confirm');
      await expect(dialog.locator('.ant-modal-confirm-title').innerText()).resolves.toBe('提示');
      await expect(dialog.locator('.ant-modal-confirm-content').innerText()).resolves.toBe('确定退出登录吗？');
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await page.waitForURL(/\/login\?type=2$/);
      expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
      expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    });
  });

  describe('given a path outside the route table (every screen of spec §2 is built: no 建设中 stand-in remains)', () => {
    it('says 页面不存在 and its 返回首页 button leads home', async () => {
      const { page } = await openPage('/noSuchScreen?id=1');
      await page.getByText('页面不存在').waitFor();
      await page.getByRole('button', { name: '返回首页' }).click();
      await page.waitForURL(`${server.url}/`);
      await page.locator('.notice-board__item').first().waitFor();
    });
  });

  describe('given the header search on a page other than home', () => {
    it('goes to /search with the keyword on Enter and keeps the choice as searchObj', async () => {
      const { page } = await openPage('/store?shopId=1');
      await page.getByPlaceholder('请输入搜索商品').fill('手机');
      await page.getByPlaceholder('请输入搜索商品').press('Enter');
      await page.waitForURL(/\/search\?keyword=%E6%89%8B%E6%9C%BA$/);
      const saved = await page.evaluate(() => localStorage.getItem('searchObj'));
      expect(JSON.parse(saved ?? 'null')).toEqual({ keyword: '手机', searchType: 'product' });
    });
  });

  describe('given a visitor without a token opening the user centre', () => {
    it('warns 请先登录 and goes to /login', async () => {
      const { page } = await openPage('/userCenter/myOrder');
      await page.getByText('请先登录').waitFor();
      await page.waitForURL(/\/login$/);
    });
  });
}
