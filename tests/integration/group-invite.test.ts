/**
 * Group-buy invitations over HTTP (spec §2 Order detail invite-friends QR, §7 Share; origin-contract §8
 * `/work/getInvite`): the leader's group as a friend sees it — product at the group price, size, paid members with the
 * leader first, time left — and whether the friend may join; the share call answers the invite link and its QR; the
 * friend joins through the group-buy checkout and the group then shows both; strangers' order ids answer as missing.
 */
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { line, newShopper, shopOf, until, type PayInfo, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
});
afterAll(async () => server?.stop());

interface Invite {
  collageId: number; headImage: string; productName: string; image: string; originalPrice: number; price: number;
  person: number; people: number; state: number; personList: Array<{ id: number; headImage: string }>; time: number;
  shopId: number; productId: number; skuId: number; shopGroupWorkId: number; orderId: number; canJoin: boolean;
}
interface Share { collageId: number; url: string; qrcode: string }

const buy = (shopper: Shopper, type: 1 | 2, collageId?: number) => shopper.submit({
  type, shopGroupWorkId: ids.groupWork, collageId, shops: [shopOf(ids.otherShop, [line(ids.sku.group, 1, 0)])],
});
const confirm = (paymentId: string) => fetch(`${server.url}/pay/sandbox/${paymentId}/confirm`, { method: 'POST' });
const invite = (shopper: Shopper, body: Record<string, unknown>) => shopper.call<Invite>('POST', '/work/getInvite', body);
const stateOf = async (shopper: Shopper, orderId: number) =>
  (await shopper.call<{ state: number }>('GET', `/order/checkPay?orderId=${orderId}&type=2`)).body.data.state;

describe('a leader who opened and paid a group of two', () => {
  let leader: Shopper;
  let friend: Shopper;
  let opened: PayInfo;
  beforeAll(async () => {
    leader = await newShopper(server, NOW);
    friend = await newShopper(server, NOW);
    opened = (await buy(leader, 1)).body.data;
    await confirm(opened.paymentId);
    await until(async () => (await stateOf(leader, opened.orderId)) === 6);
  });

  it('answers the leader the group with the product at its group price, the leader first, and their own order', async () => {
    const { body } = await invite(leader, { collageId: opened.collageId, orderId: opened.orderId });
    expect(body.code).toBe('200');
    expect(body.data).toMatchObject({
      collageId: opened.collageId, person: 2, people: 1, state: 0, price: 50, time: 24 * 3600_000,
      shopId: ids.otherShop, productId: ids.group, skuId: ids.sku.group, shopGroupWorkId: ids.groupWork,
      orderId: opened.orderId, canJoin: false,
    });
    expect(body.data.originalPrice).toBeGreaterThan(50);
    expect(body.data.productName).not.toBe('');
    expect(body.data.personList).toEqual([{ id: leader.userId, headImage: expect.any(String) }]);
  });

  it('shares the invite page\'s link and a QR image of it', async () => {
    const { body } = await leader.call<Share>('GET', `/work/getShare?collageId=${opened.collageId}&orderId=${opened.orderId}&productId=${ids.group}&skuId=${ids.sku.group}&type=0`);
    expect(body.code).toBe('200');
    expect(body.data.url).toBe(`${server.url}/groupInvite?collageId=${opened.collageId}`);
    expect(body.data.qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.data.qrcode.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('answers a friend the same group, which the friend may join, without naming an order of theirs', async () => {
    const { body } = await invite(friend, { collageId: opened.collageId });
    expect(body.data).toMatchObject({ collageId: opened.collageId, people: 1, orderId: 0, canJoin: true });
  });

  it('answers the friend naming the leader\'s order as if the group were missing, and shares nothing to a non-member', async () => {
    expect((await invite(friend, { collageId: opened.collageId, orderId: opened.orderId })).body)
      .toMatchObject({ code: '81002', message: '该拼单不存在' });
    expect((await friend.call('GET', `/work/getShare?collageId=${opened.collageId}`)).body.code).toBe('81002');
  });

  it('shows both members and no free place once the friend joined through the group checkout and paid', async () => {
    const joined = (await buy(friend, 2, opened.collageId)).body.data;
    expect(joined.collageId).toBe(opened.collageId);
    await confirm(joined.paymentId);
    await until(async () => (await stateOf(friend, joined.orderId)) === 2);
    const { body } = await invite(friend, { collageId: opened.collageId, orderId: joined.orderId });
    expect(body.data).toMatchObject({ state: 1, people: 0, time: 0, orderId: joined.orderId, canJoin: false });
    expect(body.data.personList.map((p) => p.id)).toEqual([leader.userId, friend.userId]);
    const stranger = await newShopper(server, NOW, false);
    expect((await invite(stranger, { collageId: opened.collageId })).body.data.canJoin).toBe(false);
  });
});

describe('bad input and unknown groups', () => {
  let shopper: Shopper;
  beforeAll(async () => { shopper = await newShopper(server, NOW, false); });

  it('answers a group that does not exist with 81002 该拼单不存在', async () => {
    expect((await invite(shopper, { collageId: 987654321 })).body).toMatchObject({ code: '81002', message: '该拼单不存在' });
  });

  it.each([
    ['POST', '/work/getInvite', {}, 'collageId'],
    ['POST', '/work/getInvite', { collageId: 'abc' }, 'collageId'],
    ['POST', '/work/getInvite', { collageId: 1, orderId: -3 }, 'orderId'],
    ['GET', '/work/getShare?collageId=x', undefined, 'collageId'],
    ['GET', '/work/getShare?collageId=1&type=7', undefined, 'type'],
  ])('%s %s %j answers 400 naming %s', async (method, path, body, field) => {
    const { status, body: answer } = await shopper.call(method, path, body);
    expect([status, answer.code]).toEqual([400, '400']);
    expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
    expect(answer.message).toContain(field);
  });

  it('asks a visitor without a token to log in (20005)', async () => {
    const response = await fetch(`${server.url}/api/work/getInvite`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ collageId: 1 }),
    });
    expect(await response.json()).toMatchObject({ code: '20005' });
  });
});
