/**
 * After purchase in Chromium against a real server (spec §2 Review pages, 商品评价 tab): a shopper receives an order
 * (placed, paid and shipped through the domain; receipt confirmed on the order page), reviews it with stars, a tag and
 * an uploaded picture (评价内容不能为空 first), appends a review from 我的评价 (内容不能为空 first, then 追评成功 and back
 * to my evaluations), and finds both, with the enlargeable picture, on the product page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { productHref, type ShopProduct } from './buy.support';
import { givenShopperWithPaidOrder } from './paid-order.support';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  const USER = 9810001;
  const ORDER = 981001;
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let product: ShopProduct;
  const photo = async (color: string) => ({
    name: 'photo.png', mimeType: 'image/png',
    buffer: await sharp({ create: { width: 120, height: 90, channels: 3, background: color } }).png().toBuffer(),
  });

  beforeAll(async () => {
    server = await startTestServer();
    ({ product, context, page } = await givenShopperWithPaidOrder(chromium, server, { userId: USER, orderId: ORDER, nickname: '评价达人', shipped: true }));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  it('confirms receipt on the order page and is offered 评价', async () => {
    await page.goto(`${server.url}/orderDetail?orderId=${ORDER}`);
    await page.getByTestId('order-actions').getByRole('button', { name: '确认收货' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('order-status').filter({ hasText: '已完成' }).waitFor();
    await page.getByTestId('order-actions').getByRole('button', { name: /^评\s*价$/ }).click();
    await page.waitForURL(/\/evaluate\?product=/);
    await page.getByTestId('review-item').first().waitFor();
    expect(await page.getByTestId('review-item').count()).toBe(1);
  });

  it('refuses an empty comment, then records the review with a tag and a picture', async () => {
    const item = page.getByTestId('review-item');
    await page.getByRole('button', { name: '提交评价' }).click();
    await page.getByText('评价内容不能为空').waitFor();
    await item.getByText('物美价廉').click();
    await item.getByPlaceholder('请输入您的评语').fill('手机很流畅，拍照清晰');
    await item.locator('input[type=file]').setInputFiles(await photo('#3a7bd5'));
    await item.locator('.ant-upload-list-item-done img').waitFor();
    await page.getByRole('button', { name: '提交评价' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '评价成功' });
    await dialog.getByRole('button', { name: '再次购买' }).waitFor();
    await dialog.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(`${server.url}/`);
  });

  it('appends a review from 我的评价 (内容不能为空 first) and returns there', async () => {
    await page.goto(`${server.url}/userCenter/myEvaluate`);
    await page.getByRole('tab', { name: '待追评' }).click();
    const entry = page.getByTestId('my-evaluation').filter({ hasText: '手机很流畅，拍照清晰' });
    await entry.getByRole('button', { name: '追加评价' }).click();
    await page.waitForURL(/\/addEvaluate\?data=/);
    await page.getByRole('button', { name: '提交追评' }).click();
    await page.getByText('内容不能为空').waitFor();
    await page.getByPlaceholder('请输入追评内容').fill('用了一周，电池也耐用');
    await page.locator('input[type=file]').setInputFiles(await photo('#d53a3a'));
    await page.locator('.ant-upload-list-item-done img').waitFor();
    await page.getByRole('button', { name: '提交追评' }).click();
    await page.getByText('追评成功').waitFor();
    await page.waitForURL(/\/userCenter\/myEvaluate$/);
    await page.getByRole('tab', { name: '已评价' }).click();
    await page.getByTestId('my-evaluation').filter({ hasText: '用了一周，电池也耐用' }).waitFor();
  });

  it('shows the review, its picture (enlargeable) and the append review on the product page', async () => {
    await page.goto(productHref(server.url, product));
    await page.getByRole('tab', { name: /商品评价/ }).click();
    const review = page.getByTestId('comment').filter({ hasText: '手机很流畅，拍照清晰' });
    await review.getByText('用了一周，电池也耐用').waitFor();
    await page.getByRole('button', { name: /物美价廉\(1\)/ }).waitFor();
    await review.getByRole('img', { name: '评价图片' }).click();
    await page.locator('.ant-image-preview').waitFor();
  });
}
