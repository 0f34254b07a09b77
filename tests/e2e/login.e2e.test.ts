/**
 * Sign-in in Chromium against a real server (spec §2 Login screen, §4 Login, §5): register with the code read from
 * the ops outbox, see the greeting with the user name, log out, log in again; the screen's validation messages,
 * the 120 s code countdown and the agreement dialog on the way.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  let offsetMs = 0;
  let server: TestServer;
  let context: BrowserContext;
  let page: Page;
  const phone = '13712345678';

  const sentCode = async (): Promise<string> => {
    const response = await fetch(`${server.url}/internal/sms?phone=${phone}`, { headers: { 'x-ops-token': server.opsToken } });
    const body = (await response.json()) as { code: string; data: { code: string } };
    if (body.code !== '200') throw new Error(`no code for ${phone}: ${body.code}`);
    return body.data.code;
  };
  const phoneInput = () => page.getByPlaceholder('请输入手机号');
  const codeInput = () => page.getByPlaceholder('请输入验证码');
  const getCodeButton = () => page.getByRole('button', { name: '获取验证码' });
  const submit = (label: '登录' | '注册') => page.getByRole('button', { name: new RegExp(`^${label[0]}\\s*${label[1]}$`) });
  const formError = (text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });

  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date(Date.now() + offsetMs) });
    context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium.close();
    await server?.stop();
  });

  describe('given a visitor who registers', () => {
    beforeAll(async () => {
      await page.goto(`${server.url}/login?type=1`);
    });

    it('shows the register form outside the shared layout', async () => {
      await submit('注册').waitFor();
      expect(await page.locator('.top-bar').count()).toBe(0);
      expect(await page.getByText('已有账号？去登录').count()).toBe(1);
    });

    it('answers a malformed phone with 手机号格式错误 and sends no code', async () => {
      const codeCalls: string[] = [];
      const record = (request: { url(): string }) => { if (request.url().includes('/api/app/getCode')) codeCalls.push(request.url()); };
      page.on('request', record);
      await phoneInput().fill('12345');
      await getCodeButton().click();
      await formError('手机号格式错误').waitFor();
      await page.waitForTimeout(300);
      page.off('request', record);
      expect(codeCalls).toEqual([]);
      expect(await getCodeButton().count()).toBe(1);
    });

    it('asks for the code and the agreement before registering', async () => {
      await phoneInput().fill(phone);
      await submit('注册').click();
      await formError('请输入验证码').waitFor();
      await formError('请阅读并同意服务协议').waitFor();
    });

    it('opens the agreement in a dialog without ticking the box (and, as the browser asks, without animating)', async () => {
      await page.getByText('《集市用户服务协议》').click();
      const dialog = page.locator('.ant-modal', { hasText: '集市用户服务协议' });
      await dialog.getByTestId('service-agreement').getByText('二、账号注册与使用').waitFor();
      // the context asks for reduced motion (tests/support/browser.ts): antd's zoom-in is off, not merely quick
      expect(await page.locator('.ant-modal[class*="ant-zoom"]').count()).toBe(0);
      await dialog.getByRole('button', { name: '我知道了' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByRole('checkbox', { name: /我已阅读并同意/ }).isChecked()).toBe(false);
    });

    it('sends the code and hides the button behind a countdown from 120 s', async () => {
      await getCodeButton().click();
      await page.getByText('验证码获取成功').waitFor();
      const countdown = page.getByTestId('code-countdown');
      await countdown.waitFor();
      expect(await countdown.innerText()).toMatch(/^(120|119|118)秒后重新获取$/);
      expect(await getCodeButton().count()).toBe(0);
      const before = Number((await countdown.innerText()).match(/^\d+/)?.[0]);
      await page.waitForTimeout(2100);
      expect(Number((await countdown.innerText()).match(/^\d+/)?.[0])).toBeLessThan(before);
    });

    it('registers with the code from the outbox and greets the shopper by the new name', async () => {
      await codeInput().fill(await sentCode());
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await submit('注册').click();
      await page.getByText('登录成功').waitFor();
      await page.waitForURL(`${server.url}/`);
      const name = await page.locator('.greeting__name').innerText();
      expect(name).toMatch(/^MJ\d{5}$/);
      const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('userInfo'))) ?? 'null') as { name: string; phone: string };
      expect(saved).toEqual(expect.objectContaining({ name, phone }));
    });
  });

  describe('given the registered shopper', () => {
    let name: string;
    let token: string;

    beforeAll(async () => {
      name = await page.locator('.greeting__name').innerText();
      token = (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
    });

    it('keeps a one-day token cookie without 七天免登录', async () => {
      const cookie = (await context.cookies()).find((c) => c.name === 'token');
      expect(cookie?.value).toMatch(/^[1-9]{32}$/);
      const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(0.9);
      expect(days).toBeLessThan(1.1);
    });

    it('logs out after confirming, and the server forgets the session', async () => {
      await page.getByRole('button', { name: '退出登录' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
      await page.waitForURL(/\/login\?type=2$/);
      await submit('登录').waitFor();
      const answer = await fetch(`${server.url}/api/user/getUser`, { headers: { authorization: token } }).then((r) => r.json());
      expect(answer.code).toBe('20004');
    });

    it('logs in again with a new code (七天免登录 ticked) and is greeted by the same name', async () => {
      offsetMs += 61_000; // past the server's one-code-per-minute window
      await phoneInput().fill(phone);
      await getCodeButton().click();
      await page.getByTestId('code-countdown').waitFor();
      await codeInput().fill(await sentCode());
      await page.getByRole('checkbox', { name: '七天免登录' }).check();
      await submit('登录').click();
      await page.waitForURL(`${server.url}/`);
      expect(await page.locator('.greeting__name').innerText()).toBe(name);
      const cookie = (await context.cookies()).find((c) => c.name === 'token');
      expect(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(6.9);
    });
  });

  describe('given the login screen', () => {
    it('answers 用户未注册 for a phone nobody registered', async () => {
      const stranger = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
      const other = await stranger.newPage();
      await other.goto(`${server.url}/login`);
      await other.getByPlaceholder('请输入手机号').fill('13600000000');
      await other.getByRole('button', { name: '获取验证码' }).click();
      await other.getByTestId('code-countdown').waitFor();
      const response = await fetch(`${server.url}/internal/sms?phone=13600000000`, { headers: { 'x-ops-token': server.opsToken } });
      const code = ((await response.json()) as { data: { code: string } }).data.code;
      await other.getByPlaceholder('请输入验证码').fill(code);
      await other.getByRole('button', { name: /^登\s*录$/ }).click();
      await other.getByText('用户未注册').waitFor();
      expect(new URL(other.url()).pathname).toBe('/login');
      await stranger.close();
    });

    it('toggles to register mode and back to home from the logo', async () => {
      await page.goto(`${server.url}/login`);
      await page.getByText('没有账号？立即注册').click();
      await page.waitForURL(/\/login\?type=1$/);
      await submit('注册').waitFor();
      await page.getByRole('link', { name: '集市首页' }).click();
      await page.waitForURL(`${server.url}/`);
    });
  });
}
