/**
 * The issue 12 privacy and bad-input sweep over the user centre's endpoints (addresses, favourites, browse history,
 * messages, coupon wallet, profile and phone, my questions and answers), as one shopper probing another over HTTP:
 * nothing answered carries the other's phone or receiving details, the other's ids answer as missing and change
 * nothing, and malformed input answers 400 with a Chinese message naming the field.
 */
import type { TestServer } from '../support/test-server';
import { call } from './engagement.fixtures';
import { freshPhone, IdentityClient, TestClock } from './identity.support';
import { backendsForUserCentre } from './user-centre.support';

/** Demo catalogue: a shop and one of its products. */
const SHOP = 9;
const PRODUCT = { productId: 5001, skuId: 500101, shopId: SHOP };
const RECEIVER = '隐私测试收件人';

interface Person { phone: string; token: string; userId: number }
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(backendsForUserCentre())('one shopper probing another\'s user centre on $name', (backend) => {
  let server: TestServer;
  let a: Person;
  let b: Person;
  const ids = { receiveId: 0, collectId: 0, footprintId: 0, problemId: 0, answerId: 0 };

  const as = <T = unknown>(who: Person, method: Method, path: string, body?: unknown) =>
    call<T>(server, method, `/api${path}`, { token: who.token, body });
  const register = async (client: IdentityClient): Promise<Person> => {
    const phone = freshPhone();
    const { body } = await client.signInFresh(phone, 1);
    if (body.code !== '200') throw new Error(`sign-in ${phone}: ${body.code} ${body.message}`);
    return { phone, token: body.data.token, userId: body.data.buyerUserId };
  };

  /** Everything of A's the user centre lists, to compare before and after B's attempts. */
  const aSees = async () => Promise.all([
    '/receive/getAll?page=1&pageSize=4', '/collect/getAllProduct?page=1&pageSize=10', '/collect/getAllShop?page=1&pageSize=10',
    '/footprint/getAll?page=1&pageSize=4', '/user/getSelfProblems?page=1&pageSize=10', '/user/getSelfAnswers?page=1&pageSize=10',
    '/user/getUser',
  ].map(async (path) => (await as(a, 'GET', path)).body));

  beforeAll(async () => {
    server = await backend.start(new TestClock().now);
    const client = new IdentityClient(server);
    a = await register(client);
    b = await register(client);
    // A: an address with A's own phone, a favourite product and shop, a viewed product, a question B answers
    await as(a, 'POST', '/receive/save', {
      receiveName: RECEIVER, receivePhone: a.phone, receiveAdress: '湖北省-武汉市-武昌区', address: '中山路 8 号', label: '家', defult: 'true',
    });
    ids.receiveId = (await as<{ list: Array<{ receiveId: number }> }>(a, 'GET', '/receive/getAll?page=1&pageSize=4')).body.data.list[0].receiveId;
    ids.collectId = (await as<{ collectId: number }>(a, 'POST', '/collect/collect', { productId: PRODUCT.productId })).body.data.collectId;
    await as(a, 'POST', '/collect/collect', { shopId: SHOP });
    const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(PRODUCT).map(([k, v]) => [k, String(v)])), terminal: '3', system: '3', city: '' });
    await as(a, 'GET', `/product/getById?${query}`);
    for (let tries = 0; ids.footprintId === 0 && tries < 100; tries += 1) {
      const page = (await as<{ list: Array<{ products: Array<{ footprintId: number }> }> }>(a, 'GET', '/footprint/getAll')).body.data;
      ids.footprintId = page.list[0]?.products[0]?.footprintId ?? 0;
      if (ids.footprintId === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    ids.problemId = (await as<{ problemId: number }>(a, 'POST', '/seckill/addProblem', { ifAnonymous: 0, problem: '甜吗？', productId: PRODUCT.productId })).body.data.problemId;
    ids.answerId = (await as<{ answerId: number }>(b, 'POST', '/seckill/addAnswer', {
      ifAnonymous: 0, answer: '很甜', productId: PRODUCT.productId, problemId: ids.problemId,
    })).body.data.answerId;
  }, 120_000);
  afterAll(async () => server?.stop());

  it('set up what A holds', () => {
    expect(Object.values(ids).every((id) => id > 0)).toBe(true);
  });

  it('never shows B A\'s phone or receiving details, in any user-centre answer', async () => {
    const answers = await Promise.all([
      '/user/getUser', '/receive/getAll?page=1&pageSize=4', '/receive/getSelect', '/collect/getAllProduct', '/collect/getAllShop',
      '/footprint/getAll', '/notice/getAll?page=1&pageSize=10', '/coupon/getCouponList?state=0', '/coupon/getCouponList?state=1',
      '/coupon/getCouponList?state=2', '/user/getSelfProblems', '/user/getSelfAnswers',
      `/seckill/getProblems?productId=${PRODUCT.productId}&page=1&pageSize=10`, `/receive/getById?receiveId=${ids.receiveId}`,
    ].map(async (path) => [path, JSON.stringify((await as(b, 'GET', path)).body)] as const));
    for (const [path, text] of answers) {
      expect({ path, leaks: text.includes(a.phone) || text.includes(RECEIVER) }).toEqual({ path, leaks: false });
    }
  });

  it('answers A\'s ids to B as missing, and A keeps everything', async () => {
    const before = await aSees();
    const attempts: Array<[Method, string, unknown, string]> = [
      ['GET', `/receive/getById?receiveId=${ids.receiveId}`, undefined, '800201'],
      ['PUT', '/receive/update', {
        receiveId: ids.receiveId, receiveName: '改', receivePhone: b.phone, receiveAdress: '湖北省-武汉市-武昌区', address: '改', label: '', defult: 'true',
      }, '800201'],
      ['DELETE', '/receive/delete', { receiveId: ids.receiveId }, '800201'],
      ['PUT', '/collect/cancel', { ids: [ids.collectId] }, '700102'],
      ['POST', '/collect/cancel', { ids: [ids.collectId] }, '700102'],
      ['DELETE', '/footprint/delete', { ids: [ids.footprintId] }, '510006'],
      ['DELETE', '/seckill/deleteProblem', { ids: [ids.problemId] }, '510001'],
    ];
    for (const [method, path, body, code] of attempts) {
      const { status, body: answer } = await as(b, method, path, body);
      expect({ path, status, code: answer.code }).toEqual({ path, status: 200, code });
    }
    // and the other way round: B's answer is missing to A
    expect((await as(a, 'DELETE', '/seckill/deleteAnswer', { ids: [ids.answerId] })).body.code).toBe('510002');
    expect(await aSees()).toEqual(before);
  });

  it('answers malformed input with 400 and a Chinese message naming the field', async () => {
    const cases: Array<[Method, string, unknown, RegExp]> = [
      ['GET', '/receive/getById?receiveId=abc', undefined, /receiveId/],
      ['GET', '/receive/getAll?page=0', undefined, /page/],
      ['DELETE', '/receive/delete', { receiveId: -1 }, /receiveId/],
      ['POST', '/receive/save', { receiveName: '王五', receivePhone: '123', receiveAdress: '湖北省-武汉市-武昌区', address: 'x', label: '', defult: 'true' }, /手机号/],
      ['PUT', '/collect/cancel', { ids: ['x'] }, /ids/],
      ['POST', '/collect/collect', { productId: 'abc' }, /productId/],
      ['GET', '/collect/getAllShop?search=' + 'x'.repeat(60), undefined, /search/],
      ['DELETE', '/footprint/delete', { ids: 'x' }, /ids/],
      ['DELETE', '/footprint/delete', { times: ['昨天'] }, /times/],
      ['GET', '/footprint/getAll?pageSize=100000', undefined, /pageSize/],
      ['PUT', '/notice/readNotice', { noticeId: 'x' }, /noticeId/],
      ['GET', '/notice/getAll?page=a', undefined, /page/],
      ['GET', '/coupon/getCouponList?state=7', undefined, /state/],
      ['GET', '/user/getSelfProblems?page=x', undefined, /page/],
      ['GET', '/user/getSelfAnswers?pageSize=100000', undefined, /pageSize/],
      ['DELETE', '/seckill/deleteAnswer', { ids: ['x'] }, /ids/],
      ['PUT', '/user/update', { name: 'x', sex: '猫', birthday: '2000-01-01', headImage: '' }, /性别/],
      ['PUT', '/user/update', { name: 'x', sex: '男', birthday: '2000-13-45', headImage: '' }, /生日/],
      ['GET', '/user/checkUser?phone=123&verificationCode=1', undefined, /手机号/],
      ['PUT', '/user/updatePhone', { phone: 'abc', verificationCode: '1' }, /手机号/],
    ];
    for (const [method, path, body, field] of cases) {
      const { status, body: answer } = await as(b, method, path, body);
      expect({ path, status, code: answer.code }).toEqual({ path, status: 400, code: '400' });
      expect(answer.message).toMatch(field);
      expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
