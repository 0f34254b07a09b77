/** Steps of the buy e2e suite: registering with the outbox code, finding a shop's goods, claiming, adding to the cart. */
import type { BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';

export interface ShopProduct {
  shopId: number;
  productId: number;
  skuId: number;
  productName: string;
}

/** "¥3,999.00" → 3999. */
export const priceOf = (shown: string): number => Number(shown.replace(/[¥,\s]/g, ''));

export const productHref = (base: string, p: ShopProduct): string =>
  `${base}/productDetail?proData=${encodeURIComponent(JSON.stringify({ productId: p.productId, skuId: p.skuId, shopId: p.shopId }))}`;

/** The shop's products as its page lists them (GET /api/shop/getShopProducts, 12 a page). */
export async function productsOfShop(base: string, shopId: number): Promise<ShopProduct[]> {
  const query = new URLSearchParams({ shopId: String(shopId), ifNew: '', type: '', volume: '', page: '1', pageSize: '12' });
  const body = (await fetch(`${base}/api/shop/getShopProducts?${query}`).then((r) => r.json())) as {
    code: string;
    data: { page?: { list: ShopProduct[] }; list?: ShopProduct[] };
  };
  const list = body.data.page?.list ?? body.data.list ?? [];
  if (body.code !== '200' || list.length === 0) throw new Error(`shop ${shopId} lists no products (${body.code})`);
  return list.map((p) => ({ shopId, productId: p.productId, skuId: p.skuId, productName: p.productName }));
}

/** Registers `phone` on /login?type=1 with the code read from the ops outbox; ends signed in on the home page. */
export async function register(page: Page, server: TestServer, phone: string): Promise<void> {
  await page.goto(`${server.url}/login?type=1`);
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByTestId('code-countdown').waitFor();
  const answer = await fetch(`${server.url}/internal/sms?phone=${phone}`, { headers: { 'x-ops-token': server.opsToken } });
  const { data } = (await answer.json()) as { data: { code: string } };
  await page.getByPlaceholder('请输入验证码').fill(data.code);
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: /^注\s*册$/ }).click();
  await page.waitForURL(`${server.url}/`);
}

/** Claims the shop coupon whose text has `content` (e.g. 减20元) from the product page's 领券 popover. */
export async function claimShopCoupon(page: Page, base: string, product: ShopProduct, content: string): Promise<void> {
  await page.goto(productHref(base, product));
  await page.getByTestId('coupon-chips').click();
  const ticket = page.getByTestId('shop-coupons').getByTestId('coupon-ticket').filter({ hasText: content });
  await ticket.getByRole('button', { name: /领\s*取/ }).click();
  await page.getByText('领取成功').waitFor();
  await page.keyboard.press('Escape');
}

/** One of the product's selected SKU into the cart from its detail page (添加成功). */
export async function addToCart(page: Page, base: string, product: ShopProduct): Promise<void> {
  await page.goto(productHref(base, product));
  await page.getByTestId('add-cart').click();
  await page.getByText('添加成功').first().waitFor();
  await page.getByText('添加成功').first().waitFor({ state: 'hidden' });
}

/**
 * On an open /placeOrder page with its address chosen: WeChat pay, 提交订单, then 确认支付 on the sandbox cashier the QR
 * names (opened as the shopper's phone would, in a page of its own); ends on the paid order's detail.
 */
export async function submitAndPayOnSandbox(page: Page, context: BrowserContext, base: string): Promise<void> {
  await page.locator('.address-card[data-selected="true"]').waitFor({ timeout: 30_000 });
  await page.getByRole('radio', { name: /微信支付/ }).click();
  await page.getByRole('button', { name: /提交订单/ }).click();
  const codeUrl = await page.getByRole('img', { name: '微信支付二维码' }).getAttribute('data-code-url');
  const phonePage = await context.newPage();
  await phonePage.goto(`${base}${new URL(codeUrl ?? '').pathname}`);
  await phonePage.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(/\/orderDetail\?orderId=\d+/, { timeout: 30_000 });
  await phonePage.close();
}
