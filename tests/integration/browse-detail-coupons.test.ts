/**
 * Coupons and favourites over HTTP (spec §4 "Coupon claim", "Shop collect", §7; origin-contract §8): claiming flips the
 * shopper's state 3 → 0 everywhere, stock is never oversold under concurrent claims, limits and windows answer their
 * codes, and collects show up on the product detail at once.
 */
import { CollectProductResult, CollectShopResult, CouponList, ProductCardPage, ProductDetail, TakeCouponResult } from '../../domain/catalog/detail.contract';
import { footprintStream } from '../../domain/footprint/footprint.events';
import { startTestServer, type TestServer } from '../support/test-server';
import { client, ids, settleDetailFixture } from './browse-detail.fixtures';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;
let api: ReturnType<typeof client>;
const tokenOf = (userId: number) => server.runtime.sessions.create(userId, 1, NOW);

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  api = client(server.url);
  await settleDetailFixture(server, NOW);
});
afterAll(async () => server?.stop());

const detailOf = async (token?: string) => ProductDetail.parse((await api.get(
  `/api/product/getById?shopId=${ids.shop}&productId=${ids.multi}&skuId=${ids.sku.red_s}`, token)).body.data);

describe('a shopper claiming a platform coupon from the product page', () => {
  it('offers platform and shop coupons for this product as claimable (3), and only those', async () => {
    const d = await detailOf(await tokenOf(880901));
    const platform = d.markTools.map((c) => c.couponId);
    expect(platform).toEqual(expect.arrayContaining([ids.coupon.scarce, ids.coupon.twice]));
    expect(platform).not.toEqual(expect.arrayContaining([ids.coupon.onlySingle]));
    expect(platform).not.toContain(ids.coupon.notStarted);
    expect(platform).not.toContain(ids.coupon.expired);
    expect(d.markTools.every((c) => c.state === 3)).toBe(true);
    expect(d.shopMarkTools).toEqual([expect.objectContaining({
      shopCouponId: ids.shopCoupon.discount, couponId: 0, activityId: ids.shopCoupon.discount, couponType: 2,
      content: '满200享9折', discount: 9, fullMoney: 200, ifAdd: 0, state: 3,
    })]);
  });

  it('answers 领取成功 with the coupon now in state 0, and the detail shows it claimed', async () => {
    const token = await tokenOf(880902);
    const { body } = await api.post('/api/coupon/takeCoupon', { couponId: ids.coupon.twice, shopCouponId: 0 }, token);
    expect(body.code).toBe('200');
    expect(body.message).toBe('领取成功');
    expect(TakeCouponResult.parse(body.data)).toEqual(expect.objectContaining({ couponId: ids.coupon.twice, state: 0, stockNumber: 99 }));
    const d = await detailOf(token);
    expect(d.markTools.find((c) => c.couponId === ids.coupon.twice)?.state).toBe(0);
    expect(d.markTools.find((c) => c.couponId === ids.coupon.scarce)?.state).toBe(3);
  });

  it('claims a shop coupon by shopCouponId and shows it claimed in the shop coupon block', async () => {
    const token = await tokenOf(880903);
    const before = CouponList.parse((await api.get(`/api/canvas/getShopCoupons?shopId=${ids.shop}&ids=${ids.shopCoupon.discount}`, token)).body.data);
    expect(before.map((c) => c.state)).toEqual([3]);
    expect((await api.post('/api/coupon/takeCoupon', { shopCouponId: ids.shopCoupon.discount }, token)).body.message).toBe('领取成功');
    const after = CouponList.parse((await api.get(`/api/canvas/getShopCoupons?shopId=${ids.shop}&ids=${ids.shopCoupon.discount}`, token)).body.data);
    expect(after.map((c) => c.state)).toEqual([0]);
  });
});

describe('limits and windows', () => {
  it('answers a second claim of a one-per-user coupon with 700004 已领取', async () => {
    const token = await tokenOf(880904);
    expect((await api.post('/api/coupon/takeCoupon', { couponId: ids.coupon.onlySingle }, token)).body.code).toBe('200');
    expect((await api.post('/api/coupon/takeCoupon', { couponId: ids.coupon.onlySingle }, token)).body)
      .toEqual({ code: '700004', message: '已领取', data: null });
  });

  it('answers a third claim of a two-per-user coupon with 700003 领取已达上限', async () => {
    const token = await tokenOf(880905);
    for (let i = 0; i < 2; i += 1) expect((await api.post('/api/coupon/takeCoupon', { shopCouponId: ids.shopCoupon.discount }, token)).body.code).toBe('200');
    expect((await api.post('/api/coupon/takeCoupon', { shopCouponId: ids.shopCoupon.discount }, token)).body)
      .toEqual({ code: '700003', message: '领取已达上限', data: null });
  });

  it.each([
    [{ couponId: ids.coupon.notStarted }, '700006'],
    [{ couponId: ids.coupon.expired }, '700007'],
    [{ couponId: 880399 }, '700005'],
  ])('answers %j with %s', async (body, code) => {
    expect((await api.post('/api/coupon/takeCoupon', body, await tokenOf(880906))).body.code).toBe(code);
  });

  it('asks for a login first (20005) and refuses a body naming no coupon or both (400)', async () => {
    expect((await api.post('/api/coupon/takeCoupon', { couponId: ids.coupon.twice })).body.code).toBe('20005');
    const token = await tokenOf(880907);
    for (const body of [{}, { couponId: ids.coupon.twice, shopCouponId: ids.shopCoupon.discount }, { couponId: 'abc' }]) {
      const answer = await api.post('/api/coupon/takeCoupon', body, token);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('400');
    }
  });
});

describe('twenty shoppers claiming a coupon with stock 5 at once', () => {
  it('gives exactly five of them the coupon and answers the rest 700001 优惠券已领完', async () => {
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => tokenOf(881000 + i)));
    const answers = await Promise.all(tokens.map((token) => api.post('/api/coupon/takeCoupon', { couponId: ids.coupon.scarce }, token)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '200')).toHaveLength(5);
    expect(codes.filter((c) => c === '700001')).toHaveLength(15);
    const stream = await server.runtime.store.readStream(`coupon-${ids.coupon.scarce}`);
    expect(stream.filter((e) => e.type === 'CouponClaimed')).toHaveLength(5);
    const [coupon] = CouponList.parse((await api.get(`/api/canvas/getCoupons?ids=${ids.coupon.scarce}`)).body.data);
    expect(coupon.stockNumber).toBe(0);
  });
});

describe('layout coupon blocks', () => {
  it('offers no coupons of a disabled shop', async () => {
    expect((await api.get(`/api/canvas/getShopCoupons?shopId=${ids.disabledShop}`)).body.data).toEqual([]);
  });

  it('answers the platform coupons asked for in their order, left out what ended, anonymous state 3', async () => {
    const { body } = await api.get(`/api/canvas/getCoupons?ids=${ids.coupon.twice},${ids.coupon.expired},${ids.coupon.notStarted},${ids.shopCoupon.discount}`);
    const list = CouponList.parse(body.data);
    expect(list.map((c) => c.couponId)).toEqual([ids.coupon.twice, ids.coupon.notStarted]);
    expect(list[0]).toEqual(expect.objectContaining({ content: '满100减10元', reduceMoney: 10, state: 3 }));
  });

  it('answers 400 naming ids for a malformed list', async () => {
    const { status, body } = await api.get('/api/canvas/getCoupons?ids=1,abc');
    expect(status).toBe(400);
    expect(body.message).toContain('ids');
  });
});

describe('the products of a coupon', () => {
  it('lists the products a restricted coupon names', async () => {
    const page = ProductCardPage.parse((await api.get(`/api/coupon/getCouponProducts?activityId=${ids.coupon.onlySingle}&page=1&pageSize=12`)).body.data);
    expect(page).toEqual({ total: 1, list: [expect.objectContaining({ productId: ids.single, price: 59, shopName: '测试服饰旗舰店' })] });
  });

  it('lists a shop coupon\'s shop products that shoppers may see, in pages', async () => {
    const page = ProductCardPage.parse((await api.get(`/api/coupon/getCouponProducts?shopCouponId=${ids.shopCoupon.discount}&page=1&pageSize=2`)).body.data);
    expect(page.total).toBe(3);
    expect(page.list.map((p) => p.productId)).toEqual([ids.single, ids.multi]);
  });

  it.each([
    ['no coupon', '', 'activityId'],
    ['both kinds at once', `activityId=${ids.coupon.onlySingle}&shopCouponId=${ids.shopCoupon.discount}`, 'activityId'],
    ['a coupon id that is not a number', 'shopCouponId=abc', 'shopCouponId'],
    ['a page size over 100', `activityId=${ids.coupon.onlySingle}&pageSize=101`, 'pageSize'],
  ])('answers 400 naming the field for %s', async (_situation, query, field) => {
    const { status, body } = await api.get(`/api/coupon/getCouponProducts?${query}`);
    expect([status, body.code]).toEqual([400, '400']);
    expect(body.message).toContain(field);
  });

  it('answers an unknown coupon with 700005', async () => {
    expect((await api.get('/api/coupon/getCouponProducts?activityId=880398')).body.code).toBe('700005');
  });
});

describe('a shopper collecting the shop and the product', () => {
  it('collects the shop with its figures, says 收藏成功, and answers the same collectId on a repeat', async () => {
    const token = await tokenOf(880910);
    const first = await api.post('/api/collect/collect', { shopId: ids.shop }, token);
    expect(first.body.message).toBe('收藏成功');
    const result = CollectShopResult.parse(first.body.data);
    expect(result).toEqual({ collectId: expect.any(Number), classifyNumber: 3, number: 470, shopLogo: `/images/shop-logo/${ids.shop}.svg` });
    const again = CollectShopResult.parse((await api.post('/api/collect/collect', { shopId: ids.shop }, token)).body.data);
    expect(again.collectId).toBe(result.collectId);
  });

  it('shows a collected product on its detail at once, and not any more after 取消成功', async () => {
    const token = await tokenOf(880911);
    const { collectId } = CollectProductResult.parse((await api.post('/api/collect/collect', { productId: ids.multi }, token)).body.data);
    expect(await detailOf(token)).toEqual(expect.objectContaining({ ifCollect: 1, collectId }));
    expect(await detailOf(await tokenOf(880912))).toEqual(expect.objectContaining({ ifCollect: 0, collectId: 0 }));
    const cancel = await api.put('/api/collect/cancel', { ids: [collectId] }, token);
    expect(cancel.body).toEqual({ code: '200', message: '取消成功', data: null });
    expect(await detailOf(token)).toEqual(expect.objectContaining({ ifCollect: 0, collectId: 0 }));
  });

  it.each([
    [{ shopId: 880099 }, '700101'],
    [{ shopId: ids.disabledShop }, '80009'],
    [{ productId: ids.unshelved }, '80008'],
    [{ productId: 880199 }, '80006'],
  ])('answers collecting %j with %s', async (body, code) => {
    expect((await api.post('/api/collect/collect', body, await tokenOf(880913))).body.code).toBe(code);
  });

  it('refuses an empty cancel with 请先选择需要取消的收藏 and an anonymous collect with 20005', async () => {
    const answer = await api.put('/api/collect/cancel', { ids: [] }, await tokenOf(880914));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('请先选择需要取消的收藏');
    expect((await api.post('/api/collect/collect', { shopId: ids.shop })).body.code).toBe('20005');
  });
});

describe('a signed-in shopper viewing a product', () => {
  it('records the view in the browse history', async () => {
    await detailOf(await tokenOf(880915));
    const deadline = Date.now() + 5000;
    let viewed: unknown[] = [];
    while (viewed.length === 0 && Date.now() < deadline) {
      viewed = (await server.runtime.store.readStream(footprintStream(880915))).filter((e) => e.type === 'ProductViewed');
      if (viewed.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(viewed).toHaveLength(1);
  });
});
