/**
 * The 新增收货地址 dialog, filled and saved as a shopper does, for every suite that adds an address (place order,
 * user centre, after-sale). The region is picked through the cascader's search and counts as chosen only once the
 * cascader shows it. Saved means the dialog went away. When it stays, the failure names what the screen said: the
 * form's own errors and the toasts (a save refused by the server says why there).
 */
import type { Locator, Page } from 'playwright-core';

export interface NewAddress { name: string; phone: string; detail?: string }

const SAVE_WAIT_MS = 20_000;

/** What the dialog and the page say right now: validation errors under the fields and the toasts shown. */
async function whatTheScreenSays(page: Page, dialog: Locator): Promise<string> {
  const errors = await dialog.locator('.ant-form-item-explain-error').allInnerTexts().catch(() => []);
  const toasts = await page.locator('.ant-message-notice').allInnerTexts().catch(() => []);
  const region = await dialog.locator('.ant-cascader').first().innerText().catch(() => '?');
  return `region shows "${region.trim()}"; form errors [${errors.join(' | ')}]; toasts [${toasts.join(' | ')}]`;
}

async function chooseRegion(page: Page, dialog: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await dialog.getByRole('combobox').first().click();
    await page.keyboard.type('武昌区');
    await page.locator('.ant-cascader-menu-item', { hasText: '武昌区' }).first().click();
    // under load the search list can lag behind the typing: chosen is what the cascader shows
    const shown = await dialog.locator('.ant-cascader', { hasText: '武昌区' }).waitFor({ timeout: 10_000 }).then(() => true, () => false);
    if (shown) return;
    if (attempt === 3) throw new Error(`the region was not chosen: ${await whatTheScreenSays(page, dialog)}`);
    await page.keyboard.press('Escape');
  }
}

/**
 * Opens the dialog with the page's 新增收货地址 button, fills it and saves it; resolves once the dialog has closed.
 * A save the server refused (an error toast, the dialog still open) is reported on the console and pressed once more,
 * as a shopper would; any other dialog left open fails with what the screen said.
 */
export async function addAddressInDialog(page: Page, address: NewAddress): Promise<void> {
  await page.getByRole('button', { name: /新增收货地址/ }).click();
  const dialog = page.locator('.ant-modal', { hasText: '新增收货地址' });
  await chooseRegion(page, dialog);
  await dialog.getByPlaceholder('街道、门牌号等').fill(address.detail ?? '中北路 100 号');
  await dialog.getByPlaceholder('请输入收货人姓名').fill(address.name);
  await dialog.getByPlaceholder('请输入手机号码').fill(address.phone);
  const save = dialog.getByRole('button', { name: /保\s*存/ });
  await save.click();
  if (await dialog.waitFor({ state: 'hidden', timeout: SAVE_WAIT_MS }).then(() => true, () => false)) return;
  const said = await whatTheScreenSays(page, dialog);
  const refused = (await page.locator('.ant-message-error').count()) > 0;
  if (!refused) throw new Error(`the address dialog stayed open after 保存: ${said}`);
  console.warn(`[e2e] the address save was refused, pressing 保存 again: ${said}`);
  await save.click();
  await dialog.waitFor({ state: 'hidden', timeout: SAVE_WAIT_MS }).catch(async () => {
    throw new Error(`the address dialog stayed open after a second 保存: ${await whatTheScreenSays(page, dialog)}`);
  });
}
