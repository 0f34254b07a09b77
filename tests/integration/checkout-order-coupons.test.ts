/**
 * `/api/order/getOrderCoupons` over HTTP (spec §5 Coupons, §7): the coupons the shopper may use on the order being
 * placed — the same lists the settlement offers, as a GET with the /placeOrder query's `shops` JSON or a POST with a
 * settlement body; only the caller's own claims; malformed input answers 400 naming the field.
 */
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { line, newShopper, shopOf, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
});
afterAll(async () => server?.stop());

interface CouponView { id: number; couponId: number; shopCouponId: number; content: string; reduceMoney: number; endTime: string; ifAdd: number; ids: number[] }
interface OrderCoupons { coupons: CouponView[]; shops: Array<{ shopId: number; shopCoupons: CouponView[] }> }

const twoShops = () => [shopOf(ids.shop, [line(ids.sku.cupRed, 2)]), shopOf(ids.otherShop, [line(ids.sku.tea, 3)])];
const query = (shops: unknown, extra = '') => `/order/getOrderCoupons?shops=${encodeURIComponent(JSON.stringify(shops))}${extra}`;

describe('a shopper holding a platform and a shop coupon, placing an order from two shops', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await newShopper(server, NOW);
    await shopper.claim({ couponId: ids.coupon.twentyOff });
    await shopper.claim({ shopCouponId: ids.shopCoupon.tenOff });
  });

  it('answers the platform coupon and, per shop, that shop\'s coupon with the claim id to send back', async () => {
    const { status, body } = await shopper.call<OrderCoupons>('GET', query(twoShops()));
    expect([status, body.code]).toEqual([200, '200']);
    expect(body.data.coupons).toEqual([expect.objectContaining({ couponId: ids.coupon.twentyOff, shopCouponId: 0, reduceMoney: 20, content: '满100减20元' })]);
    expect(body.data.shops).toEqual([
      { shopId: ids.shop, shopCoupons: [expect.objectContaining({ shopCouponId: ids.shopCoupon.tenOff, couponId: 0, content: '无门槛减10元', ifAdd: 1 })] },
      { shopId: ids.otherShop, shopCoupons: [] },
    ]);
    expect(body.data.coupons[0].id).toBeGreaterThan(0);
  });

  it('answers exactly what the settlement of the same selection offers', async () => {
    const [coupons, settlement] = await Promise.all([
      shopper.call<OrderCoupons>('POST', '/order/getOrderCoupons', { shops: twoShops() }),
      shopper.settle({ shops: twoShops() }),
    ]);
    expect(coupons.body.data.coupons).toEqual(settlement.body.data.coupons);
    expect(coupons.body.data.shops.map((s) => s.shopCoupons)).toEqual(settlement.body.data.shops.map((s) => s.shopCoupons));
  });

  it('leaves out the platform coupon whose threshold these goods miss', async () => {
    const { body } = await shopper.call<OrderCoupons>('GET', query([shopOf(ids.otherShop, [line(ids.sku.tea, 1)])]));
    expect(body.data).toEqual({ coupons: [], shops: [{ shopId: ids.otherShop, shopCoupons: [] }] });
  });

  it('judges the coupons on the goods that can be bought, leaving an unshelved line out', async () => {
    const { body } = await shopper.call<OrderCoupons>('GET', query([shopOf(ids.shop, [line(ids.sku.cupRed, 2), line(ids.sku.unshelved, 1)])]));
    expect(body.code).toBe('200');
    expect(body.data.coupons.map((c) => c.couponId)).toEqual([ids.coupon.twentyOff]);
  });
});

describe('another shopper asking for the same order', () => {
  it('sees none of the first shopper\'s claims', async () => {
    const owner = await newShopper(server, NOW);
    await owner.claim({ couponId: ids.coupon.twentyOff });
    const other = await newShopper(server, NOW);
    const { body } = await other.call<OrderCoupons>('GET', query(twoShops()));
    expect(body.data).toEqual({ coupons: [], shops: [{ shopId: ids.shop, shopCoupons: [] }, { shopId: ids.otherShop, shopCoupons: [] }] });
  });
});

describe('malformed input', () => {
  let shopper: Shopper;
  beforeAll(async () => { shopper = await newShopper(server, NOW, false); });

  it.each([
    ['no shops', '/order/getOrderCoupons', 'shops'],
    ['shops that are not JSON', '/order/getOrderCoupons?shops=%7Bnot-json', 'shops'],
    ['a SKU id that is not a number', query([{ shopId: ids.shop, skus: [{ skuId: 'abc', number: 1 }] }]), 'skuId'],
    ['a receiveId that is not a number', query(twoShops(), '&receiveId=x'), 'receiveId'],
  ])('answers 400 naming the field for %s', async (_situation, path, field) => {
    const { status, body } = await shopper.call('GET', path);
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(body.message).toContain(field);
  });

  it('asks a visitor without a token to log in (20005)', async () => {
    const response = await fetch(`${server.url}/api${query(twoShops())}`);
    expect(await response.json()).toMatchObject({ code: '20005', message: '请先登录' });
  });
});
