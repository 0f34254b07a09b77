/**
 * Inviting a friend into a group buy, in Chromium against a real server (PGlite, demo seed; spec §2 Order detail
 * invite-friends QR, §4 group states, §7 Share): the leader opens and pays a group of two, 邀请好友参团 on the order
 * detail shows the invite page's QR and link; the friend opens the link without a token, is sent to log in, registers
 * and comes back to the invite page, 参与拼团 goes through the group-buy checkout, and once paid the group has formed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';
import { productHref, productsOfShop, register, submitAndPayOnSandbox } from './buy.support';

const browser: Browser | null = await launchBrowser();

if (browser) {
  const chromium: Browser = browser;
  let server: TestServer;
  let leaderContext: BrowserContext;
  let friendContext: BrowserContext;
  let leader: Page;
  let friend: Page;
  let inviteLink = '';

  const tokenOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';
  const addAddress = async (context: BrowserContext, phone: string) => {
    const response = await fetch(`${server.url}/api/receive/save`, {
      method: 'POST',
      headers: { authorization: await tokenOf(context), 'content-type': 'application/json' },
      body: JSON.stringify({ receiveName: '李小集', receivePhone: phone, receiveAdress: '湖北省-武汉市-武昌区', address: '中北路 100 号', label: '家', defult: 'true' }),
    });
    expect(((await response.json()) as { code: string }).code).toBe('200');
  };
  const submitAndPay = (page: Page, context: BrowserContext) => submitAndPayOnSandbox(page, context, server.url);

  beforeAll(async () => {
    server = await startTestServer();
    leaderContext = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    friendContext = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
    leader = await leaderContext.newPage();
    friend = await friendContext.newPage();
    await register(leader, server, '13812345601');
    await addAddress(leaderContext, '13812345601');
  }, 180_000);

  afterAll(async () => {
    await leaderContext?.close();
    await friendContext?.close();
    await chromium.close();
    await server?.stop();
  });

  it('shows the leader, once the group is paid, the invite page\'s QR and link on the order detail', async () => {
    const nuts = (await productsOfShop(server.url, 7)).find((p) => p.productId === 4001);
    if (!nuts) throw new Error('the demo group-buy product 4001 is not listed');
    await leader.goto(productHref(server.url, nuts));
    await leader.getByRole('button', { name: /发起拼团/ }).click();
    await leader.waitForURL(/\/placeOrder\?ifWork=1/);
    await submitAndPay(leader, leaderContext);
    await leader.getByTestId('group-info').getByText('拼团中，还差 1 人成团').waitFor({ timeout: 30_000 });

    await leader.getByRole('button', { name: '邀请好友参团' }).click();
    const dialog = leader.getByTestId('invite-dialog');
    await dialog.getByRole('img', { name: '邀请好友参团二维码' }).waitFor();
    inviteLink = await dialog.locator('.group-invite__link').innerText();
    expect(inviteLink).toMatch(new RegExp(`^${server.url}/groupInvite\\?collageId=\\d+$`));
  }, 120_000);

  it('sends a friend without a token to log in, and back to the invite page after registering', async () => {
    await friend.goto(inviteLink);
    await friend.waitForURL(/\/login\?type=2&redirect=%2FgroupInvite%3FcollageId%3D\d+$/);
    await friend.getByText('请先登录').first().waitFor();
    await friend.getByRole('link', { name: '没有账号？立即注册' }).click();
    await friend.waitForURL(/\/login\?type=1&redirect=/);
    await friend.getByPlaceholder('请输入手机号').fill('13812345602');
    await friend.getByRole('button', { name: '获取验证码' }).click();
    await friend.getByTestId('code-countdown').waitFor();
    const sms = await fetch(`${server.url}/internal/sms?phone=13812345602`, { headers: { 'x-ops-token': server.opsToken } });
    await friend.getByPlaceholder('请输入验证码').fill(((await sms.json()) as { data: { code: string } }).data.code);
    await friend.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await friend.getByRole('button', { name: /^注\s*册$/ }).click();
    await friend.waitForURL(inviteLink);

    const card = friend.getByTestId('group-invite');
    await card.getByTestId('invite-status').filter({ hasText: '还差 1 人成团' }).waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('invite-member').count()).toBe(1);
    expect(await card.getByTestId('invite-member').first().innerText()).toContain('团长');
    expect(await card.getByLabel('待加入').count()).toBe(1);
  }, 120_000);

  it('joins the group through the group-buy checkout with 参与拼团, and the group then has formed', async () => {
    await addAddress(friendContext, '13812345602');
    await friend.getByRole('button', { name: '参与拼团' }).click();
    await friend.waitForURL(/\/placeOrder\?ifWork=1&activityType=1&works=/);
    const works = JSON.parse(new URL(friend.url()).searchParams.get('works') ?? '{}') as { type: number; collageId: number };
    expect(works).toMatchObject({ type: 2, collageId: Number(new URL(inviteLink).searchParams.get('collageId')) });
    await submitAndPay(friend, friendContext);
    await friend.getByTestId('group-info').getByText('拼团成功').waitFor({ timeout: 30_000 });

    await friend.goto(inviteLink);
    const card = friend.getByTestId('group-invite');
    await card.getByTestId('invite-status').filter({ hasText: '拼团成功' }).waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('invite-member').count()).toBe(2);
    expect(await card.getByRole('button', { name: '参与拼团' }).count()).toBe(0);
    await card.getByRole('button', { name: '查看订单' }).waitFor();
  }, 120_000);
}
