/**
 * The coupon products page in Chromium against a real server (PGlite, demo seed): from 我的券包, 去使用 on a claimed
 * shop coupon opens /couponProList with that shop's products, a card opens the product; a platform coupon lists every
 * shop's products in pages of 12; a claimed coupon on a product page links there too; a coupon that does not exist shows 该优惠券没有可用商品～ (spec §2, §7, §8).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { productHref, productsOfShop, register } from './buy.support';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let token = '';

  const api = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method, headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { code: string; message: string; data: T };
  };
  const cardNames = () => page.getByTestId('coupon-products').getByTestId('product-card').evaluateAll(
    (cards) => cards.map((card) => card.getAttribute('title') ?? ''));

  beforeAll(async () => {
    server = await startTestServer({});
    context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    page = await context.newPage();
    await register(page, server, '13712340099');
    token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  describe('a shopper holding a shop coupon, in 我的券包', () => {
    it('opens /couponProList from 去使用 and sees that shop\'s products only; a card opens the product', async () => {
      const offered = (await api<Array<{ shopCouponId: number; shopId: number; content: string; ids: number[] }>>('GET', '/canvas/getShopCoupons?shopId=1')).data;
      const coupon = offered.find((c) => c.ids.length === 0) ?? offered[0];
      expect((await api('POST', '/coupon/takeCoupon', { shopCouponId: coupon.shopCouponId })).code).toBe('200');
      const expected = (await api<{ list: Array<{ productName: string; shopId: number }>; total: number }>(
        'GET', `/coupon/getCouponProducts?shopCouponId=${coupon.shopCouponId}&page=1&pageSize=12`)).data;
      expect(expected.total).toBeGreaterThan(0);
      expect(new Set(expected.list.map((p) => p.shopId))).toEqual(new Set([coupon.shopId]));

      await page.goto(`${server.url}/userCenter/couponPackage`);
      await page.getByTestId('wallet-coupon').filter({ hasText: coupon.content }).getByRole('button', { name: /去使用/ }).click();
      await page.waitForURL(new RegExp(`/couponProList\\?activityId=0&shopCouponId=${coupon.shopCouponId}$`));
      await page.getByRole('heading', { name: '店铺券可用商品' }).waitFor();
      await page.getByTestId('coupon-products').getByTestId('product-card').first().waitFor({ timeout: 30_000 });
      expect(await cardNames()).toEqual(expected.list.map((p) => p.productName));
      await page.getByText(`共 ${expected.total} 件商品`).first().waitFor();

      await page.getByTestId('coupon-products').getByTestId('product-card').first().click();
      await page.waitForURL(/\/productDetail\?/);
      await page.getByText(expected.list[0].productName).first().waitFor();
    });
  });

  describe('a claimed coupon on a product page', () => {
    it('links 去使用 to the coupon\'s products', async () => {
      const [product] = await productsOfShop(server.url, 1);
      await page.goto(productHref(server.url, product));
      await page.getByTestId('coupon-chips').click();
      const claimed = page.getByTestId('shop-coupons').locator('[data-testid="coupon-ticket"][data-claimed="true"]').first();
      await claimed.getByRole('link', { name: /去使用/ }).click();
      await page.waitForURL(/\/couponProList\?activityId=0&shopCouponId=\d+$/);
      await page.getByTestId('coupon-products').getByTestId('product-card').first().waitFor({ timeout: 30_000 });
    });
  });

  describe('a platform coupon', () => {
    it('lists products of every shop, 12 a page, and the next page shows the next twelve', async () => {
      const [platform] = (await api<Array<{ couponId: number; ids: number[] }>>('GET', '/canvas/getCoupons')).data.filter((c) => c.ids.length === 0);
      expect(platform).toBeDefined();
      const first = (await api<{ list: Array<{ productName: string; shopId: number }>; total: number }>(
        'GET', `/coupon/getCouponProducts?activityId=${platform.couponId}&page=1&pageSize=12`)).data;
      const second = (await api<{ list: Array<{ productName: string }>; total: number }>(
        'GET', `/coupon/getCouponProducts?activityId=${platform.couponId}&page=2&pageSize=12`)).data;
      expect(first.total).toBeGreaterThan(12);
      expect(new Set(first.list.map((p) => p.shopId)).size).toBeGreaterThan(1);

      await page.goto(`${server.url}/couponProList?activityId=${platform.couponId}&shopCouponId=0`);
      await page.getByRole('heading', { name: '平台券可用商品' }).waitFor();
      await page.getByTestId('coupon-products').getByTestId('product-card').nth(11).waitFor({ timeout: 30_000 });
      expect(await cardNames()).toEqual(first.list.map((p) => p.productName));
      await page.locator('.ant-pagination-item-2').click();
      await page.getByTestId('coupon-products').getByTestId('product-card').filter({ hasText: second.list[0].productName }).first()
        .waitFor({ timeout: 30_000 });
      expect(await cardNames()).toEqual(second.list.map((p) => p.productName));
    });
  });

  describe('a coupon that does not exist', () => {
    it('shows 该优惠券没有可用商品～', async () => {
      await page.goto(`${server.url}/couponProList?activityId=0&shopCouponId=987654`);
      await page.getByTestId('listing-empty').getByText('该优惠券没有可用商品～').waitFor({ timeout: 30_000 });
    });
  });
}
