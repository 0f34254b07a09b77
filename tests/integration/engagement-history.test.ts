/**
 * Product reviews and browse history over HTTP with projections running. Reviews are written by a later slice, so
 * the order events (OrderPlaced, LineReviewed with its content, ReviewAppended) are appended here; footprints are
 * recorded through `recordFootprint`, as the product detail route does, with a clock the test moves across days.
 */
import { CommentPage, FootprintPage } from '../../domain/catalog/engagement.contract';
import { reviewStream } from '../../domain/review/review.events';
import { listProductComments, productWords } from '../../services/api/comment/comment.queries';
import { recordFootprint } from '../../services/api/footprint/record-footprint';
import { startTestServer, type TestServer } from '../support/test-server';
import { call, given, givenCatalog, givenShopper, type Fact, type Shopper } from './engagement.fixtures';

const SHOP = 960101;
const SHOES = 9620001;
const APPLES = 9620002;
const CUP = 9620003;
const BAG = 9620004;
const LAMP = 9620005;
const BLUE_SHOES = SHOES * 10 + 1;

let server: TestServer;
let buyer: Shopper;
let other: Shopper;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  await givenCatalog(server, SHOP, [[SHOES, '轻薄透气网面跑步鞋'], [APPLES, '红富士苹果'], [CUP, '保温杯'], [BAG, '帆布包'], [LAMP, '台灯']]);
  buyer = await givenShopper(server, 9700101, '爱跑步的小王');
  other = await givenShopper(server, 9700102, 'MJ54321');
});
afterAll(async () => server?.stop());

const T0 = Date.parse('2025-03-01T02:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

interface Review { commentId: number; comment: string; star?: number; impressions?: string[]; images?: string[]; at: number }

/** An order of the shoes (blue) by `userId`, received and reviewed. */
async function givenReviewedOrder(orderId: number, userId: number, review: Review) {
  const placed: Fact = { type: 'OrderPlaced', data: {
    orderId, orderFormid: String(100000000000000 + orderId), userId, shopId: SHOP,
    lines: [{ skuId: BLUE_SHOES, productId: SHOES, productName: '轻薄透气网面跑步鞋', image: '/images/product/shoes.svg',
      values: ['蓝色', '42'], number: 1, price: 12990, discount: 0 }],
    orderPrice: 12990, logisticsPrice: 0, discountPrice: 0, price: 12990, platformCouponId: null, shopCouponId: null,
    receive: { receiveName: '王五', receivePhone: '13800138000', receiveAdress: '浙江省-杭州市-西湖区', address: '文三路 1 号' },
    remark: '', paymentMode: 1, shopGroupWorkId: null, shopSeckillId: null, shopDiscountId: null, collageId: 0,
    placedAt: iso(review.at - DAY_MS), paymentDeadline: iso(review.at - DAY_MS + 3600000),
  } };
  const { commentId, at, ...content } = review;
  const reviewed: Fact = { type: 'LineReviewed', data: { skuId: BLUE_SHOES, commentId, reviewedAt: iso(at), ...content } };
  await given(server, `order-${orderId}`, [placed, reviewed], new Date(at));
}

const comments = async (query: string) => {
  const { status, body } = await call<CommentPage>(server, 'GET', `/api/comment/getProductAll?productId=${SHOES}${query}`);
  expect(status).toBe(200);
  return CommentPage.parse(body.data);
};

describe('a product with reviews from its orders', () => {
  beforeAll(async () => {
    await givenReviewedOrder(9630001, buyer.userId, {
      commentId: 9640001, comment: '很轻，跑起来脚感不错', star: 5, impressions: ['物美价廉', '值得买'],
      images: ['/images/upload/r1.png', '/images/upload/r2.png'], at: T0,
    });
    await givenReviewedOrder(9630002, other.userId, { commentId: 9640002, comment: '物流很快，尺码 100% 正', star: 4,
      impressions: ['物流很快', '物美价廉'], at: T0 + DAY_MS });
    await givenReviewedOrder(9630003, other.userId, { commentId: 9640003, comment: '<b>一般</b>\'; delete from product_comments; --',
      star: 3, impressions: ['一般'], at: T0 + 2 * DAY_MS });
  });

  it('lists them newest first with the reviewer\'s name and the SKU bought', async () => {
    const page = await comments('&page=1');
    expect(page.total).toBe(3);
    expect(page.list.map((c) => c.commentId)).toEqual([9640003, 9640002, 9640001]);
    expect(page.list[2]).toEqual({
      commentId: 9640001, name: buyer.name, headImage: buyer.headImage, comment: '很轻，跑起来脚感不错', star: 5,
      impression: '物美价廉,值得买', values: '蓝色,42', images: ['/images/upload/r1.png', '/images/upload/r2.png'],
      createTime: '2025-03-01 10:00:00', addComment: '', addImages: [], day: 0,
    });
  });

  it('keeps markup and SQL in a review as plain text', async () => {
    expect((await comments('')).list[0].comment).toBe('<b>一般</b>\'; delete from product_comments; --');
  });

  it('filters by impression tag', async () => {
    const page = await comments(`&word=${encodeURIComponent('物美价廉')}`);
    expect(page.list.map((c) => c.commentId)).toEqual([9640002, 9640001]);
  });

  it('filters by text, taking % and _ literally', async () => {
    expect((await comments(`&word=${encodeURIComponent('脚感')}`)).list.map((c) => c.commentId)).toEqual([9640001]);
    expect((await comments(`&word=${encodeURIComponent('100%')}`)).list.map((c) => c.commentId)).toEqual([9640002]);
    expect((await comments(`&word=${encodeURIComponent('%')}`)).total).toBe(1);
    expect((await comments('&word=_')).list.map((c) => c.commentId)).toEqual([9640003]);
  });

  it('pages 5 by default and answers a smaller pageSize', async () => {
    expect((await comments('&page=2&pageSize=2')).list.map((c) => c.commentId)).toEqual([9640001]);
    expect((await comments('&page=2')).list).toEqual([]);
  });

  it('counts impression tags for the product detail in the spec\'s order', async () => {
    expect(await productWords(server.runtime.db, SHOES)).toEqual([
      { keyWord: '物美价廉', count: 2 }, { keyWord: '物流很快', count: 1 }, { keyWord: '值得买', count: 1 }, { keyWord: '一般', count: 1 },
    ]);
    expect(await productWords(server.runtime.db, APPLES)).toEqual([]);
  });

  it('answers 400 naming productId for a bad id and 400 naming word for an overlong word', async () => {
    for (const path of ['?productId=abc', '?productId=0', '']) {
      const { status, body } = await call(server, 'GET', `/api/comment/getProductAll${path}`);
      expect(status).toBe(400);
      expect(body.message).toContain('productId');
    }
    const { status, body } = await call(server, 'GET', `/api/comment/getProductAll?productId=${SHOES}&word=${'字'.repeat(51)}`);
    expect(status).toBe(400);
    expect(body.message).toContain('word');
  });
});

describe('an append review', () => {
  const appended = (commentId: number, at: number): Fact => ({
    type: 'ReviewAppended',
    data: { commentId, userId: buyer.userId, comment: '穿了一个月，依然舒服', images: ['/images/upload/a1.png'], appendedAt: iso(at) },
  });

  it('shows under its review with the days in between', async () => {
    await givenReviewedOrder(9630004, buyer.userId, { commentId: 9640004, comment: '好看', at: T0 + 3 * DAY_MS });
    await given(server, reviewStream(9640004), [appended(9640004, T0 + 10 * DAY_MS)]);
    const review = (await comments('&pageSize=10')).list.find((c) => c.commentId === 9640004);
    expect(review).toEqual(expect.objectContaining({ addComment: '穿了一个月，依然舒服', addImages: ['/images/upload/a1.png'], day: 7, star: 5 }));
  });

  it('is kept when it is delivered before its review, and listed once the review arrives', async () => {
    await given(server, reviewStream(9640005), [appended(9640005, T0 + 9 * DAY_MS)]);
    const before = await listProductComments(server.runtime.db, SHOES, '', 1, 20);
    expect(before.list.some((c) => c.commentId === 9640005)).toBe(false);
    await givenReviewedOrder(9630005, buyer.userId, { commentId: 9640005, comment: '不错', at: T0 + 4 * DAY_MS });
    const review = (await listProductComments(server.runtime.db, SHOES, '', 1, 20)).list.find((c) => c.commentId === 9640005);
    expect(review).toEqual(expect.objectContaining({ comment: '不错', addComment: '穿了一个月，依然舒服', day: 5 }));
  });
});

describe('browse history', () => {
  let viewer: Shopper;
  let now = T0;
  const deps = () => ({ store: server.runtime.store, clock: () => new Date(now) });
  const view = async (productId: number, skuId = productId * 10 + 1) => {
    const events = await recordFootprint(deps(), viewer.userId, { productId, shopId: SHOP, skuId });
    await server.runtime.projections.waitFor(events);
    return events;
  };
  const history = async (query = '') => {
    const { body } = await call<FootprintPage>(server, 'GET', `/api/footprint/getAll${query}`, { token: viewer.token });
    expect(body.code).toBe('200');
    return FootprintPage.parse(body.data);
  };
  const remove = (body: unknown) => call(server, 'DELETE', '/api/footprint/delete', { token: viewer.token, body });

  beforeAll(async () => {
    viewer = await givenShopper(server, 9700103, '逛逛');
    // five Shanghai days: 2025-03-01 … 03-05, shoes and the red cup on the last one
    for (const [day, productId] of [[0, APPLES], [1, BAG], [2, LAMP], [3, APPLES], [4, SHOES]] as const) {
      now = T0 + day * DAY_MS;
      await view(productId);
    }
    await view(CUP, CUP * 10 + 2);
  });

  it('groups the views by day, newest first, 4 days a page, with current names and prices in yuan', async () => {
    const first = await history('?page=1');
    expect(first.total).toBe(5);
    expect(first.list.map((d) => d.createTime)).toEqual(['2025-03-05', '2025-03-04', '2025-03-03', '2025-03-02']);
    expect(first.list[0].products).toEqual([
      { footprintId: 6, productId: CUP, shopId: SHOP, skuId: CUP * 10 + 2, image: `/images/product/${CUP}-red.svg`,
        productName: '保温杯', price: 139, shelveState: 1, selected: 0 },
      expect.objectContaining({ footprintId: 5, productId: SHOES, productName: '轻薄透气网面跑步鞋', price: 129.9 }),
    ]);
    expect((await history('?page=2')).list.map((d) => d.createTime)).toEqual(['2025-03-01']);
  });

  it('records a product at most once a day', async () => {
    expect(await view(SHOES)).toEqual([]);
    expect((await history()).list[0].products).toHaveLength(2);
  });

  it('shows a product taken off the shelf with shelveState 0', async () => {
    await given(server, `product-${LAMP}`, [{ type: 'ProductUnshelved', data: { productId: LAMP } }]);
    const lamp = (await history()).list.flatMap((d) => d.products).find((p) => p.productId === LAMP);
    expect(lamp?.shelveState).toBe(0);
  });

  it('never fails its caller, even when the store refuses', async () => {
    const broken = { ...deps(), store: { ...server.runtime.store, readStream: () => Promise.reject(new Error('store down')) } };
    const warnings: string[] = [];
    expect(await recordFootprint({ ...broken, warn: (message) => warnings.push(message) }, viewer.userId,
      { productId: BAG, shopId: SHOP, skuId: BAG * 10 + 1 })).toEqual([]);
    expect(warnings).toEqual(['footprint not recorded']);
  });

  it('deletes entries by id and whole days, answering 删除成功', async () => {
    expect((await remove({ ids: [6] })).body).toEqual({ code: '200', message: '删除成功', data: null });
    expect((await history()).list[0].products.map((p) => p.productId)).toEqual([SHOES]);
    expect((await remove({ times: ['2025-03-05', '2025-03-04'] })).body.message).toBe('删除成功');
    const left = await history();
    expect(left.total).toBe(3);
    expect(left.list.map((d) => d.createTime)).toEqual(['2025-03-03', '2025-03-02', '2025-03-01']);
  });

  it('asks for a selection and names a malformed field', async () => {
    expect(await remove({})).toEqual({ status: 400, body: { code: '400', message: '请先选中需要删除的记录', data: null } });
    expect(await remove({ ids: [], times: [] })).toEqual({ status: 400, body: { code: '400', message: '请先选中需要删除的记录', data: null } });
    for (const [body, field] of [[{ times: ['3月1日'] }, 'times'], [{ ids: ['x'] }, 'ids']] as const) {
      const { status, body: answered } = await remove(body);
      expect(status).toBe(400);
      expect(answered.message).toContain(field);
    }
  });

  it('answers an id the shopper does not hold (another shopper\'s, or already deleted) as missing, deleting nothing', async () => {
    const before = await history();
    const held = before.list[0].products[0].footprintId;
    const othersDelete = await call(server, 'DELETE', '/api/footprint/delete', { token: other.token, body: { ids: [held] } });
    expect(othersDelete.body).toEqual({ code: '510006', message: '浏览记录不存在或已删除', data: null });
    expect((await remove({ ids: [held, 987654] })).body).toEqual({ code: '510006', message: '浏览记录不存在或已删除', data: null });
    expect(await history()).toEqual(before);
  });

  it('is private: 20005 without a token, and another shopper sees their own (empty) history', async () => {
    expect((await call(server, 'GET', '/api/footprint/getAll')).body.code).toBe('20005');
    expect((await call(server, 'DELETE', '/api/footprint/delete', { body: { ids: [1] } })).body.code).toBe('20005');
    const { body } = await call<FootprintPage>(server, 'GET', '/api/footprint/getAll', { token: other.token });
    expect(body.data).toEqual({ list: [], total: 0 });
  });
});

describe('a rebuild of the reviews and history read models', () => {
  it('builds the same lists from the events', async () => {
    const token = (await givenShopper(server, 9700104, '重建')).token;
    const viewed = await recordFootprint({ store: server.runtime.store, clock: () => new Date(T0) }, 9700104,
      { productId: CUP, shopId: SHOP, skuId: CUP * 10 + 1 });
    await server.runtime.projections.waitFor(viewed);
    const read = async () => [
      (await call(server, 'GET', `/api/comment/getProductAll?productId=${SHOES}&pageSize=20`)).body,
      (await call(server, 'GET', '/api/footprint/getAll', { token })).body,
    ];
    const before = await read();
    expect(before[1]).toEqual(expect.objectContaining({ data: expect.objectContaining({ total: 1 }) }));
    for (const name of ['comments', 'footprints']) {
      const response = await fetch(`${server.url}/internal/projections/${name}/rebuild`, { method: 'POST', headers: { 'x-ops-token': server.opsToken } });
      expect((await response.json()).code).toBe('200');
    }
    expect(await read()).toEqual(before);
  });
});
