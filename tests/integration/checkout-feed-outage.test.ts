/**
 * Buying while the feed is down (issue 28): Kafka or the projection worker is away, so no read model follows the log.
 * A shopper who just saved an address, filled the cart and claimed a coupon is no longer refused 503 服务繁忙 for the
 * whole outage: the settlement and the submit decide on the shopper's own streams (address book, coupon claims,
 * orders) and the catalogue read models, slower (each request first waits its bounded catch-up), and health says the
 * checkout runs that way without turning readiness to 503.
 */
import { allProjections } from '../../projections';
import { CHECKOUT_DECIDES_FROM_STREAMS } from '../../services/api/stream-decisions';
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { line, newShopper, shopOf, typesOf, until, type Shopper } from './checkout.support';
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
/** PGlite always; PostgreSQL (the production read models and store) when DATABASE_URL is set. */
const backends = process.env.DATABASE_URL ? ['pglite', 'postgres'] as const : ['pglite'] as const;

const NEW_ADDRESS = {
  receiveName: '赵六', receivePhone: '13712345678', receiveAdress: '广东省-广州市-天河区', address: '体育西路 1 号', label: '公司', defult: 'true',
};

const cartLines = [shopOf(ids.shop, [line(ids.sku.cupRed, 2)])];

describe.each(backends)('a shopper who saves an address, fills the cart and claims a coupon while the feed is down, on %s', (backend) => {
  let server: TestServer;
  let pg: FreshPostgres | null = null;
  let shopper: Shopper;
  let receiveId: number;
  let claimId: number;
  let orderId: number;
  let payUrl: string;
  let paymentId: string;
  let feedBack: () => void = () => undefined;

  /** Holds every read model back, as a broker or worker outage does; resolves to the function that lets them go. */
  async function feedDown(): Promise<() => void> {
    const resumes = await Promise.all(allProjections.map((p) => server.runtime.projections.pause(p.name)));
    return () => resumes.forEach((resume) => resume());
  }

  const placed = async (id: number) =>
    (await server.runtime.store.readStream(`order-${id}`)).find((e) => e.type === 'OrderPlaced')?.data as {
      receive: Record<string, string>; discountPrice: number; platformCouponId: number | null; lines: Array<{ skuId: number; number: number }>;
    };

  beforeAll(async () => {
    if (backend === 'postgres') pg = await freshPostgres('checkout_feed_outage');
    server = await startTestServer({
      web: false, clock: () => NOW, databaseUrl: pg?.url,
      // a short catch-up wait keeps the suite quick; one unpaid order per shopper shows the cap counted from the streams
      env: { READ_YOUR_WRITES_TIMEOUT_MS: '300', UNPAID_ORDERS_PER_USER: '1' },
    });
    await settleCheckoutFixture(server, NOW);
    shopper = await newShopper(server, NOW); // an older default address, in the read model before the outage
    feedBack = await feedDown();
    const saved = await shopper.call<{ receiveId: number }>('POST', '/receive/save', NEW_ADDRESS);
    expect(saved.body.code).toBe('200');
    receiveId = saved.body.data.receiveId;
    expect((await shopper.call('POST', '/cart/addCart', { skuId: ids.sku.cupRed, number: 2 })).body.code).toBe('200');
    await shopper.claim({ couponId: ids.coupon.twentyOff });
  });
  afterAll(async () => {
    feedBack();
    await server?.stop();
    await pg?.drop();
  });

  it('settles with the address just saved, the cart lines and the coupon just claimed', async () => {
    const { body } = await shopper.call<{ receive: { receiveId: number; receiveName: string }; coupons: Array<{ id: number; couponId: number }>; discountPrice: number }>(
      'POST', '/order/getSettlement', { type: 2, ifWork: 0, receiveId, couponId: ids.coupon.twentyOff, shops: cartLines });
    expect(body.code).toBe('200');
    expect(body.data.receive).toMatchObject({ receiveId, receiveName: '赵六' });
    expect(body.data.coupons).toEqual([expect.objectContaining({ couponId: ids.coupon.twentyOff })]);
    expect(body.data.discountPrice).toBe(20);
    claimId = body.data.coupons[0].id;
  });

  it('lists the coupon just claimed among the order\'s coupons', async () => {
    const { body } = await shopper.call<{ coupons: Array<{ couponId: number }> }>(
      'POST', '/order/getOrderCoupons', { type: 2, ifWork: 0, receiveId, shops: cartLines });
    expect(body.code).toBe('200');
    expect(body.data.coupons).toEqual([expect.objectContaining({ couponId: ids.coupon.twentyOff })]);
  });

  it('takes the address just saved as the one to ship to when none is named (the new default)', async () => {
    const { body } = await shopper.call<{ receive: { receiveId: number } }>('POST', '/order/getSettlement', { type: 2, ifWork: 0, shops: cartLines });
    expect(body.code).toBe('200');
    expect(body.data.receive.receiveId).toBe(receiveId);
  });

  it('submits: the order records the new address and the coupon, and the lines leave the cart', async () => {
    const { body } = await shopper.call<{ orderId: number; url: string; paymentId: string }>('POST', '/order/submit', {
      receiveId, paymentMode: 1, remark: '', couponId: ids.coupon.twentyOff, shops: cartLines,
    }, { 'idempotency-key': 'feed-outage-1' });
    expect(body).toMatchObject({ code: '200', message: '提交成功' });
    ({ orderId, url: payUrl, paymentId } = body.data);
    const order = await placed(orderId);
    expect(order.receive).toEqual({ receiveName: '赵六', receivePhone: '13712345678', receiveAdress: '广东省-广州市-天河区', address: '体育西路 1 号' });
    expect(order).toMatchObject({ platformCouponId: ids.coupon.twentyOff, discountPrice: 2000, lines: [expect.objectContaining({ skuId: ids.sku.cupRed, number: 2 })] });
    expect(await typesOf(server, `coupon-claim-${claimId}`)).toEqual(['CouponUsed']);
    expect((await typesOf(server, `cart-${shopper.userId}`)).at(-1)).toBe('CartLinesCheckedOut');
  });

  it('does not offer the coupon it just used again, though the read model of uses has not seen it', async () => {
    const { body } = await shopper.call<{ coupons: unknown[] }>('POST', '/order/getSettlement', { type: 2, ifWork: 0, receiveId, shops: cartLines });
    expect(body.code).toBe('200');
    expect(body.data.coupons).toEqual([]);
  });

  it('counts the order it just placed against its unpaid-order cap (81007), from the order streams', async () => {
    const { body } = await shopper.call('POST', '/order/submit', { receiveId, paymentMode: 1, remark: '', shops: cartLines },
      { 'idempotency-key': 'feed-outage-2' });
    expect(body.code).toBe('81007');
  });

  it('pays: the QR is served from the payment\'s stream, and the sandbox cashier\'s confirmation pays the order', async () => {
    const qr = await fetch(`${server.url}${payUrl}`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect((await fetch(`${server.url}/pay/sandbox/${paymentId}/confirm`, { method: 'POST' })).status).toBe(200);
    await until(async () => (await shopper.call<{ code: string }>('GET', `/order/checkPay?orderId=${orderId}&type=2`)).body.data.code === 'SUCCESS');
  });

  it('has health say the checkout decides from the event store, and readiness stays 200 once the feed is back', async () => {
    const during = (await (await fetch(`${server.url}/api/health`)).json()) as { data: { degraded?: string[] } };
    expect(during.data.degraded).toEqual([CHECKOUT_DECIDES_FROM_STREAMS]);
    feedBack();
    let health: { status: number; data: { status: string; degraded?: string[] } } = { status: 0, data: { status: '' } };
    await until(async () => {
      const response = await fetch(`${server.url}/api/health`);
      health = { status: response.status, data: ((await response.json()) as { data: typeof health.data }).data };
      return health.status === 200;
    }, 20_000);
    expect(health.data).toMatchObject({ status: 'up', degraded: [CHECKOUT_DECIDES_FROM_STREAMS] });
  });
});
