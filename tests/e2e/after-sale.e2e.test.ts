/**
 * After purchase in Chromium against a real server (spec §2 After-sale, §4 after-sale states and detail actions, §5
 * after-sale rules): a shopper receives an order, applies for 退货退款 with a proof photo from my orders' product
 * picker, the merchant agrees on its internal route, the shopper enters the return waybill, the merchant receives the goods, the refund
 * succeeds and the order closes; a second, unshipped order's 仅退款 application is withdrawn, applied for again,
 * refused by the merchant and taken to the platform.
 * Set AFTER_SALE_SHOTS=<dir> to keep a screenshot of each screen.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { buyNowAndPay, choose, internal } from './after-sale.support';
import { productsOfShop, register, type ShopProduct } from './buy.support';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  const shotsDir = process.env.AFTER_SALE_SHOTS;
  if (shotsDir) mkdirSync(shotsDir, { recursive: true });
  const phone = '13812346001';
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let fruit: ShopProduct;
  const errors: string[] = [];

  const shot = async (name: string) => {
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
  };
  const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
  const status = () => page.getByTestId('after-status');
  const buttonsShown = async () => {
    const buttons = page.getByTestId('after-buttons').getByRole('button');
    return (await buttons.count()) === 0 ? [] : buttons.allInnerTexts();
  };
  /** The detail again until it shows `text`: the merchant acted outside the page. */
  const reloadUntilStatus = async (text: string) => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await page.reload();
      await status().waitFor();
      if ((await status().innerText()) === text) return;
      await page.waitForTimeout(250);
    }
    throw new Error(`the after-sale never showed ${text}`);
  };
  const afterIdOnPage = () => Number(new URL(page.url()).searchParams.get('afterId'));

  beforeAll(async () => {
    server = await startTestServer();
    context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    fruit = (await productsOfShop(server.url, 9))[0];
    await register(page, server, phone);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  describe('given a received order whose goods go back', () => {
    let orderId = 0;
    let afterId = 0;

    beforeAll(async () => {
      orderId = await buyNowAndPay(page, context, server, fruit, phone);
      expect((await internal(server, `/orders/${orderId}/ship`, { express: 'SF', deliverFormid: '773012345678' })).code).toBe('200');
      await page.reload();
      await page.getByTestId('order-actions').getByRole('button', { name: '确认收货' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
      await page.getByTestId('order-status').filter({ hasText: '已完成' }).waitFor();
    }, 120_000);

    it('leads from 申请售后 through the product picker to the apply form with the order number', async () => {
      await page.getByTestId('order-actions').getByRole('button', { name: '申请售后' }).click();
      const picker = page.getByTestId('after-sale-picker');
      await picker.getByRole('checkbox').first().check();
      await page.locator('.ant-modal', { has: picker }).getByRole('button', { name: /确\s*定/ }).click();
      await page.waitForURL(/\/afterSale\?state=1&orderData=/);
      await page.getByTestId('after-sale-apply').waitFor();
      expect(await page.getByTestId('after-order-formid').innerText()).toMatch(/^\d+$/);
      expect(await page.getByTestId('after-lines').innerText()).toContain(fruit.productName);
    });

    it('asks 请选择售后方式 first when nothing is chosen', async () => {
      await page.getByRole('button', { name: /提交申请/ }).click();
      await toast('请选择售后方式').waitFor();
      await page.getByTestId('after-sale-apply').getByText('请选择货物状态').first().waitFor();
    });

    it('submits a 退货退款 application (售后申请成功) and lands on the after-sale list 1 s later', async () => {
      await choose(page, '请选择售后方式', '退货退款');
      await choose(page, '请选择货物状态', '已收到货');
      await choose(page, '请选择售后理由');
      await page.getByPlaceholder('请描述您遇到的问题').fill('收到时外包装破损，苹果压坏了');
      const photo = await sharp({ create: { width: 48, height: 36, channels: 3, background: { r: 200, g: 60, b: 60 } } }).png().toBuffer();
      await page.getByRole('group', { name: '售后凭证' }).locator('input[type="file"]').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: photo });
      await page.locator('.ant-upload-list-item-done').waitFor();
      await shot('apply-filled');
      await page.getByRole('button', { name: /提交申请/ }).click();
      await toast('售后申请成功').waitFor();
      await page.waitForURL(/\/userCenter\/orderAfterSale$/);
      const item = page.getByTestId('after-item').first();
      await item.filter({ hasText: '审核中' }).waitFor();
      expect(await item.innerText()).toContain('退货退款');
      await shot('list-in-progress');
    });

    it('shows the application under review with only 撤销退货 offered', async () => {
      await page.getByTestId('after-item').first().getByRole('link', { name: '查看详情' }).click();
      await page.waitForURL(/\/afterSale\?state=2&afterId=\d+&orderId=\d+/);
      afterId = afterIdOnPage();
      await status().filter({ hasText: '审核中' }).waitFor();
      expect(await buttonsShown()).toEqual(['撤销退货']);
      expect(await page.getByTestId('after-info').innerText()).toContain('已收到货');
      expect(await page.getByTestId('after-info').getByRole('img', { name: '凭证图片' }).getAttribute('src')).toMatch(/\/api\/images\/uploads\//);
      await page.getByTestId('after-history').waitFor();
      await shot('detail-under-review');
    });

    it('asks for the return shipment as soon as the merchant agrees (pushed), with the return address', async () => {
      expect((await internal(server, `/after-sales/${afterId}/agree`)).code).toBe('200');
      // no reload: the change arrives on the shopper's websocket channel
      await status().filter({ hasText: '审核通过' }).waitFor();
      await page.getByTestId('return-logistics').waitFor();
      expect(await buttonsShown()).toEqual([]);
      const address = await page.getByTestId('after-return-address').innerText();
      expect(address).toContain('退货地址');
      expect(address).not.toContain('—');
      await shot('detail-awaiting-return');
    });

    it('refuses a missing company (请选择物流公司) and a short waybill (物流单号格式错误), then records 录入物流成功', async () => {
      const form = page.getByTestId('return-logistics');
      await form.getByPlaceholder('请输入物流单号').fill('7730abc1');
      expect(await form.getByPlaceholder('请输入物流单号').inputValue()).toBe('77301');
      await form.getByRole('button', { name: /确\s*认/ }).click();
      await toast('请选择物流公司').waitFor();
      await choose(page, '请选择物流公司');
      await form.getByRole('button', { name: /确\s*认/ }).click();
      await toast('物流单号格式错误').waitFor();
      await form.getByPlaceholder('请输入物流单号').fill('773098765432');
      await form.getByRole('button', { name: /确\s*认/ }).click();
      await toast('录入物流成功').waitFor();
      await status().filter({ hasText: '退货中' }).waitFor();
      await page.getByTestId('return-logistics').waitFor({ state: 'detached' });
    });

    it('shows 退款成功 with the refund amount once the merchant receives the goods', async () => {
      expect((await internal(server, `/after-sales/${afterId}/receive`)).code).toBe('200');
      await reloadUntilStatus('退款成功');
      expect(await page.getByTestId('after-refund').innerText()).toMatch(/退款金额\s*¥[\d,]+\.\d{2}/);
      expect(await page.getByTestId('after-history').locator('.after-history__title').first().innerText()).toContain('退款成功');
      expect(await buttonsShown()).toEqual([]);
      await shot('detail-refunded');
    });

    it('closes the order whose every line was refunded', async () => {
      await page.goto(`${server.url}/orderDetail?orderId=${orderId}`);
      await page.getByTestId('order-status').filter({ hasText: '已关闭' }).waitFor();
    });

    it('lists the after-sale under 已完成', async () => {
      await page.goto(`${server.url}/userCenter/orderAfterSale`);
      await page.getByRole('tab', { name: '已完成' }).click();
      await page.waitForURL(/state=2/);
      await page.locator(`[data-testid="after-item"][data-after-id="${afterId}"]`).filter({ hasText: '退款成功' }).waitFor();
    });
  });

  describe('given an unshipped order refunded only', () => {
    let orderId = 0;

    beforeAll(async () => {
      orderId = await buyNowAndPay(page, context, server, fruit);
    }, 120_000);

    /** 申请售后 on the order detail (state 2 goes straight to the form), 仅退款 with 未收到货, submitted. */
    const applyForRefundOnly = async () => {
      await page.goto(`${server.url}/orderDetail?orderId=${orderId}`);
      await page.getByTestId('order-actions').getByRole('button', { name: '申请售后' }).click();
      await page.waitForURL(/\/afterSale\?state=1&orderData=/);
      await choose(page, '请选择售后方式', '仅退款');
      await choose(page, '请选择货物状态', '未收到货');
      await choose(page, '请选择售后理由');
      await page.getByRole('button', { name: /提交申请/ }).click();
      await toast('售后申请成功').waitFor();
      await page.waitForURL(/\/userCenter\/orderAfterSale$/);
    };

    it('goes straight from 申请售后 to the form, offering only 未收到货', async () => {
      await page.getByTestId('order-actions').getByRole('button', { name: '申请售后' }).click();
      await page.waitForURL(/\/afterSale\?state=1&orderData=/);
      await page.locator('.ant-select', { hasText: '请选择货物状态' }).click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await options.first().waitFor(); // the dropdown opens after the click: read its options once they are there
      expect(await options.allInnerTexts()).toEqual(['未收到货']);
      await options.first().click();
      await choose(page, '请选择售后方式', '仅退款');
      await choose(page, '请选择售后理由');
      await page.getByRole('button', { name: /提交申请/ }).click();
      await toast('售后申请成功').waitFor();
      await page.waitForURL(/\/userCenter\/orderAfterSale$/);
    });

    it('withdraws the application after confirming (撤销申请成功) and shows it closed', async () => {
      const item = page.getByTestId('after-item').filter({ hasText: '仅退款' }).first();
      await item.getByRole('link', { name: '查看详情' }).click();
      await status().filter({ hasText: '审核中' }).waitFor();
      expect(await buttonsShown()).toEqual(['撤销申请']);
      await page.getByTestId('after-buttons').getByRole('button', { name: '撤销申请' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
      await toast('撤销申请成功').waitFor();
      await status().filter({ hasText: '已关闭' }).waitFor();
      expect(await buttonsShown()).toEqual([]);
      await shot('detail-withdrawn');
    });

    it('applies again, and after the merchant refuses offers 申请平台介入 and 撤销申请 with the merchant\'s words', async () => {
      await applyForRefundOnly();
      await page.getByTestId('after-item').first().getByRole('link', { name: '查看详情' }).click();
      await status().filter({ hasText: '审核中' }).waitFor();
      const refused = await internal(server, `/after-sales/${afterIdOnPage()}/refuse`, { reason: '商品已打包待发' });
      expect(refused.code).toBe('200');
      await reloadUntilStatus('审核不通过');
      expect(await buttonsShown()).toEqual(['申请平台介入', '撤销申请']);
      await page.getByText('商家留言：商品已打包待发').waitFor();
    });

    it('takes the refusal to the platform (申请平台介入成功) and waits in 平台介入中 with nothing more to do', async () => {
      await page.getByTestId('after-buttons').getByRole('button', { name: '申请平台介入' }).click();
      const dialog = page.getByTestId('platform-dialog');
      await dialog.getByPlaceholder('请输入介入理由').fill('商家迟迟不发货也不同意退款');
      await shot('platform-dialog');
      await page.locator('.ant-modal', { has: dialog }).getByRole('button', { name: /提\s*交/ }).click();
      await toast('申请平台介入成功').waitFor();
      await status().filter({ hasText: '平台介入中' }).waitFor();
      expect(await buttonsShown()).toEqual([]);
      await shot('detail-arbitration');
    });

    it('raised no page errors', () => {
      expect(errors).toEqual([]);
    });
  });
}
