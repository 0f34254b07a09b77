/** Steps of the after-sale e2e suite: an order bought now and paid on the sandbox page, the merchant's internal routes. */
import type { BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '../support/test-server';
import { addAddressInDialog } from './address-dialog.support';
import { productHref, submitAndPayOnSandbox, type ShopProduct } from './buy.support';

/** Adds the shopper's first receiving address in the place-order dialog; it becomes the chosen one. */
async function addAddress(page: Page, phone: string): Promise<void> {
  await addAddressInDialog(page, { name: '李小集', phone, detail: '中北路 100 号 8 栋 1201' });
  // the 地址添加成功 toast only lasts 3 s: saved is the new address being the chosen one
  await page.locator('.address-card[data-selected="true"]', { hasText: '李小集' }).waitFor();
}

/** 立即购买 on the product page, pays on the sandbox cashier; ends on the paid order's detail. Answers the order id. */
export async function buyNowAndPay(page: Page, context: BrowserContext, server: TestServer, product: ShopProduct, newAddressPhone?: string): Promise<number> {
  await page.goto(productHref(server.url, product));
  await page.getByRole('button', { name: /立即购买/ }).click();
  await page.waitForURL(/\/placeOrder\?/);
  if (newAddressPhone) await addAddress(page, newAddressPhone);
  await submitAndPayOnSandbox(page, context, server.url);
  await page.getByTestId('order-status').filter({ hasText: '待发货' }).waitFor();
  return Number(new URL(page.url()).searchParams.get('orderId'));
}

/** A merchant or platform action on an internal route with the ops token (DESIGN.md §7). */
export async function internal(server: TestServer, route: string, body: unknown = {}): Promise<{ code: string; message: string }> {
  const answer = await fetch(`${server.url}/internal${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ops-token': server.opsToken },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as { code: string; message: string };
}

/**
 * Picks `label` (or the first option) in the antd Select whose placeholder is `placeholder`. The options are looked
 * for in this select's own dropdown (the one its combobox controls), not in one still fading out from the last pick.
 */
export async function choose(page: Page, placeholder: string, label?: string): Promise<void> {
  const select = page.locator('.ant-select', { hasText: placeholder });
  await select.click();
  const combobox = select.locator('[role="combobox"][aria-controls]');
  await combobox.waitFor({ state: 'attached' });
  const listId = await combobox.getAttribute('aria-controls');
  const dropdown = page.locator(`.ant-select-dropdown:has([id="${listId}"])`);
  const options = dropdown.locator('.ant-select-item-option');
  await (label ? options.filter({ hasText: label }).first() : options.first()).click();
  await dropdown.waitFor({ state: 'hidden' });
}
