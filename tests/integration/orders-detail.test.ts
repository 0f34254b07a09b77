/**
 * Order detail over HTTP (spec §2 Order detail, §3 Order; origin-contract §5.4 OrderDetail) under a controllable
 * clock: every field per state, the progress bar, logistics with simulated tracking in state 3, the group of a
 * group-buy order from its collage stream, tracking lookups, the express companies, and nothing of another shopper's.
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { call, collageCommand, openShop, orderCommand, payOrder, placeOrder, shipDirectly, tokenFor } from './orders.support';

interface Detail {
  orderId: number; orderFormid: string; state: number; stateName: string; paymentState: number; paymentMode: number;
  shopName: string; shopPhone: string; chargePersonPhone: string; receiveName: string; receivePhone: string;
  receiveAdress: string; address: string; remark: string; orderPrice: number; logisticsPrice: number; discountPrice: number;
  price: number; money: number; transactionId: string; createTime: string; paymentTime: string; dileveryTime: string;
  receiveTime: string; closeTime: string; time: number; ifAfter: number; collageId: number; express: number;
  expressName: string; deliverFormid: string;
  progress: { closed: boolean; active: number; steps: Array<{ title: string; time: string }> };
  logistics: null | { expressName: string; deliverFormid: string; steps: Array<{ time: string; reason: string }> };
  collageDetail: null | { state: number; person: number; people: number; time: number; personList: Array<{ id: number; headImage: string }> };
  skus: Array<{ skuId: number; afterState: number; ifAfter: number; commentId: number }>;
}

const HOUR = 60 * 60 * 1000;
let now = new Date('2025-06-01T02:00:00.000Z');
let server: TestServer;
let token: string;
const USER = 7201;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => now });
  await openShop(server, 9001, '山野户外旗舰店', '杭州市');
  token = await tokenFor(server, USER);
  await placeOrder(server, 2001, { userId: USER, receiveAdress: '广东省-深圳市-南山区' });
  await placeOrder(server, 2002, { userId: USER });
  await payOrder(server, 2002);
  await shipDirectly(server, 2002);
  await placeOrder(server, 2003, { userId: USER });
  await payOrder(server, 2003);
  await collageCommand(server, 501, {
    type: 'OpenCollage',
    data: {
      collageId: 501, shopGroupWorkId: 31, shopId: 9001, productId: 110, skuId: 11, size: 2, effectiveHours: 72,
      leader: { userId: USER, orderId: 2004, headImage: '/images/avatar/7201.svg' },
    },
  });
  await placeOrder(server, 2004, { userId: USER, collageId: 501, shopGroupWorkId: 31 });
  await payOrder(server, 2004, { groupForming: true, collageId: 501 });
  await placeOrder(server, 2005, { userId: USER });
  await orderCommand(server, 2005, { type: 'CancelOrder', data: {} });
});
afterAll(async () => server?.stop());

const detail = async (orderId: number, as = token) =>
  (await call<Detail>(server, 'GET', `/api/order/getById?orderId=${orderId}`, { token: as })).body;

describe('an order waiting for payment', () => {
  it('shows receiving, seller and money fields, and counts down the hour to pay', async () => {
    const { code, data } = await detail(2001);
    expect(code).toBe('200');
    expect(data).toEqual(expect.objectContaining({
      orderId: 2001, orderFormid: '300000000002001', state: 1, stateName: '待付款', paymentState: 0, paymentMode: 1,
      shopName: '山野户外旗舰店', shopPhone: '0571-88886666', chargePersonPhone: '13900139000',
      receiveName: '张三', receivePhone: '13800138000', receiveAdress: '广东省-深圳市-南山区', address: '文三路 1 号',
      remark: '工作日送货', orderPrice: 309, logisticsPrice: 10, discountPrice: 0, price: 309, money: 0, transactionId: '',
      createTime: '2025-06-01 10:00:00', paymentTime: '', dileveryTime: '', time: HOUR, collageDetail: null, logistics: null,
    }));
    expect(data.progress).toEqual(expect.objectContaining({ closed: false, active: 0 }));
    expect(data.progress.steps.map((s) => s.title)).toEqual(['提交订单', '付款成功', '商品出库', '等待收货', '完成']);
  });

  it('counts down with the API clock', async () => {
    now = new Date(now.getTime() + 10 * 60 * 1000);
    expect((await detail(2001)).data.time).toBe(50 * 60 * 1000);
  });
});

describe('a shipped order, a day and a half later', () => {
  it('shows the payment, the waybill and tracking steps up to 派送中', async () => {
    now = new Date(now.getTime() + 36 * HOUR);
    const { data } = await detail(2002);
    expect(data).toEqual(expect.objectContaining({
      state: 3, paymentState: 1, money: 309, transactionId: '42002002', express: 1, expressName: '顺丰速运',
      deliverFormid: '100000002002', ifAfter: 1,
    }));
    expect(data.paymentTime).toMatch(/^2025-06-01 10:00:\d{2}$/);
    expect(data.progress.active).toBe(3);
    expect(data.time).toBeLessThan(15 * 24 * HOUR);
    expect(data.time).toBeGreaterThan(13 * 24 * HOUR);
    expect(data.logistics?.steps[0].reason).toMatch(/派送中|已签收|营业部/);
    expect(data.logistics?.steps.at(-1)?.reason).toBe('【杭州市】顺丰速运 已揽收，快件单号 100000002002');
  });

  it('answers the same steps from the tracking lookup', async () => {
    const { body } = await call<Array<{ time: string; reason: string }>>(server, 'GET',
      '/api/order/getDilevery?express=1&deliverFormid=100000002002', { token });
    expect(body.data).toEqual((await detail(2002)).data.logistics?.steps);
  });

  it('answers no steps for a waybill of nobody\'s shipment, and 请选择物流公司 for an unknown company', async () => {
    const unknown = await call(server, 'GET', '/api/order/getDilevery?express=1&deliverFormid=999999999', { token });
    expect(unknown.body).toEqual({ code: '200', message: '成功', data: [] });
    const company = await call(server, 'GET', '/api/order/getDilevery?express=UPS&deliverFormid=100000002002', { token });
    expect(company.body).toEqual({ code: '400102', message: '请选择物流公司', data: null });
  });
});

describe('a paid group-buy order whose group still forms', () => {
  it('is 待成团 with the group from the collage stream: size, missing members, leader first', async () => {
    const { data } = await detail(2004);
    expect(data).toEqual(expect.objectContaining({ state: 6, stateName: '待成团', paymentState: 1, collageId: 501 }));
    expect(data.collageDetail).toEqual(expect.objectContaining({
      state: 0, person: 2, people: 1, personList: [{ id: USER, headImage: '/images/avatar/7201.svg' }],
    }));
    expect(data.collageDetail?.time).toBeGreaterThan(0);
  });
});

describe('a closed order', () => {
  it('shows the closed progress branch with its closing time', async () => {
    const { data } = await detail(2005);
    expect(data).toEqual(expect.objectContaining({ state: 5, stateName: '已关闭', closeTime: '2025-06-01 10:00:00' }));
    expect(data.progress).toEqual(expect.objectContaining({ closed: true, active: 2 }));
    expect(data.progress.steps.map((s) => s.title)).toEqual(['处理中', '审核通过', '已关闭']);
  });
});

describe('somebody else\'s order', () => {
  it('is as unknown as a missing one: 400101 订单不存在', async () => {
    const stranger = await tokenFor(server, 7299);
    expect(await detail(2002, stranger)).toEqual({ code: '400101', message: '订单不存在', data: null });
    expect(await detail(987654, token)).toEqual({ code: '400101', message: '订单不存在', data: null });
  });

  it('has no tracking for the stranger either', async () => {
    const stranger = await tokenFor(server, 7299);
    const { body } = await call(server, 'GET', '/api/order/getDilevery?express=1&deliverFormid=100000002002', { token: stranger });
    expect(body.data).toEqual([]);
  });
});

describe('the express companies', () => {
  it('list dict ids and names', async () => {
    const { body } = await call<Array<{ dictId: number; dictName: string }>>(server, 'GET', '/api/order/getExpressSelect', { token });
    expect(body.data).toEqual(expect.arrayContaining([{ dictId: 1, dictName: '顺丰速运' }, { dictId: 8, dictName: '极兔速递' }]));
    expect(body.data.length).toBeGreaterThanOrEqual(8);
  });
});
