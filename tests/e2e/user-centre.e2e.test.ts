/**
 * The user centre in Chromium against a real server, clicking real controls: 个人信息 (the greeting follows the new
 * name), 收货地址 (add in the dialog, set default, delete with confirmation), 我的消息 (unread badges in the menu and the
 * top bar, 全部已读), 我的收藏 (batch cancel), 浏览记录 (edit mode, delete), 我的券包 (tabs, 去使用), 我的问答 (edit mode,
 * delete), 更换手机号 (the three steps with SMS codes read from the ops outbox).
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { addAddressInDialog } from './address-dialog.support';
import { productHref, productsOfShop, register, type ShopProduct } from './buy.support';

const browser: Browser | null = await launchBrowser();
const SHOTS = process.env.USER_CENTRE_SHOTS;

if (browser) {
  const chromium: Browser = browser;
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  let product: ShopProduct;
  let token = '';
  let offsetMs = 0;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method, headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { code: string; message: string; data: unknown };
  };
  const open = async (path: string) => {
    await page.goto(`${server.url}/userCenter/${path}`);
    await page.locator('.uc-pane__head h2').first().waitFor();
  };
  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };
  const confirm = async () => page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();

  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date(Date.now() + offsetMs) });
    context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    page = await context.newPage();
    product = (await productsOfShop(server.url, 1))[0];
    await register(page, server, '13712340088');
    token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  describe('个人信息', () => {
    it('saves name, sex and birthday with 修改成功！ and the top-bar greeting follows at once', async () => {
      // The profile answers late (as on a slow network): what is typed before it arrives must not be overwritten by it
      const slowProfile = async (route: Route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      };
      await page.route('**/api/user/getUser', slowProfile);
      await open('userInfo');
      const name = page.getByLabel('昵称');
      await name.fill('');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.ant-form-item-explain-error', { hasText: '昵称不能为空' }).waitFor();
      await name.fill('测试小王');
      await page.getByLabel('女').check();
      await page.getByLabel('生日').fill('1995-06-01');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await toast('修改成功！');
      expect(await page.locator('.greeting__name').innerText()).toBe('测试小王');
      await page.reload();
      await page.getByLabel('昵称').waitFor();
      await page.waitForFunction(() => (document.querySelector('input[aria-label="生日"]') as HTMLInputElement | null)?.value === '1995-06-01');
      expect(await page.getByLabel('昵称').inputValue()).toBe('测试小王');
      await page.unroute('**/api/user/getUser', slowProfile);
      await shot('user-info');
    });
  });

  describe('收货地址', () => {
    const addAddress = async (name: string, phone: string) => {
      await addAddressInDialog(page, { name, phone });
      await page.getByTestId('address-card').filter({ hasText: name }).waitFor();
    };

    it('starts empty, adds two addresses in the dialog and makes the second the default', async () => {
      await open('signingAddress');
      await page.getByText('您还没有收货地址').waitFor();
      await addAddress('李小集', '13812340001');
      await addAddress('王大集', '13812340002');
      const second = page.getByTestId('address-card').filter({ hasText: '王大集' });
      await second.getByRole('button', { name: '设为默认' }).click();
      await second.getByText('默认地址').waitFor();
      expect(await second.innerText()).toContain('138****0002');
      await shot('signing-address');
    });

    it('deletes one after confirmation', async () => {
      const first = page.getByTestId('address-card').filter({ hasText: '李小集' });
      await first.getByRole('button', { name: /删\s*除/ }).click();
      await confirm();
      // deleted is the card gone (the 删除成功 toast lasts 3 s); a delete that failed says why in a toast
      await first.waitFor({ state: 'detached' }).catch(async (failure: unknown) => {
        const toasts = await page.locator('.ant-message-notice').allInnerTexts();
        throw new Error(`the address card stayed after 确定 (toasts: [${toasts.join(' | ')}]): ${String(failure)}`);
      });
      expect(await page.getByTestId('address-card').count()).toBe(1);
    });
  });

  describe('我的消息', () => {
    it('shows the unread count in the menu and the top bar, and clears both with 全部已读', async () => {
      await open('message');
      await page.getByTestId('message').first().waitFor();
      const menuBadge = page.getByTestId('unread-badge');
      await menuBadge.waitFor();
      expect(await menuBadge.innerText()).toBe('8');
      expect(await page.getByTestId('top-unread').innerText()).toBe('8');
      await page.getByTestId('message').first().getByRole('button', { name: '标为已读' }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="unread-badge"]')?.textContent === '7');
      await shot('message');
      await page.getByRole('button', { name: '全部已读' }).click();
      await toast('已全部标为已读');
      await menuBadge.waitFor({ state: 'detached' });
      expect(await page.getByTestId('top-unread').count()).toBe(0);
      expect(await page.locator('.messages__item--unread').count()).toBe(0);
    });

    it('deletes a message after confirmation', async () => {
      const before = await page.getByTestId('message').count();
      await page.getByTestId('message').first().getByRole('button', { name: /删\s*除/ }).click();
      await confirm();
      await toast('删除成功');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="message"]').length === n - 1, before);
    });
  });

  describe('我的收藏 and 浏览记录', () => {
    it('cancels favourites in batch: a warning with none picked, then select all and confirm', async () => {
      expect((await api('POST', '/collect/collect', { productId: product.productId })).code).toBe('200');
      await open('favorites');
      await page.getByTestId('favourite').first().waitFor();
      await page.getByRole('button', { name: '批量管理' }).click();
      await page.getByRole('button', { name: '取消收藏' }).click();
      await toast('请先选择需要取消的收藏');
      await page.getByLabel('全选').check();
      await shot('favorites');
      await page.getByRole('button', { name: '取消收藏' }).click();
      await confirm();
      await toast('取消成功');
      await page.getByText('您还没有收藏').waitFor();
      await page.getByRole('button', { name: /去首页/ }).waitFor();
    });

    it('lists a viewed product under today and deletes it in edit mode', async () => {
      await page.goto(productHref(server.url, product));
      await page.getByText(product.productName).first().waitFor();
      await open('browseRecords');
      await page.getByTestId('footprint').first().waitFor();
      await page.getByRole('button', { name: /编\s*辑/ }).click();
      await page.getByRole('button', { name: /删\s*除/ }).click();
      await toast('请先选中需要删除的记录');
      await page.getByLabel(`选择${product.productName}`).check();
      await shot('browse-records');
      await page.getByRole('button', { name: /删\s*除/ }).click();
      await confirm();
      await toast('删除成功');
      await page.getByText('您还没有浏览记录').waitFor();
    });
  });

  describe('我的券包', () => {
    it('shows a claimed coupon under 未使用 with 去使用, and nothing under 已失效', async () => {
      const offered = (await api('GET', '/canvas/getShopCoupons?shopId=1')).data as Array<{ shopCouponId: number; content: string }>;
      expect(offered.length).toBeGreaterThan(0);
      expect((await api('POST', '/coupon/takeCoupon', { shopCouponId: offered[0].shopCouponId })).code).toBe('200');
      await open('couponPackage');
      const card = page.getByTestId('wallet-coupon').first();
      await card.waitFor();
      expect(await card.innerText()).toContain(offered[0].content);
      await shot('coupon-package');
      await page.getByRole('tab', { name: '已失效' }).click();
      await page.getByText('暂无优惠券').waitFor();
      await page.getByRole('tab', { name: '未使用' }).click();
      await page.getByRole('button', { name: /去使用/ }).click();
      await page.waitForURL(new RegExp(`/couponProList\\?activityId=0&shopCouponId=${offered[0].shopCouponId}`));
    });
  });

  describe('我的问答', () => {
    it('lists my question and deletes it in edit mode after a warning and a confirmation', async () => {
      expect((await api('POST', '/seckill/addProblem', { productId: product.productId, problem: '支持快充吗？', ifAnonymous: 0 })).code).toBe('200');
      await open('qaList');
      const entry = page.getByTestId('qa-entry').filter({ hasText: '支持快充吗？' });
      await entry.waitFor();
      await page.getByRole('button', { name: /编\s*辑/ }).click();
      await page.getByRole('button', { name: /删\s*除/ }).click();
      await toast('请先选择需要删除的提问');
      await page.getByLabel('全选').check();
      await shot('qa-list');
      await page.getByRole('button', { name: /删\s*除/ }).click();
      await confirm();
      await toast('删除成功');
      await page.getByText('您还没有提问').waitFor();
      await page.getByRole('tab', { name: '我的回答' }).click();
      await page.getByText('您还没有回答').waitFor();
    });
  });

  describe('更换手机号', () => {
    const sentCode = async (phone: string) => {
      const answer = await fetch(`${server.url}/internal/sms?phone=${phone}`, { headers: { 'x-ops-token': server.opsToken } });
      return ((await answer.json()) as { data: { code: string } }).data.code;
    };

    it('proves the current phone, binds a new one, and shows it masked; the session stays', async () => {
      await open('changePhone');
      expect(await page.getByTestId('current-phone').innerText()).toBe('137****0088');
      await page.getByRole('button', { name: /下一步/ }).click();
      await page.locator('.ant-form-item-explain-error', { hasText: '验证码不能为空' }).waitFor();
      // the code asked at registration is still inside its resend minute: move the server clock past it
      offsetMs += 61_000;
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByTestId('phone-code-countdown').waitFor();
      expect(await page.getByTestId('phone-code-countdown').innerText()).toMatch(/^(60|59)秒后重新获取$/);
      await page.getByPlaceholder('请输入验证码').fill(await sentCode('13712340088'));
      await page.getByRole('button', { name: /下一步/ }).click();
      await page.getByPlaceholder('请输入新手机号').waitFor();
      await page.getByPlaceholder('请输入新手机号').fill('1234');
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.locator('.ant-form-item-explain-error', { hasText: '手机号格式错误请重新输入' }).waitFor();
      await page.getByPlaceholder('请输入新手机号').fill('13712340099');
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByTestId('phone-code-countdown').waitFor();
      await page.getByPlaceholder('请输入验证码').fill(await sentCode('13712340099'));
      await shot('change-phone');
      await page.getByRole('button', { name: /确认更换/ }).click();
      await page.getByText('手机号更换成功').waitFor();
      expect(await page.getByText('当前绑定手机号：137****0099').count()).toBe(1);
      expect(((await api('GET', '/user/getUser')).data as { phone: string }).phone).toBe('13712340099');
    });
  });
}
