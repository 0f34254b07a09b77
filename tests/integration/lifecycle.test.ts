/**
 * One order's whole life over HTTP, as a shopper and a merchant live it (DESIGN.md §7): register by SMS code, add a
 * seeded SKU to the cart, settle, submit, pay on the sandbox cashier (a signed callback), 待发货 → ship through the
 * internal route → 待收货 → confirm receipt → 已完成, with the shopper's notices along the way and the audit trail
 * in the order's stream, replayed by the auditor's route (ops audit order).
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { freshPhone, IdentityClient } from './identity.support';
import { call, eventually } from './orders.support';

interface Settlement { shops: Array<{ shopId: number; distribution: { distributionPrice: number; logisticsId: number } }> }
interface PayInfo { orderId: number; money: number; codeUrl: string }
interface Order { orderId: number; state: number; paymentState: number; orderFormid: string; price: number; money: number; skus: Array<{ skuId: number; number: number }> }
interface Notice { noticeTitle: string; only: number }

let server: TestServer;
let token: string;
let sku: { skuId: number; shopId: number };

beforeAll(async () => {
  server = await startTestServer({ web: false });
  const signedIn = await new IdentityClient(server).signInFresh(freshPhone(), 1);
  token = signedIn.body.data.token;
  const { rows } = await server.runtime.db.query<{ sku_id: string; shop_id: string }>(
    `select s.sku_id, s.shop_id from skus s join products p on p.product_id = s.product_id
      where p.listed and s.stock >= 10 and s.price > 0 order by s.sku_id limit 1`);
  sku = { skuId: Number(rows[0].sku_id), shopId: Number(rows[0].shop_id) };
});
afterAll(async () => server?.stop());

const api = <T>(method: string, path: string, body?: unknown) => call<T>(server, method, `/api${path}`, { token, body });
const order = async (orderId: number) => (await api<Order>('GET', `/order/getById?orderId=${orderId}`)).body.data;

describe('an order from the cart to 已完成', () => {
  let pay: PayInfo;
  let orderId: number;

  it('is submitted from the cart for the settled price and waits for payment', async () => {
    const saved = await api<{ receiveId: number }>('POST', '/receive/save', {
      receiveName: '李四', receivePhone: '13800138000', receiveAdress: '浙江省-杭州市-西湖区', address: '文三路 1 号', defult: 'true',
    });
    expect(saved.body.code).toBe('200');
    const receiveId = saved.body.data.receiveId;
    expect((await api('POST', '/cart/addCart', { skuId: sku.skuId, number: 2 })).body.code).toBe('200');
    const shops = [{ shopId: sku.shopId, skus: [{ skuId: sku.skuId, number: 2, selected: 1 }] }];
    const settled = await api<Settlement>('POST', '/order/getSettlement', { type: 1, ifWork: 0, receiveId, shops });
    expect(settled.body.code).toBe('200');
    const distribution = settled.body.data.shops[0].distribution;
    const response = await fetch(`${server.url}/api/order/submit`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': 'lifecycle-1' },
      body: JSON.stringify({
        receiveId, couponId: null, remark: '请尽快发货', paymentMode: 1, price: 0, discountPrice: 0,
        shops: [{ shopId: sku.shopId, id: null, distribution, skus: shops[0].skus }],
      }),
    });
    const submitted = (await response.json()) as { code: string; message: string; data: PayInfo };
    expect(submitted.code).toBe('200');
    pay = submitted.data;
    const mine = (await api<{ list: Order[] }>('GET', '/order/getAll?state=1')).body.data.list;
    expect(mine).toHaveLength(1);
    orderId = mine[0].orderId;
    expect(mine[0]).toEqual(expect.objectContaining({ state: 1, paymentState: 0, money: 0, price: pay.money }));
    expect(mine[0].skus).toEqual([expect.objectContaining({ skuId: sku.skuId, number: 2 })]);
  });

  it('is paid by the sandbox callback and waits for shipment', async () => {
    const paymentId = decodeURIComponent(new URL(pay.codeUrl).pathname.split('/').pop() ?? '');
    const confirm = await fetch(`${server.url}/pay/sandbox/${encodeURIComponent(paymentId)}/confirm`, { method: 'POST' });
    expect(confirm.status).toBeLessThan(400);
    const paid = await eventually(async () => {
      const o = await order(orderId);
      return o.state === 2 ? o : null;
    });
    expect(paid).toEqual(expect.objectContaining({ paymentState: 1, money: pay.money }));
  });

  it('is shipped by the merchant and waits for receipt', async () => {
    const shipped = await call(server, 'POST', `/internal/orders/${orderId}/ship`, {
      ops: true, body: { express: 'ZTO', deliverFormid: '731234567890' },
    });
    expect(shipped.body.code).toBe('200');
    expect((await order(orderId)).state).toBe(3);
  });

  it('is completed when the shopper confirms receipt', async () => {
    expect((await api('POST', '/order/confirm', { orderId })).body.message).toBe('确认收货成功');
    const done = await order(orderId);
    expect(done.state).toBe(4);
    expect((await api<{ list: Order[] }>('GET', '/order/getAll?state=4')).body.data.list.map((o) => o.orderId)).toEqual([orderId]);
  });

  it('told the shopper it was paid and shipped', async () => {
    const titles = await eventually(async () => {
      const list = (await api<{ list: Notice[] }>('GET', '/notice/getAll?page=1')).body.data.list;
      const mine = list.filter((n) => n.only === orderId).map((n) => n.noticeTitle);
      return mine.length === 2 ? mine.sort() : null;
    });
    expect(titles).toEqual(['订单已发货', '订单支付成功']);
  });

  it('left every transition in the order\'s stream', async () => {
    const types = (await server.runtime.store.readStream(`order-${orderId}`)).map((e) => e.type);
    expect(types).toEqual(['OrderPlaced', 'OrderPaid', 'OrderShipped', 'ReceiptConfirmed']);
  });

  describe('replayed by the auditor (GET /internal/audit/orders/:id, as `npm run ops -- audit order` prints it)', () => {
    interface Audit {
      orderId: number; streams: string[]; state: { code: number; name: string } | null; chainHead: string;
      entries: Array<{ type: string; streamId: string; position: string; verified: boolean | null; hash: string;
        from: { code: number } | null; to: { code: number } | null; actor: { kind: string }; summary: string }>;
    }
    const audit = async (query = '') => call<Audit>(server, 'GET', `/internal/audit/orders/${orderId}${query}`, { ops: true });

    it('merges the order, its checkout and its payment in log order, every transition accepted, ending in 4', async () => {
      const { body } = await audit();
      expect(body.code).toBe('200');
      const { entries, state, streams } = body.data;
      expect(streams).toEqual(expect.arrayContaining([`order-${orderId}`, expect.stringMatching(/^checkout-/), expect.stringMatching(/^payment-/)]));
      const orderSteps = entries.filter((e) => e.streamId === `order-${orderId}`);
      expect(orderSteps.map((e) => [e.type, e.to?.code])).toEqual([
        ['OrderPlaced', 1], ['OrderPaid', 2], ['OrderShipped', 3], ['ReceiptConfirmed', 4],
      ]);
      expect(orderSteps.slice(1).map((e) => e.from?.code)).toEqual([1, 2, 3]);
      expect(entries.filter((e) => e.verified === false)).toEqual([]);
      expect(entries.filter((e) => e.streamId.startsWith('payment-')).map((e) => e.to?.code).length).toBeGreaterThanOrEqual(2);
      expect(state).toMatchObject({ code: 4 });
      const positions = entries.map((e) => e.position.split('/').map(BigInt));
      for (let i = 1; i < positions.length; i += 1) {
        const [a, b] = [positions[i - 1], positions[i]];
        expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
      }
      expect(body.data.chainHead).toMatch(/^[0-9a-f]{64}$/);
      expect(body.data.chainHead).toBe(entries.at(-1)?.hash);
      expect((await audit()).body.data.chainHead).toBe(body.data.chainHead); // the same history, the same chain
    });

    it('replays the state as of a log position: paid, not yet shipped', async () => {
      const all = (await audit()).body.data.entries;
      const paidAt = all.find((e) => e.type === 'OrderPaid')?.position ?? '';
      const { body } = await audit(`?asOf=${encodeURIComponent(paidAt)}`);
      expect(body.data.state).toMatchObject({ code: 2 });
      expect(body.data.entries.map((e) => e.type)).not.toContain('OrderShipped');
      expect(body.data.entries.at(-1)?.position).toBe(paidAt);
    });

    it('answers 订单不存在 for an order never placed, and a clear 400 for a malformed asOf', async () => {
      expect((await call(server, 'GET', '/internal/audit/orders/987654321', { ops: true })).body)
        .toMatchObject({ code: '400101', message: '订单不存在' });
      expect((await audit('?asOf=yesterday-ish')).body.code).toBe('400');
    });

    it('marks an event whose price was edited in the table, and audit verify reports it at its position (last: it tampers)', async () => {
      interface Verification { ok: boolean; problems: Array<{ kind: string; streamId: string; position: string }> }
      expect((await call<Verification>(server, 'GET', '/internal/audit/verify', { ops: true })).body.data.ok).toBe(true);
      const placed = (await server.runtime.store.readStream(`order-${orderId}`))[0];
      await server.runtime.db.query(
        `update events set data = jsonb_set(data, '{orderPrice}', '1') where stream_id = $1 and stream_revision = 0`, [`order-${orderId}`]);
      const { body } = await call<Audit & { entries: Array<{ tampered: string | null }> }>(server, 'GET', `/internal/audit/orders/${orderId}`, { ops: true });
      const tampered = body.data.entries.filter((e) => e.tampered);
      expect(tampered.map((e) => [e.type, e.position])).toEqual([['OrderPlaced', `${placed.position.commit}/${placed.position.prepare}`]]);
      const verified = (await call<Verification>(server, 'GET', '/internal/audit/verify', { ops: true })).body.data;
      expect(verified.ok).toBe(false);
      expect(verified.problems).toEqual([expect.objectContaining({ kind: 'edited', streamId: `order-${orderId}`, position: tampered[0].position })]);
    });
  });
});
