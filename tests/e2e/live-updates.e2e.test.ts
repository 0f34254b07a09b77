/**
 * Live updates in Chromium (issue 12 "Live updates"; DESIGN.md §9): a shopper looks at a paid order's detail (待发货);
 * the merchant ships it through the internal route; the page turns to 待收货 with its logistics by itself — the
 * `order:<id>` push, derived from the log once the orders read model has the shipment, makes it refetch. No reload:
 * a marker left on the window survives. Back on 我的订单, the row follows a change made elsewhere the same way. A
 * visitor without a session on a product page sees its stock drop as an order elsewhere reserves units (`sku:<id>`).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { internal } from './after-sale.support';
import { productHref, type ShopProduct } from './buy.support';
import { givenShopperWithPaidOrder } from './paid-order.support';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  const USER = 9820001;
  const ORDER = 982001;
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let product: ShopProduct;
  const frames: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    ({ product, context, page } = await givenShopperWithPaidOrder(chromium, server, { userId: USER, orderId: ORDER, nickname: '看单的人' }));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 30_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`condition not met in 30 s; frames: ${frames.join(' ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const unreloaded = () => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

  it('turns an open order detail from 待发货 to 待收货 when the merchant ships, without a reload', async () => {
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
    await page.goto(`${server.url}/orderDetail?orderId=${ORDER}`);
    await page.getByTestId('order-status').filter({ hasText: '待发货' }).waitFor();
    // the page listens once the server confirmed the subscription to the order's channel
    await until(() => frames.some((f) => f.includes(`"op":"subscribed","channel":"order:${ORDER}"`)));
    await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });

    expect((await internal(server, `/orders/${ORDER}/ship`, { express: 1, deliverFormid: '982001982001' })).code).toBe('200');

    await page.getByTestId('order-status').filter({ hasText: '待收货' }).waitFor({ timeout: 30_000 });
    await page.getByText('物流信息').waitFor();
    expect(await page.getByTestId('order-detail').getAttribute('data-order-state')).toBe('3');
    expect(await unreloaded()).toBe(true);
  });

  it('turns the order\'s row on 我的订单 to 已完成 when receipt is confirmed elsewhere, without a reload', async () => {
    await page.goto(`${server.url}/userCenter/myOrder`);
    const row = page.locator(`[data-testid="order-item"][data-order-id="${ORDER}"]`);
    await row.locator('[data-order-state="3"], .order-item__status', { hasText: '待收货' }).first().waitFor();
    await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });
    // the shopper confirms receipt in another tab
    const other = await context.newPage();
    await other.goto(`${server.url}/orderDetail?orderId=${ORDER}`);
    await other.getByTestId('order-actions').getByRole('button', { name: '确认收货' }).click();
    await other.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await other.getByTestId('order-status').filter({ hasText: '已完成' }).waitFor();
    await other.close();

    await page.locator(`[data-testid="order-item"][data-order-id="${ORDER}"][data-order-state="4"]`).waitFor({ timeout: 30_000 });
    expect(await unreloaded()).toBe(true);
  });

  it('shows a visitor without a session the stock left drop on the product page as an order elsewhere reserves units', async () => {
    const visitor = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    try {
      const shown = await visitor.newPage();
      await shown.goto(productHref(server.url, product));
      const stockText = shown.getByText(/^库存 \d+ 件$/);
      await stockText.waitFor();
      const before = Number(/\d+/.exec(await stockText.innerText())?.[0]);
      await shown.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });

      // another shopper's checkout reserves two units: the stock stream's events, as the checkout appends them
      const stream = `sku-${product.skuId}`;
      const held = await server.runtime.store.readStream(stream);
      const metadata = () => ({ eventId: randomUUID(), actor: { kind: 'system' as const }, occurredAt: new Date().toISOString(), schemaVersion: 1 });
      await server.runtime.store.appendToStream(stream, [
        ...(held.length === 0 ? [{ type: 'StockInitialised', data: { skuId: product.skuId, quantity: before }, metadata: metadata() }] : []),
        { type: 'StockReserved', data: { skuId: product.skuId, reservationId: 982099, userId: 9820099, number: 2, available: before - 2 }, metadata: metadata() },
      ], { expectedRevision: held.length === 0 ? 'no_stream' : held[held.length - 1].revision });

      await shown.getByText(`库存 ${before - 2} 件`).waitFor({ timeout: 30_000 });
      expect(await shown.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true)).toBe(true);
    } finally {
      await visitor.close();
    }
  });
}
