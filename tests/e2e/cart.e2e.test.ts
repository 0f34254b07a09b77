/**
 * The cart in Chromium against a real server (spec §2 Cart and cart dropdown, §5 cart rules): a shopper registers,
 * adds SKUs of two shops from their product pages, sees the top bar's count follow every change without a reload
 * (also a change made outside the page, pushed over the websocket), previews the cart in the dropdown, and on
 * /shopping-trolley changes a quantity, deletes a line and goes to 结算 with the selected lines.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { productDetailHref } from '../../web/src/lib/catalog-ui/links';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { ids, settleCartCatalogue } from '../integration/cart.fixtures';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  const phone = '13712340077';
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
  const badge = () => page.getByTestId('cart-count');
  const waitForBadge = (count: string) => page.waitForFunction(
    (expected) => document.querySelector('[data-testid="cart-count"]')?.textContent === expected, count);
  const token = async () => (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
  const openProduct = async (productId: number, skuId: number, shopId: number) => {
    await page.goto(`${server.url}${productDetailHref({ productId, skuId, shopId })}`);
    await page.getByTestId('sku-stock').waitFor();
  };
  const line = (skuId: number) => page.getByTestId(`cart-line-${skuId}`);
  /**
   * From outside the top bar onto the cart link, so the popover sees a fresh mouseenter on whatever page this is,
   * until `shown` is visible: a top bar re-rendered under a resting mouse (the page still loading on a loaded machine)
   * gets no mouseenter, so, as a shopper would, the mouse leaves and comes back (5 s each time, 30 s in all).
   */
  const openCartDropdown = async (shown: Locator) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.mouse.move(0, 400);
      await page.getByTestId('cart-dropdown').hover();
      try {
        await shown.waitFor({ timeout: 5_000 });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
  };

  beforeAll(async () => {
    server = await startTestServer();
    await settleCartCatalogue(server);
    context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  describe('given a visitor who is not logged in', () => {
    it('is asked to log in on the cart page and sent to /login', async () => {
      await page.goto(`${server.url}/shopping-trolley`);
      await toast('请先登录').waitFor();
      await page.waitForURL(/\/login$/);
    });

    it('sees 登录后查看商品 in the cart dropdown', async () => {
      await page.goto(`${server.url}/`);
      await openCartDropdown(page.getByText('登录后查看商品'));
    });
  });

  describe('given a shopper who registered', () => {
    beforeAll(async () => {
      await page.goto(`${server.url}/login?type=1`);
      await page.getByPlaceholder('请输入手机号').fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByTestId('code-countdown').waitFor();
      const sms = await fetch(`${server.url}/internal/sms?phone=${phone}`, { headers: { 'x-ops-token': server.opsToken } });
      await page.getByPlaceholder('请输入验证码').fill(((await sms.json()) as { data: { code: string } }).data.code);
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: /^注\s*册$/ }).click();
      await page.waitForURL(`${server.url}/`);
      await page.locator('.greeting__name').waitFor();
    }, 60_000);

    it('shows the empty-cart text in the dropdown and no count', async () => {
      await openCartDropdown(page.getByText('购物车还没有商品，赶紧选购吧！'));
      expect(await badge().count()).toBe(0);
    });

    it('adds a SKU of one shop from its product page: 添加成功 and the count becomes 1', async () => {
      await openProduct(ids.tee, ids.sku.teeRed, ids.shopA);
      await page.getByTestId('add-cart').click();
      await toast('添加成功').waitFor();
      await waitForBadge('1');
    });

    it('adds a SKU of another shop: the count becomes 2 without a reload', async () => {
      await openProduct(ids.lamp, ids.sku.lamp, ids.shopB);
      await page.getByTestId('add-cart').click();
      await waitForBadge('2');
    });

    it('follows a change made outside the page, pushed over the websocket', async () => {
      const response = await fetch(`${server.url}/api/cart/addCart`, {
        method: 'POST', headers: { authorization: await token(), 'content-type': 'application/json' },
        body: JSON.stringify({ skuId: ids.sku.cup, number: 1 }),
      });
      expect(((await response.json()) as { code: string }).code).toBe('200');
      await waitForBadge('3');
    });

    it('previews the three lines in the dropdown, each with its name and price', async () => {
      const preview = page.getByTestId('cart-preview');
      await openCartDropdown(preview.getByText('保温杯'));
      expect(await preview.locator('.cart-preview__item').count()).toBe(3);
      expect(await preview.getByText('颜色:红色').count()).toBe(1);
      expect(await preview.getByText('查看全部').count()).toBe(0);
    });

    it('lists the cart grouped by shop on /shopping-trolley', async () => {
      await page.goto(`${server.url}/shopping-trolley`);
      await line(ids.sku.lamp).waitFor();
      expect(await page.getByTestId(`cart-shop-${ids.shopA}`).locator('.cart-line').count()).toBe(2);
      expect(await page.getByTestId(`cart-shop-${ids.shopB}`).locator('.cart-line').count()).toBe(1);
      expect(await page.getByTestId('cart-total').innerText()).toBe('¥286.50');
    });

    it('changes a quantity with the stepper, and the subtotal and total follow', async () => {
      await line(ids.sku.lamp).getByRole('button', { name: '增加数量' }).click();
      await page.waitForFunction((skuId) => document.querySelector(`[data-testid="cart-line-${skuId}"] .cart-line__total`)?.textContent === '¥198.00', ids.sku.lamp);
      expect(await page.getByTestId('cart-total').innerText()).toBe('¥385.50');
    });

    it('refuses a typed quantity above the stock with 商品库存不足', async () => {
      const input = line(ids.sku.lamp).getByRole('spinbutton', { name: '商品数量' });
      await input.fill('9');
      await input.press('Enter');
      await toast('商品库存不足').waitFor();
      expect(await input.inputValue()).toBe('2');
    });

    it('deletes a line after confirming: 删除成功, the line leaves and the count follows', async () => {
      await line(ids.sku.cup).getByRole('button', { name: '删除' }).click();
      const dialog = page.locator('.ant-modal-confirm');
      await dialog.getByText('确定删除该商品吗？').waitFor();
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await toast('删除成功').waitFor();
      await line(ids.sku.cup).waitFor({ state: 'detached' });
      await waitForBadge('2');
    });

    it('asks for a selection before 结算, then hands the selected lines to /placeOrder', async () => {
      // the checkboxes show the server's selection: click, then wait for the answer (not check(), which expects it at once)
      await page.getByRole('checkbox', { name: '全选' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="cart-total"]')?.textContent === '¥0.00');
      await page.getByRole('button', { name: /结\s*算/ }).click();
      await toast('请至少选中一件商品').waitFor();
      await page.getByRole('checkbox', { name: '选择店铺 乙店' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="cart-total"]')?.textContent === '¥198.00');
      await page.getByRole('button', { name: /结\s*算/ }).click();
      await page.waitForURL(/\/placeOrder\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('type')).toBe('2');
      expect(JSON.parse(url.searchParams.get('shops') ?? '')).toEqual([{ shopId: ids.shopB, skus: [{ skuId: ids.sku.lamp, number: 2, selected: 1 }] }]);
    });

    it('raised no page error on the way', () => {
      expect(errors).toEqual([]);
    });
  });
}
