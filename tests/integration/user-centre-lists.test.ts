/**
 * The user centre's lists over HTTP: 我的券包 (`/coupon/getCoupons`, `/coupon/getCouponList?state` 0/1/2 — platform and
 * shop coupons both, invalid once ended by the server's clock, which the test moves), 我的收藏 (`/collect/getAllProduct`,
 * `/collect/getAllShop`, cancelling), and 我的问答 (`/user/getSelfProblems`, `/user/getSelfAnswers`).
 */
import type { TestServer } from '../support/test-server';
import { call, given, givenCatalog, givenShopper, type Shopper } from './engagement.fixtures';
import { backendsForUserCentre, MovableClock } from './user-centre.support';

interface Page<T> { list: T[]; total: number }
interface WalletCoupon { id: number; couponId: number; shopCouponId: number; shopName: string; state: number; content: string; threshold: number; reduceMoney: number; endTime: string }
interface FavouriteProduct { collectId: number; productId: number; productName: string; shelveState: number; price: number }
interface FavouriteShop { collectId: number; shopId: number; shopName: string; person: number; productList: unknown[] }

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const SHOP = 986001;
const [SHOES, CUP, LAMP] = [9860011, 9860012, 9860013];

const coupon = (ids: { couponId: number; shopCouponId: number; shopId: number }, startMs: number, endMs: number) => ({
  type: 'CouponIssued',
  data: { ...ids, activityName: '测试券', couponType: 1, threshold: 10000, reduceMoney: 1000, discountTenths: 0, productIds: [],
    ifAdd: 1, stock: 100, perUserLimit: 0, startTime: new Date(startMs).toISOString(), endTime: new Date(endMs).toISOString() },
});

describe.each(backendsForUserCentre())('the user centre lists on $name', (backend) => {
  const clock = new MovableClock();
  let server: TestServer;
  let me: Shopper;
  let other: Shopper;

  beforeAll(async () => {
    server = await backend.start(clock.now);
    await givenCatalog(server, SHOP, [[SHOES, '轻薄跑步鞋'], [CUP, '保温杯'], [LAMP, '台灯']], [LAMP]);
    me = await givenShopper(server, 9860101, '小王');
    other = await givenShopper(server, 9860102, '小李');
  });
  afterAll(async () => server?.stop());

  describe('我的收藏', () => {
    const collect = async (shopper: Shopper, body: unknown) =>
      (await call<{ collectId: number }>(server, 'POST', '/api/collect/collect', { token: shopper.token, body })).body.data.collectId;
    const products = async (query = '') =>
      (await call<Page<FavouriteProduct>>(server, 'GET', `/api/collect/getAllProduct?search=${query}`, { token: me.token })).body.data;
    let shoesId = 0;
    let cupId = 0;
    let othersId = 0;

    beforeAll(async () => {
      shoesId = await collect(me, { productId: SHOES });
      cupId = await collect(me, { productId: CUP });
      await collect(me, { shopId: SHOP });
      othersId = await collect(other, { productId: SHOES });
      await given(server, `product-${CUP}`, [{ type: 'ProductUnshelved', data: { productId: CUP } }]);
    });

    it('lists collected products newest first, marking one taken off the shelf', async () => {
      const page = await products();
      expect(page.total).toBe(2);
      expect(page.list.map((p) => [p.collectId, p.productName, p.shelveState])).toEqual([[cupId, '保温杯', 0], [shoesId, '轻薄跑步鞋', 1]]);
      expect(page.list[1].price).toBe(129.9);
    });

    it('searches by product name, taking % literally, and pages', async () => {
      expect((await products(encodeURIComponent('跑步'))).list.map((p) => p.collectId)).toEqual([shoesId]);
      expect((await products('%25')).total).toBe(0);
      expect((await products('&pageSize=1&page=2')).list.map((p) => p.collectId)).toEqual([shoesId]);
    });

    it('lists collected shops with how many shoppers collected them and sample products', async () => {
      const { data } = (await call<Page<FavouriteShop>>(server, 'GET', '/api/collect/getAllShop', { token: me.token })).body;
      expect(data.total).toBe(1);
      expect(data.list[0]).toEqual(expect.objectContaining({ shopId: SHOP, shopName: `测试店铺${SHOP}`, person: 1 }));
      expect(data.list[0].productList).toHaveLength(1);
    });

    it('answers another shopper\'s favourite as missing and cancels nothing of the batch', async () => {
      const { body } = await call(server, 'PUT', '/api/collect/cancel', { token: me.token, body: { ids: [shoesId, othersId] } });
      expect(body).toEqual(expect.objectContaining({ code: '700102', message: '收藏不存在或已取消' }));
      expect((await products()).total).toBe(2);
      expect((await call<Page<FavouriteProduct>>(server, 'GET', '/api/collect/getAllProduct', { token: other.token })).body.data.total).toBe(1);
    });

    it('cancels the shopper\'s own in a batch', async () => {
      const { body } = await call(server, 'PUT', '/api/collect/cancel', { token: me.token, body: { ids: [shoesId, cupId] } });
      expect(body.message).toBe('取消成功');
      expect((await products()).total).toBe(0);
    });

    it('answers 400 naming the field for bad paging or search', async () => {
      for (const query of ['page=0', 'pageSize=abc', `search=${'字'.repeat(51)}`]) {
        const { status, body } = await call(server, 'GET', `/api/collect/getAllShop?${query}`, { token: me.token });
        expect(status).toBe(400);
        expect(body.message).toMatch(/page|pageSize|search/);
      }
    });
  });

  describe('我的问答', () => {
    let mine = 0;
    let answerOnTheirs = 0;

    beforeAll(async () => {
      const ask = async (shopper: Shopper, problem: string) => (await call<{ problemId: number }>(server, 'POST',
        '/api/seckill/addProblem', { token: shopper.token, body: { productId: SHOES, problem, ifAnonymous: 0 } })).body.data.problemId;
      const answer = async (shopper: Shopper, problemId: number, text: string, ifAnonymous = 0) => (await call<{ answerId: number }>(
        server, 'POST', '/api/seckill/addAnswer', { token: shopper.token, body: { productId: SHOES, problemId, answer: text, ifAnonymous } })).body.data.answerId;
      mine = await ask(me, '鞋码偏大吗？');
      const theirs = await ask(other, '透气吗？');
      await answer(other, mine, '不偏大', 1);
      answerOnTheirs = await answer(me, theirs, '很透气');
    });

    it('lists my questions with their answers, the answerer shown as on the product page', async () => {
      const { data } = (await call<Page<{ problemId: number; productName: string; answers: Array<{ name: string; answer: string }> }>>(
        server, 'GET', '/api/user/getSelfProblems', { token: me.token })).body;
      expect(data.total).toBe(1);
      expect(data.list[0]).toEqual(expect.objectContaining({ problemId: mine, productName: '轻薄跑步鞋' }));
      expect(data.list[0].answers).toEqual([expect.objectContaining({ name: '匿名用户', answer: '不偏大' })]);
      expect(JSON.stringify(data)).not.toMatch(/139\d{8}/);
    });

    it('lists my answers with the question they answer', async () => {
      const { data } = (await call<Page<{ answerId: number; problem: string; name: string }>>(
        server, 'GET', '/api/user/getSelfAnswers?pageSize=10', { token: me.token })).body;
      expect(data.list).toEqual([expect.objectContaining({ answerId: answerOnTheirs, problem: '透气吗？', name: '小王' })]);
      expect((await call<Page<unknown>>(server, 'GET', '/api/user/getSelfAnswers', { token: other.token })).body.data.total).toBe(1);
    });

    it('answers 400 for bad paging and 20005 without a token', async () => {
      const bad = await call(server, 'GET', '/api/user/getSelfProblems?pageSize=1000', { token: me.token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('pageSize');
      expect((await call(server, 'GET', '/api/user/getSelfAnswers')).body.code).toBe('20005');
    });
  });

  describe('我的券包', () => {
    // a session that outlives the week the clock moves (last in the file: the others' sessions last a day)
    let token = '';
    const wallet = async (state?: number) => (await call<WalletCoupon[]>(server, 'GET',
      state === undefined ? '/api/coupon/getCoupons' : `/api/coupon/getCouponList?state=${state}`, { token })).body;

    beforeAll(async () => {
      token = await server.runtime.sessions.create(me.userId, 30, clock.now());
      const now = clock.now().getTime();
      await given(server, 'coupon-986101', [coupon({ couponId: 986101, shopCouponId: 0, shopId: 0 }, now - HOUR, now + 2 * DAY)]);
      await given(server, 'shop-coupon-986201', [coupon({ couponId: 0, shopCouponId: 986201, shopId: SHOP }, now - HOUR, now + 5 * DAY)]);
      await given(server, 'shop-coupon-986202', [coupon({ couponId: 0, shopCouponId: 986202, shopId: SHOP }, now - HOUR, now + DAY)]);
      const claim = (claimId: number, userId: number, couponId: number, shopCouponId: number) =>
        ({ type: 'CouponClaimed', data: { claimId, userId, couponId, shopCouponId } });
      await given(server, 'coupon-986101', [claim(9861, me.userId, 986101, 0)]);
      await given(server, 'shop-coupon-986201', [claim(9862, me.userId, 0, 986201), claim(9864, other.userId, 0, 986201)]);
      await given(server, 'shop-coupon-986202', [claim(9863, me.userId, 0, 986202)]);
      await given(server, 'coupon-claim-9862', [{ type: 'CouponUsed', data: {
        claimId: 9862, userId: me.userId, couponId: 0, shopCouponId: 986201, checkoutId: 1, orderIds: [1], reductionFen: 1000 } }]);
    });

    it('lists every claim with its state: platform and shop coupons unused, the one an order holds used', async () => {
      const all = await wallet();
      expect(all.code).toBe('200');
      expect(all.data.map((c) => [c.id, c.state])).toEqual([[9863, 0], [9861, 0], [9862, 1]]);
      expect(all.data.find((c) => c.id === 9861)).toEqual(expect.objectContaining({
        couponId: 986101, shopCouponId: 0, shopName: '', content: '满100减10元', threshold: 100, reduceMoney: 10 }));
      expect(all.data.find((c) => c.id === 9863)?.shopName).toBe(`测试店铺${SHOP}`);
      expect((await wallet(0)).data.map((c) => c.id)).toEqual([9863, 9861]);
      expect((await wallet(1)).data.map((c) => c.id)).toEqual([9862]);
      expect((await wallet(2)).data).toEqual([]);
    });

    it('moves a coupon to invalid once it ended by the server clock; a used one stays used', async () => {
      clock.advance(DAY + HOUR);
      expect((await wallet(0)).data.map((c) => c.id)).toEqual([9861]);
      expect((await wallet(2)).data.map((c) => c.id)).toEqual([9863]);
      clock.advance(5 * DAY);
      expect((await wallet(0)).data).toEqual([]);
      expect((await wallet(2)).data.map((c) => c.id)).toEqual([9863, 9861]);
      expect((await wallet(1)).data.map((c) => c.id)).toEqual([9862]);
    });

    it('answers 400 naming state for a bad state, and 20005 without a token', async () => {
      for (const state of ['3', 'x', '']) {
        const { status, body } = await call(server, 'GET', `/api/coupon/getCouponList?state=${state}`, { token });
        expect(status).toBe(400);
        expect(body.message).toContain('state');
      }
      expect((await call(server, 'GET', '/api/coupon/getCoupons')).body.code).toBe('20005');
    });
  });
});
