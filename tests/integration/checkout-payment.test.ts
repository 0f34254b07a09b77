/**
 * Paying (spec §4 Payment, §7 Pay / Pay QR / Pay check; DESIGN.md §8, §9): pay and getUrl only start or refresh a QR;
 * the sandbox cashier's 确认支付 sends a signed callback that pays the orders, pushes on `order:<id>` and turns checkPay
 * to SUCCESS; the same callback again has no second effect. Group buys wait in 6 until the group is complete.
 */
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { cupOrder, line, listen, newShopper, shopOf, typesOf, until, type PayInfo, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
});
afterAll(async () => server?.stop());

const confirm = (paymentId: string) => fetch(`${server.url}/pay/sandbox/${paymentId}/confirm`, { method: 'POST' })
  .then(async (r) => ({ status: r.status, body: await r.json() as { ok: boolean; message: string } }));
const checkPay = (shopper: Shopper, orderId: number, type = 1) =>
  shopper.call<{ code: string; state: number; paymentState: number }>('GET', `/order/checkPay?orderId=${orderId}&type=${type}&money=1&collageId=0`);

describe('a placed order paid on the sandbox cashier', () => {
  let shopper: Shopper;
  let pay: PayInfo;
  beforeAll(async () => {
    shopper = await newShopper(server, NOW);
    pay = (await shopper.submit({ shops: cupOrder(1) })).body.data;
  });

  it('is not paid by asking for the QR again (pay and getUrl answer the same live QR)', async () => {
    const again = await shopper.call<PayInfo>('PUT', '/order/pay', { money: 0.01, orderId: pay.orderId, type: 1 });
    const url = await shopper.call<PayInfo>('GET', `/order/getUrl?orderId=${pay.orderId}`);
    expect(again.body.data).toMatchObject({ money: 108, paymentId: pay.paymentId, codeUrl: pay.codeUrl });
    expect(url.body.data.paymentId).toBe(pay.paymentId);
    expect((await checkPay(shopper, pay.orderId)).body.data).toMatchObject({ code: 'NOTPAY', state: 1, paymentState: 0 });
  });

  it('moves to 2 on 确认支付, pushes SUCCESS on order:<id>, and checkPay answers SUCCESS', async () => {
    const channel = await listen(server, shopper.token, `order:${pay.orderId}`);
    try {
      expect((await confirm(pay.paymentId)).body.ok).toBe(true);
      // the pushes come from the log: one for the placing may still arrive first when the feed runs behind
      await until(() => channel.pushes().some((m) => m.payload?.code === 'SUCCESS'));
      const paid = channel.pushes().find((m) => m.payload?.code === 'SUCCESS');
      expect(paid).toMatchObject({ channel: `order:${pay.orderId}`, payload: { state: 2, paymentState: 1, code: 'SUCCESS' } });
      expect(paid?.position).toMatch(/^\d+\/\d+$/);
    } finally {
      channel.ws.close();
    }
    expect((await checkPay(shopper, pay.orderId)).body.data).toMatchObject({ code: 'SUCCESS', state: 2, paymentState: 1 });
  });

  it('records one payment and one OrderPaid when the callback comes again', async () => {
    expect((await confirm(pay.paymentId)).body.ok).toBe(true);
    expect(await typesOf(server, `payment-${pay.paymentId}`)).toEqual(['PaymentCreated', 'PaymentSucceeded']);
    expect(await typesOf(server, `order-${pay.orderId}`)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it('answers 订单状态已变更 to a request for a new QR once paid', async () => {
    expect((await shopper.call('GET', `/order/getUrl?orderId=${pay.orderId}`)).body).toMatchObject({ code: '400001', message: '订单状态已变更' });
  });

  it('does not let another shopper see or pay it', async () => {
    const other = await newShopper(server, NOW, false);
    expect((await checkPay(other, pay.orderId)).body.code).toBe('400101');
    expect((await other.call('GET', `/order/getUrl?orderId=${pay.orderId}`)).body.code).toBe('400101');
    const channel = await listen(server, other.token, `order:${pay.orderId}`);
    channel.ws.close();
    expect(channel.messages.find((m) => m.op === 'error')).toMatchObject({ code: '403' });
  });
});

describe('one order of a two-shop checkout paid from the order list', () => {
  it('gets a QR of its own for its own amount; the other order stays unpaid', async () => {
    const shopper = await newShopper(server, NOW);
    const pay = (await shopper.submit({ shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 1)]), shopOf(ids.otherShop, [line(ids.sku.tea, 1)])] })).body.data;
    const [cups, tea] = pay.orderIds;
    const own = (await shopper.call<PayInfo>('GET', `/order/getUrl?orderId=${tea}`)).body.data;
    expect(own).toMatchObject({ money: 36, orderId: tea, orderIds: [tea] });
    expect(own.paymentId).not.toBe(pay.paymentId);
    expect((await confirm(own.paymentId)).body.ok).toBe(true);
    await until(async () => (await checkPay(shopper, tea, 2)).body.data.code === 'SUCCESS');
    expect((await checkPay(shopper, cups, 2)).body.data).toMatchObject({ code: 'NOTPAY', state: 1 });
    const rest = (await shopper.call<PayInfo>('PUT', '/order/pay', { orderId: cups, type: 1 })).body.data;
    expect(rest).toMatchObject({ money: 108, orderIds: [cups] });
  });
});

describe('a group buy of two', () => {
  const buy = (shopper: Shopper, type: 1 | 2, collageId?: number) => shopper.submit({
    type, shopGroupWorkId: ids.groupWork, collageId, shops: [shopOf(ids.otherShop, [line(ids.sku.group, 1, 0)])],
  });

  const formingGroups = async () => {
    const response = await fetch(`${server.url}/api/product/getById?shopId=${ids.otherShop}&productId=${ids.group}&skuId=${ids.sku.group}`);
    const body = await response.json() as { data: { collageOrders: Array<{ collageId: number; name: string; person: number; time: number }> } };
    return body.data.collageOrders;
  };

  it('waits in 6 after the leader pays, and both orders move to 2 when the second member pays', async () => {
    const leader = await newShopper(server, NOW);
    const opened = (await buy(leader, 1)).body.data;
    expect(opened).toMatchObject({ money: 50 });
    expect(opened.collageId).toBeGreaterThan(0);
    expect((await formingGroups()).map((g) => g.collageId)).not.toContain(opened.collageId); // the leader has not paid
    await confirm(opened.paymentId);
    await until(async () => (await checkPay(leader, opened.orderId)).body.data.state === 6);
    await until(async () => (await formingGroups()).some((g) => g.collageId === opened.collageId));
    expect((await formingGroups()).find((g) => g.collageId === opened.collageId))
      .toMatchObject({ person: 1, time: 24 * 3600_000, name: expect.any(String) });

    const member = await newShopper(server, NOW);
    const joined = (await buy(member, 2, opened.collageId)).body.data;
    expect(joined.collageId).toBe(opened.collageId);
    await confirm(joined.paymentId);
    await until(async () => (await checkPay(member, joined.orderId)).body.data.state === 2);
    expect((await checkPay(leader, opened.orderId)).body.data).toMatchObject({ code: 'SUCCESS', state: 2 });
    expect(await typesOf(server, `collage-${opened.collageId}`))
      .toEqual(['CollageOpened', 'CollageMemberPaid', 'CollageMemberJoined', 'CollageMemberPaid', 'CollageSucceeded']);

    expect((await formingGroups()).map((g) => g.collageId)).not.toContain(opened.collageId);

    const late = await newShopper(server, NOW);
    expect((await buy(late, 2, opened.collageId)).body).toMatchObject({ code: '600001', message: '该拼单已成团' });
  });
});
