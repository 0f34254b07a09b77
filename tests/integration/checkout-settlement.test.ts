/**
 * POST /api/order/getSettlement over HTTP (spec §3 Settlement, §5 Coupons; origin-contract §5.1): every number is the
 * server's — goods at the catalogue's (or running activity's) price, shipping by template with the highest one of a
 * shop winning, coupons the shopper holds and may use, and invalid goods refused with 80002 and the offending lines.
 */
import { ids } from './checkout.fixtures';
import { settleCheckoutFixture } from './checkout.fixtures';
import { line, newShopper, shopOf, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
});
afterAll(async () => server?.stop());

const twoShops = () => [shopOf(ids.shop, [line(ids.sku.cupRed, 2)]), shopOf(ids.otherShop, [line(ids.sku.tea, 3)])];

describe('a cart selection from two shops, without coupons', () => {
  let shopper: Shopper;
  beforeAll(async () => { shopper = await newShopper(server, NOW); });

  it('prices goods and shipping per shop from the catalogue and the templates', async () => {
    const { body } = await shopper.settle({ shops: twoShops(), price: 1 });
    expect(body.code).toBe('200');
    const [cups, tea] = body.data.shops;
    // 按件: 8 for the first cup, 2 for the second; 按重量: 3 × 500 g = 1.5 kg → 6 for the first kg + 3 for a started one
    expect(cups).toMatchObject({ shopId: ids.shop, shopName: '杯具旗舰店', total: 200, number: 2,
      distribution: { distributionPrice: 10, logisticsId: ids.perItem, distributionName: '按件' } });
    expect(cups.skus).toEqual([expect.objectContaining({ skuId: ids.sku.cupRed, price: 100, number: 2, total: 200, activityType: 0 })]);
    expect(tea).toMatchObject({ shopId: ids.otherShop, total: 90, distribution: { distributionPrice: 9, distributionName: '按重量' } });
    expect(body.data).toMatchObject({ orderPrice: 309, logisticsPrice: 19, discountPrice: 0, price: 309 });
  });

  it('answers the shopper\'s address when none is named', async () => {
    const { body } = await shopper.settle({ shops: twoShops(), receiveId: null });
    expect(body.data.receive).toMatchObject({ receiveId: shopper.receiveId, receiveAdress: '湖北省-武汉市-武昌区' });
  });

  it('refuses an address not in the shopper\'s book — unknown or another shopper\'s — with 81004, never the default', async () => {
    const other = await newShopper(server, NOW);
    for (const receiveId of [999_999_999, other.receiveId]) {
      const { body } = await shopper.settle({ shops: twoShops(), receiveId });
      expect(body).toEqual({ code: '81004', message: '请选择您的收货地址', data: null });
    }
  });
});

describe('a shop whose lines use two templates', () => {
  it('charges the highest template fee, not the sum', async () => {
    const shopper = await newShopper(server, NOW);
    const { body } = await shopper.settle({ shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 2), line(ids.sku.lamp, 1)])] });
    expect(body.data.shops[0].distribution).toMatchObject({ distributionPrice: 15, logisticsId: ids.flat });
    expect(body.data.price).toBe(260 + 15);
  });
});

describe('a shopper holding a platform and a shop coupon', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await newShopper(server, NOW);
    await shopper.claim({ couponId: ids.coupon.twentyOff });
    await shopper.claim({ shopCouponId: ids.shopCoupon.tenOff });
  });

  it('offers the coupons this selection can use, each with the claim id to send back', async () => {
    const { body } = await shopper.settle({ shops: twoShops() });
    expect(body.data.coupons).toEqual([expect.objectContaining({ couponId: ids.coupon.twentyOff, reduceMoney: 20, content: '满100减20元' })]);
    expect(body.data.shops[0].shopCoupons).toEqual([expect.objectContaining({ shopCouponId: ids.shopCoupon.tenOff, ifAdd: 1, content: '无门槛减10元' })]);
    expect(body.data.shops[1].shopCoupons).toEqual([]);
  });

  it('applies the chosen coupons: the platform coupon split evenly over the two shops', async () => {
    const offered = (await shopper.settle({ shops: twoShops() })).body.data;
    const claimId = offered.shops[0].shopCoupons[0].id;
    const { body } = await shopper.settle({
      couponId: ids.coupon.twentyOff,
      shops: [{ ...twoShops()[0], id: claimId }, twoShops()[1]],
    });
    expect(body.data.shops.map((s) => [s.discountPrice, s.price])).toEqual([[20, 190], [10, 89]]);
    expect(body.data).toMatchObject({ discountPrice: 30, price: 279 });
  });

  it('does not offer a platform coupon whose threshold the goods miss', async () => {
    const { body } = await shopper.settle({ shops: [shopOf(ids.otherShop, [line(ids.sku.tea, 1)])] });
    expect(body.data.coupons).toEqual([]);
  });
});

describe('a selection with goods that cannot be bought', () => {
  it('fails with 80002 存在无效商品,请重新选择 naming each offending line and why', async () => {
    const shopper = await newShopper(server, NOW);
    const { status, body } = await shopper.settle({ shops: [
      shopOf(ids.shop, [line(ids.sku.cupRed, 1), line(ids.sku.unshelved, 1), line(ids.sku.cupBlue, 9)]),
      shopOf(ids.disabledShop, [line(ids.sku.inDisabledShop, 1)]),
    ] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: '80002', message: '存在无效商品,请重新选择' });
    const invalid = (body.data as unknown as { invalidShops: Array<{ shopId: number; skus: Array<{ skuId: number; reason: string }> }> }).invalidShops;
    expect(invalid).toEqual([
      expect.objectContaining({ shopId: ids.shop, skus: [
        expect.objectContaining({ skuId: ids.sku.unshelved, reason: '商品已下架' }),
        expect.objectContaining({ skuId: ids.sku.cupBlue, reason: '商品库存不足' })] }),
      expect.objectContaining({ shopId: ids.disabledShop, skus: [expect.objectContaining({ skuId: ids.sku.inDisabledShop, reason: '店铺已停用' })] }),
    ]);
  });
});

describe('activity SKUs', () => {
  it('buys a flash-sale SKU at its activity price while the sale runs', async () => {
    const shopper = await newShopper(server, NOW);
    const { body } = await shopper.settle({ shops: [shopOf(ids.shop, [line(ids.sku.flash, 1, 0)])], shopSeckillId: ids.seckill });
    expect(body.data.shops[0].skus[0]).toMatchObject({ price: 99, activityType: 2 });
    expect(body.data.price).toBe(99);
  });

  it('charges the group price only to a shopper opening or joining a group', async () => {
    const shopper = await newShopper(server, NOW);
    const alone = await shopper.settle({ shops: [shopOf(ids.otherShop, [line(ids.sku.group, 1, 0)])] });
    expect(alone.body.data.price).toBe(80);
    const group = await shopper.call<{ price: number; shops: Array<{ skus: Array<{ activityType: number }> }> }>('POST', '/work/getSettlement', {
      type: 1, receiveId: shopper.receiveId, shopId: ids.otherShop, productId: ids.group, skuId: ids.sku.group, number: 1,
      shopGroupWorkId: ids.groupWork,
    });
    expect(group.body.data.price).toBe(50);
    expect(group.body.data.shops[0].skus[0].activityType).toBe(1);
  });
});

describe('a visitor without a token', () => {
  it('is asked to log in (20005 请先登录)', async () => {
    const response = await fetch(`${server.url}/api/order/getSettlement`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ shops: twoShops() }),
    });
    expect(await response.json()).toMatchObject({ code: '20005', message: '请先登录' });
  });
});
