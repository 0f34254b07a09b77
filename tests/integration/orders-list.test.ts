/**
 * My orders over HTTP (spec §2 My orders, §4 tab filter, §7 Orders, §9 pageSize 5): tabs by state, the 待评价 tab
 * keeping only unreviewed orders, search by product name or order number, paging, deleted orders hidden, and
 * nobody sees another shopper's orders.
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { call, line, openShop, orderCommand, payOrder, placeOrder, shipDirectly, tokenFor } from './orders.support';

interface Item {
  orderId: number; orderFormid: string; state: number; shopName: string; shopLogo: string; paymentState: number;
  ifNotComment: number; ifAfter: number; time: number; price: number; money: number; orderPrice: number;
  skus: Array<{ productName: string; price: number; number: number; value: string; total: number }>;
}
interface Page { list: Item[]; total: number }

const MINUTE = 60 * 1000;
let now = new Date('2025-06-01T02:00:00.000Z');
/** Every step of the story one minute after the previous, so "newest change first" has one answer. */
const later = () => { now = new Date(now.getTime() + MINUTE); };

let server: TestServer;
let alice: string;
let bob: string;
const ALICE = 7101;
const BOB = 7102;

/**
 * Alice's orders: 1 unpaid ×2, 2 paid, 3 shipped (the last change of all), 4 received ×2 (one reviewed), 5 cancelled,
 * 5 deleted; Bob: one.
 */
beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => now });
  await openShop(server, 9001, '山野户外旗舰店');
  alice = await tokenFor(server, ALICE);
  bob = await tokenFor(server, BOB);
  const step = async <T>(work: () => Promise<T>) => { later(); return work(); };
  await step(() => placeOrder(server, 1001, { userId: ALICE, lines: [line(11, '轻薄透气网面跑步鞋', 29900, 2, ['白色', '42'])] }));
  await step(() => placeOrder(server, 1002, { userId: ALICE, lines: [line(12, '陕西洛川红富士苹果 5斤装', 5990)] }));
  await step(() => placeOrder(server, 1003, { userId: ALICE, lines: [line(13, '不锈钢保温杯 500ml', 8900)] }));
  await step(() => payOrder(server, 1003));
  await step(() => placeOrder(server, 1004, { userId: ALICE, lines: [line(14, '纯棉四件套', 19900)] }));
  await step(() => payOrder(server, 1004));
  for (const id of [1005, 1006]) {
    await step(() => placeOrder(server, id, { userId: ALICE, lines: [line(15 + id - 1005, id === 1005 ? '无线蓝牙耳机' : '机械键盘', 39900)] }));
    await step(() => payOrder(server, id));
    await step(() => shipDirectly(server, id));
    await step(() => orderCommand(server, id, { type: 'ConfirmReceipt', data: { afterSaleWindowDays: 15 } }));
  }
  await step(() => orderCommand(server, 1006, { type: 'ReviewLine', data: { skuId: 16, commentId: 1 } }));
  await step(() => placeOrder(server, 1007, { userId: ALICE, lines: [line(17, '竹制砧板', 4900)] }));
  await step(() => orderCommand(server, 1007, { type: 'CancelOrder', data: {} }));
  await step(() => placeOrder(server, 1008, { userId: ALICE, lines: [line(18, '陶瓷马克杯', 2900)] }));
  await step(() => orderCommand(server, 1008, { type: 'CancelOrder', data: {} }));
  await step(() => orderCommand(server, 1008, { type: 'DeleteOrder', data: {} }));
  await step(() => placeOrder(server, 1009, { userId: BOB, lines: [line(19, '跑步鞋 男款', 25900)] }));
  await step(() => shipDirectly(server, 1004));
});
afterAll(async () => server?.stop());

const list = async (query: string, token = alice) => (await call<Page>(server, 'GET', `/api/order/getAll?${query}`, { token })).body;
const ids = (page: Page) => page.list.map((o) => o.orderId).sort();

describe('the 全部 tab', () => {
  it('lists the shopper\'s orders but not deleted ones, newest change first, in pages of 5', async () => {
    const first = await list('state=&page=1');
    expect(first.code).toBe('200');
    expect(first.data.total).toBe(7);
    expect(first.data.list).toHaveLength(5);
    expect(first.data.list.map((o) => o.orderId)).toEqual([1004, 1007, 1006, 1005, 1003]);
    const second = await list('page=2');
    expect(second.data.list.map((o) => o.orderId)).toEqual([1002, 1001]);
  });

  it('shows each order with its shop, money in yuan and lines', async () => {
    const order = (await list('page=2')).data.list.find((o) => o.orderId === 1001);
    expect(order).toEqual(expect.objectContaining({
      orderFormid: '300000000001001', state: 1, paymentState: 0, shopName: '山野户外旗舰店',
      shopLogo: '/images/shop-logo/9001.svg', orderPrice: 608, price: 608, money: 0,
    }));
    expect(order?.skus).toEqual([expect.objectContaining({ productName: '轻薄透气网面跑步鞋', price: 299, number: 2, value: '白色,42', total: 598 })]);
    // placed at the first step, 21 steps (minutes) before the last: 39 of its 60 minutes to pay are left
    expect(order?.time).toBe(39 * MINUTE);
  });
});

describe('the state tabs', () => {
  it.each([
    ['1', [1001, 1002]],
    ['2', [1003]],
    ['3', [1004]],
    ['6', []],
  ])('state=%s keeps that state only', async (state, expected) => {
    expect(ids((await list(`state=${state}`)).data)).toEqual(expected);
  });

  it('state=4 (待评价) keeps only completed orders with something to review', async () => {
    const page = (await list('state=4')).data;
    expect(ids(page)).toEqual([1005]);
    expect(page.total).toBe(1);
    expect(page.list[0].ifNotComment).toBe(1);
  });

  it('rejects a state outside 1..6 naming the field', async () => {
    const { status, body } = await call(server, 'GET', '/api/order/getAll?state=9', { token: alice });
    expect(status).toBe(400);
    expect(body.message).toContain('state');
  });
});

describe('search', () => {
  it('finds orders by any part of a product name', async () => {
    expect(ids((await list(`search=${encodeURIComponent('跑步鞋')}`)).data)).toEqual([1001]);
    expect(ids((await list(`search=${encodeURIComponent('杯')}`)).data)).toEqual([1003]);
  });

  it('finds an order by its number, also within a tab', async () => {
    expect(ids((await list('search=000001004')).data)).toEqual([1004]);
    expect(ids((await list('search=000001004&state=1')).data)).toEqual([]);
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect((await list('search=%25')).data.total).toBe(0);
  });
});

describe('another shopper', () => {
  it('sees only their own orders', async () => {
    expect(ids((await list('', bob)).data)).toEqual([1009]);
  });

  it('needs a token: 20005 请先登录', async () => {
    expect((await call(server, 'GET', '/api/order/getAll')).body).toEqual({ code: '20005', message: '请先登录', data: null });
  });
});
