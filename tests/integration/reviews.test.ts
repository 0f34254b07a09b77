/**
 * Reviews over HTTP with projections running, embedded (PGlite) and on PostgreSQL: a received order's lines reviewed
 * with stars, impressions and an uploaded picture; the append review once; 我的评价 tabs with totals, the picture filter
 * and search; the product's reviews with the append, its day count and the keyword filter; likes; and refusals —
 * malformed input (400 naming the field), pictures this server never issued, another shopper's order or review
 * (like a missing one), a second review of a line (400002, nothing recorded), an order not yet received.
 */
import type { PGlite } from '@electric-sql/pglite';
import { CommentPage } from '../../domain/catalog/engagement.contract';
import { SelfComment, SelfCommentPage } from '../../domain/review/review.contract';
import { openFreshPGlite } from '../support/pglite-snapshot';
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { givenCatalog, givenShopper } from './engagement.fixtures';
import { call, line, openShop, payOrder, placeOrder, shipDirectly, tokenFor } from './orders.support';
import { startUploadServer, uploadedPicture, type UploadServer } from './uploads.support';

const SHOP = 9701;
const BUYER = 9710001;
const OTHER = 9710002;
const ORDER = 97101;
const SHOES = line(11, '轻薄透气网面跑步鞋', 29900, 1, ['蓝色', '42']);
const SOCKS = line(12, '纯棉运动袜', 1990, 2, ['白色']);
const DAY_MS = 24 * 60 * 60 * 1000;

function reviewSuite(name: string, open: (clock: () => Date) => Promise<UploadServer>, close: () => Promise<void>) {
  describe(`reviews (${name})`, () => {
    let server: UploadServer;
    let buyer: string;
    let other: string;
    let offset = 0;
    let picture: string;
    let shoesComment: number;
    let socksComment: number;

    const as = (token: string) => ({
      get: <T>(path: string) => call<T>(server, 'GET', path, { token }),
      post: <T>(path: string, body: unknown) => call<T>(server, 'POST', path, { token, body }),
      put: <T>(path: string, body: unknown) => call<T>(server, 'PUT', path, { token, body }),
    });
    const review = (over: Record<string, unknown> = {}) => ({
      orderId: ORDER, productId: SHOES.productId, skuId: SHOES.skuId, comment: '鞋子很轻，跑步很舒服', star: 4,
      impression: '物美价廉,值得买', image: picture, ...over,
    });
    const mine = async (query: string) => {
      const { body } = await as(buyer).get<SelfCommentPage>(`/api/comment/getAll?${query}`);
      expect(body.code).toBe('200');
      return SelfCommentPage.parse(body.data);
    };
    const orderFlags = async () => (await as(buyer).get<{ ifNotComment: number; state: number }>(`/api/order/getById?orderId=${ORDER}`)).body.data;
    const productComments = async (query = '') => {
      const { body } = await call<CommentPage>(server, 'GET', `/api/comment/getProductAll?productId=${SHOES.productId}${query}`);
      return CommentPage.parse(body.data);
    };
    const streamLength = async () => (await server.runtime.store.readStream(`order-${ORDER}`)).length;

    beforeAll(async () => {
      server = await open(() => new Date(Date.now() + offset));
      await openShop(server as never, SHOP, '跑者之家');
      await givenCatalog(server as never, SHOP, [[SHOES.productId, SHOES.productName]]);
      await givenShopper(server as never, BUYER, '爱跑步的小王');
      buyer = await tokenFor(server as never, BUYER);
      other = await tokenFor(server as never, OTHER);
      picture = await uploadedPicture(server, buyer);
      await placeOrder(server as never, ORDER, { userId: BUYER, shopId: SHOP, lines: [SHOES, SOCKS] });
      await payOrder(server as never, ORDER);
      await shipDirectly(server as never, ORDER);
    });
    afterAll(async () => {
      await server?.stop();
      await close();
    });

    it('refuses a review before the order is received: 订单状态已变更', async () => {
      expect((await as(buyer).post('/api/order/addComment', { params: [review()] })).body)
        .toEqual({ code: '400001', message: '订单状态已变更', data: null });
    });

    it('lists both received lines under 待评价 and the order offers 评价', async () => {
      expect((await as(buyer).post('/api/order/confirm', { orderId: ORDER })).body.code).toBe('200');
      expect(await orderFlags()).toEqual(expect.objectContaining({ state: 4, ifNotComment: 1 }));
      const pending = await mine('type=1');
      expect(pending.total).toBe(2);
      expect(pending.page.list.map((c) => [c.commentId, c.skuId, c.productName, c.values, c.productPrice])).toEqual(expect.arrayContaining([
        [0, SHOES.skuId, '轻薄透气网面跑步鞋', '蓝色,42', 299], [0, SOCKS.skuId, '纯棉运动袜', '白色', 19.9],
      ]));
    });

    describe('malformed reviews answer 400 naming the field, nothing recorded', () => {
      it.each([
        ['an empty comment', { comment: '  ' }, '评价内容不能为空'],
        ['six stars', { star: 6 }, '评分为1到5星'],
        ['an unknown impression', { impression: '好评' }, '请选择正确的印象标签'],
        ['six pictures', { image: Array(6).fill('/api/images/uploads/x.png').join(',') }, '最多上传5张图片'],
        ['a picture this server never issued', { image: '/images/upload/q1.png' }, '参数 params.0.image 无效：图片地址无效'],
        ['a script URL as picture', { image: 'javascript:alert(1)' }, '参数 params.0.image 无效：图片地址无效'],
      ])('%s', async (_label, over, message) => {
        const before = await streamLength();
        expect(await as(buyer).post('/api/order/addComment', { params: [review(over)] }))
          .toEqual({ status: 400, body: { code: '400', message, data: null } });
        expect(await streamLength()).toBe(before);
      });

      it('an empty list and a missing orderId', async () => {
        expect((await as(buyer).post('/api/order/addComment', { params: [] })).body.message).toBe('评价内容不能为空');
        const { status, body } = await as(buyer).post('/api/order/addComment', { params: [review({ orderId: undefined })] });
        expect(status).toBe(400);
        expect(body.message).toContain('orderId');
      });
    });

    it("answers another shopper's order like a missing one, and a product not in the order with 400003", async () => {
      expect((await as(other).post('/api/order/addComment', { params: [review()] })).body)
        .toEqual({ code: '400101', message: '订单不存在', data: null });
      expect((await as(buyer).post('/api/order/addComment', { params: [review({ productId: 999 })] })).body.code).toBe('400003');
    });

    it('records a review with stars, impressions and a picture; the line leaves 待评价 for 待追评', async () => {
      const { body } = await as(buyer).post<{ commentIds: number[] }>('/api/order/addComment', { params: [review()] });
      expect(body).toEqual({ code: '200', message: '评价成功', data: { commentIds: [expect.any(Number)] } });
      shoesComment = body.data.commentIds[0]!;
      expect((await mine('type=1')).page.list.map((c) => c.skuId)).toEqual([SOCKS.skuId]);
      const awaitingAppend = await mine('type=2');
      expect(awaitingAppend.page.list).toEqual([expect.objectContaining({
        commentId: shoesComment, orderId: ORDER, skuId: SHOES.skuId, comment: '鞋子很轻，跑步很舒服', star: 4,
        impression: '物美价廉,值得买', images: [picture], image: picture, ifAdd: 0, addComment: '',
      })]);
      expect(await orderFlags()).toEqual(expect.objectContaining({ ifNotComment: 1 }));
    });

    it('refuses a second review of the same line with 400002 已评价过该商品, nothing recorded', async () => {
      const before = await streamLength();
      expect((await as(buyer).post('/api/order/addComment', { params: [review({ comment: '再评一次' })] })).body)
        .toEqual({ code: '400002', message: '已评价过该商品', data: null });
      const both = [review({ skuId: SOCKS.skuId, productId: SOCKS.productId }), review({ skuId: SOCKS.skuId, productId: SOCKS.productId })];
      expect((await as(buyer).post('/api/order/addComment', { params: both })).body.code).toBe('400002');
      expect(await streamLength()).toBe(before);
    });

    it('reviewing the last line (star by default 5, no picture) ends 待评价 and the order’s 评价', async () => {
      const socks = { orderId: ORDER, productId: SOCKS.productId, skuId: SOCKS.skuId, comment: '袜子很厚实' };
      const { body } = await as(buyer).post<{ commentIds: number[] }>('/api/order/addComment', { params: [socks] });
      socksComment = body.data.commentIds[0]!;
      expect((await mine('type=1')).total).toBe(0);
      expect(await orderFlags()).toEqual(expect.objectContaining({ ifNotComment: 0 }));
      const found = await as(buyer).get<SelfComment>(`/api/comment/getById?commentId=${socksComment}`);
      expect(found.body.data).toEqual(expect.objectContaining({ star: 5, images: [], impression: '', comment: '袜子很厚实' }));
    });

    describe('the append review', () => {
      it('refuses empty text, a foreign picture and another shopper', async () => {
        expect((await as(buyer).put('/api/order/addToComment', { params: [{ commentId: shoesComment, comment: ' ' }] })).body.message)
          .toBe('内容不能为空');
        expect((await as(buyer).put('/api/order/addToComment', {
          params: [{ commentId: shoesComment, comment: '好', image: 'https://evil.example/a.png' }],
        })).body.message).toBe('参数 params.0.image 无效：图片地址无效');
        expect((await as(other).put('/api/order/addToComment', { params: [{ commentId: shoesComment, comment: '好' }] })).body)
          .toEqual({ code: '400201', message: '评价不存在', data: null });
        expect((await as(buyer).put('/api/order/addToComment', { params: [{ commentId: 99999999, comment: '好' }] })).body.code)
          .toBe('400201');
      });

      it('is recorded once, three days later, and shows on the product with its day count', async () => {
        offset = 3 * DAY_MS;
        const { body } = await as(buyer).put('/api/order/addToComment', {
          params: [{ commentId: shoesComment, comment: '穿了三天，依然舒服', image: picture }],
        });
        expect(body).toEqual({ code: '200', message: '追评成功', data: { commentId: shoesComment } });
        expect((await as(buyer).put('/api/order/addToComment', { params: [{ commentId: shoesComment, comment: '再追' }] })).body)
          .toEqual({ code: '400202', message: '已追评过该评价', data: null });
        const page = await productComments();
        expect(page.total).toBe(1);
        expect(page.list[0]).toEqual(expect.objectContaining({
          commentId: shoesComment, name: '爱跑步的小王', comment: '鞋子很轻，跑步很舒服', star: 4, images: [picture],
          addComment: '穿了三天，依然舒服', addImages: [picture], day: 3, values: '蓝色,42',
        }));
      });
    });

    it('我的评价: tabs with totals, the picture filter and search', async () => {
      const reviewed = await mine('type=3');
      expect(reviewed).toEqual(expect.objectContaining({ total: 2, imageTotal: 1 }));
      expect(reviewed.page.list.map((c) => c.commentId).sort()).toEqual([shoesComment, socksComment].sort());
      expect((await mine('type=2')).page.list.map((c) => c.commentId)).toEqual([socksComment]);
      expect((await mine('type=3&state=1')).page.list.map((c) => c.commentId)).toEqual([shoesComment]);
      expect((await mine('type=3&search=袜')).page).toEqual({ total: 1, list: [expect.objectContaining({ commentId: socksComment })] });
      expect((await mine(`type=3&search=${encodeURIComponent('%')}`)).page.total).toBe(0);
      const appended = (await mine('type=3')).page.list.find((c) => c.commentId === shoesComment);
      expect(appended).toEqual(expect.objectContaining({ ifAdd: 1, addComment: '穿了三天，依然舒服', day: 3 }));
    });

    it('filters the product reviews by keyword and counts the impression words', async () => {
      expect((await productComments(`&word=${encodeURIComponent('物美价廉')}`)).total).toBe(1);
      expect((await productComments(`&word=${encodeURIComponent('差评')}`)).total).toBe(0);
      expect((await productComments(`&word=${encodeURIComponent('三天')}`)).total).toBe(1);
      const detail = await call<{ words: unknown[] }>(server, 'GET',
        `/api/product/getById?shopId=${SHOP}&productId=${SHOES.productId}&skuId=${SHOES.productId * 10 + 1}&terminal=3&system=3`);
      expect(detail.body.data.words).toEqual([{ keyWord: '物美价廉', count: 1 }, { keyWord: '值得买', count: 1 }]);
    });

    it("answers another shopper's review like a missing one on getById", async () => {
      expect((await as(other).get(`/api/comment/getById?commentId=${shoesComment}`)).body.code).toBe('400201');
      expect((await as(buyer).get('/api/comment/getById?commentId=abc')).status).toBe(400);
    });

    it('likes once per shopper, and unlikes', async () => {
      const like = (ifLike: number) => as(other).post<{ likes: number; ifLike: number }>('/api/comment/like', { commentId: shoesComment, ifLike });
      expect((await like(1)).body.data).toEqual({ commentId: shoesComment, ifLike: 1, likes: 1 });
      expect((await like(1)).body.data).toEqual({ commentId: shoesComment, ifLike: 1, likes: 1 });
      expect((await like(0)).body.data).toEqual({ commentId: shoesComment, ifLike: 0, likes: 0 });
      expect((await as(other).post('/api/comment/like', { commentId: 99999999 })).body.code).toBe('400201');
    });

    it('a rebuild of the comments read model (set-based, from the log) answers the same', async () => {
      const before = [await productComments(), await mine('type=3'), await mine('type=2')];
      const response = await fetch(`${server.url}/internal/projections/comments/rebuild`, {
        method: 'POST', headers: { 'x-ops-token': server.opsToken },
      });
      expect((await response.json()).code).toBe('200');
      expect([await productComments(), await mine('type=3'), await mine('type=2')]).toEqual(before);
    });

    it('asks for a login on every review call', async () => {
      const calls: Array<[string, string, unknown]> = [
        ['POST', '/api/order/addComment', { params: [review()] }],
        ['PUT', '/api/order/addToComment', { params: [{ commentId: shoesComment, comment: '好' }] }],
        ['GET', '/api/comment/getAll', undefined], ['GET', '/api/comment/getById?commentId=1', undefined],
        ['POST', '/api/comment/like', { commentId: shoesComment, ifLike: 1 }],
      ];
      for (const [method, path, body] of calls) expect((await call(server, method, path, { body })).body.code).toBe('20005');
    });
  });
}

let pglite: PGlite | null = null;
reviewSuite('embedded: PGlite', async (clock) => {
  pglite = await openFreshPGlite();
  return startUploadServer({ pglite }, BUYER, clock);
}, async () => pglite?.close());

if (process.env.DATABASE_URL) {
  let fresh: FreshPostgres | null = null;
  reviewSuite('PostgreSQL', async (clock) => {
    fresh = await freshPostgres('reviews');
    return startUploadServer({ databaseUrl: fresh!.url }, BUYER, clock);
  }, async () => fresh?.drop());
}
