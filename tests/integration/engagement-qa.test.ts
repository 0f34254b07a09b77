/**
 * Product Q&A over HTTP with projections running: asking and answering (signed in), the public list personalised by
 * the token (ifAnswer, ifSelf, anonymous authors), validation and bad ids, inert injection strings, paging, and the
 * authors' deletions.
 */
import { ProblemPage, type Problem } from '../../domain/catalog/engagement.contract';
import { startTestServer, type TestServer } from '../support/test-server';
import { call, givenCatalog, givenShopper, type Shopper } from './engagement.fixtures';
import { uploadedPicture } from './uploads.support';

const SHOP = 960001;
const PRODUCT = 9610001;
const QUIET_PRODUCT = 9610002;
const PAGED_PRODUCT = 9610003;
const OFF_SHELF = 9610009;

let server: TestServer;
let asker: Shopper;
let helper: Shopper;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  await givenCatalog(server, SHOP, [
    [PRODUCT, '轻薄透气网面跑步鞋'], [QUIET_PRODUCT, '陕西洛川红富士苹果 5斤装'], [PAGED_PRODUCT, '不锈钢保温杯'], [OFF_SHELF, '旧款帆布包'],
  ], [OFF_SHELF]);
  asker = await givenShopper(server, 9700001, '跑步爱好者');
  helper = await givenShopper(server, 9700002, 'MJ12345');
});
afterAll(async () => server?.stop());

const problems = async (productId: number, token?: string, query = '') => {
  const { status, body } = await call<ProblemPage>(server, 'GET', `/api/seckill/getProblems?productId=${productId}${query}`, { token });
  expect(status).toBe(200);
  expect(body.code).toBe('200');
  return ProblemPage.parse(body.data);
};
const ask = (body: unknown, token?: string) => call<{ problemId: number }>(server, 'POST', '/api/seckill/addProblem', { token, body });
const answer = (body: unknown, token?: string) => call<{ answerId: number }>(server, 'POST', '/api/seckill/addAnswer', { token, body });
const askedBy = async (shopper: Shopper, productId: number, problem: string, ifAnonymous = 0) => {
  const { body } = await ask({ productId, problem, ifAnonymous }, shopper.token);
  expect(body).toEqual({ code: '200', message: '提问成功', data: { problemId: expect.any(Number) } });
  return body.data.problemId;
};
const find = (page: ProblemPage, problemId: number): Problem => {
  const found = page.list.find((p) => p.problemId === problemId);
  if (!found) throw new Error(`question ${problemId} is not listed`);
  return found;
};

describe('a product nobody asked about', () => {
  it('lists no questions to a visitor', async () => {
    expect(await problems(QUIET_PRODUCT)).toEqual({ list: [], total: 0 });
  });
});

describe('a shopper asking a question', () => {
  it('is told 提问成功 and finds the question listed at once under their name', async () => {
    const problemId = await askedBy(asker, PRODUCT, '  鞋码偏大还是偏小？  ');
    const mine = find(await problems(PRODUCT, asker.token), problemId);
    expect(mine).toEqual(expect.objectContaining({
      problemId, productId: PRODUCT, shopId: SHOP, problem: '鞋码偏大还是偏小？', image: '',
      name: asker.name, headImage: asker.headImage, ifAnswer: false, ifSelf: 1, answers: [],
    }));
    expect(mine.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('shows 匿名用户 without an avatar when asked anonymously', async () => {
    const problemId = await askedBy(asker, PRODUCT, '透气吗？', 1);
    expect(find(await problems(PRODUCT), problemId)).toEqual(expect.objectContaining({ name: '匿名用户', headImage: '', ifSelf: 0 }));
  });

  it('offers answering to other signed-in shoppers only (ifAnswer)', async () => {
    const problemId = await askedBy(asker, PRODUCT, '适合宽脚吗？');
    expect(find(await problems(PRODUCT, helper.token), problemId).ifAnswer).toBe(true);
    expect(find(await problems(PRODUCT, asker.token), problemId).ifAnswer).toBe(false);
    expect(find(await problems(PRODUCT), problemId).ifAnswer).toBe(false);
    expect(find(await problems(PRODUCT, '1'.repeat(32)), problemId).ifAnswer).toBe(false);
  });

  it('keeps markup and SQL in the text as plain text', async () => {
    const text = `<script>alert('x')</script><img src=x onerror=alert(1)>'); drop table qa_problems; --`;
    const problemId = await askedBy(asker, PRODUCT, text);
    const page = await problems(PRODUCT);
    expect(find(page, problemId).problem).toBe(text);
    expect(page.total).toBeGreaterThanOrEqual(4);
  });

  it('attaches a picture this server issued', async () => {
    const image = await uploadedPicture(server, asker.token);
    const { body } = await ask({ productId: PRODUCT, problem: '这个颜色和图片一样吗？', image }, asker.token);
    expect(find(await problems(PRODUCT), body.data.problemId).image).toBe(image);
  });
});

describe('asking without the right to', () => {
  it('answers 20005 请先登录 without a token and 20004 with an unknown one', async () => {
    expect((await ask({ productId: PRODUCT, problem: '有货吗？' })).body).toEqual({ code: '20005', message: '请先登录', data: null });
    expect((await ask({ productId: PRODUCT, problem: '有货吗？' }, '2'.repeat(32))).body.code).toBe('20004');
  });

  it('refuses an unknown product and one off the shelf', async () => {
    expect((await ask({ productId: 9619999, problem: '有货吗？' }, asker.token)).body).toEqual({ code: '80006', message: '商品不存在', data: null });
    expect((await ask({ productId: OFF_SHELF, problem: '有货吗？' }, asker.token)).body).toEqual({ code: '80008', message: '商品已下架', data: null });
  });
});

describe('malformed questions', () => {
  it.each([
    ['blank text', '请输入问题内容', { productId: PRODUCT, problem: '   ' }],
    ['no text', '请输入问题内容', { productId: PRODUCT }],
    ['201 characters', '问题内容不能超过200个字', { productId: PRODUCT, problem: '问'.repeat(201) }],
    ['a script URL as picture', '参数 image 无效：图片地址无效', { productId: PRODUCT, problem: '好用吗', image: 'javascript:alert(1)' }],
    ['a picture this server never issued', '参数 image 无效：图片地址无效',
      { productId: PRODUCT, problem: '好用吗', image: '/images/upload/q1.png' }],
    ['a third-party picture', '参数 image 无效：图片地址无效', { productId: PRODUCT, problem: '好用吗', image: 'https://evil.example/a.png' }],
  ])('%s answers 400 %s', async (_situation, message, body) => {
    expect(await ask(body, asker.token)).toEqual({ status: 400, body: { code: '400', message, data: null } });
  });

  it.each([
    [{ productId: 'abc', problem: '好用吗' }, 'productId'],
    [{ productId: -1, problem: '好用吗' }, 'productId'],
    [{ productId: PRODUCT, problem: '好用吗', ifAnonymous: 2 }, 'ifAnonymous'],
  ])('%j answers 400 naming %s', async (body, field) => {
    const { status, body: answered } = await ask(body, asker.token);
    expect(status).toBe(400);
    expect(answered.message).toContain(field);
  });

  it.each(['abc', '-5', "1'%20or%201=1--", ''])('a list for productId=%s answers 400 naming productId', async (id) => {
    const { status, body } = await call(server, 'GET', `/api/seckill/getProblems?productId=${id}`);
    expect(status).toBe(400);
    expect(body.message).toContain('productId');
  });
});

describe('answering a question', () => {
  let problemId: number;
  beforeAll(async () => { problemId = await askedBy(asker, PRODUCT, '鞋底耐磨吗？'); });

  it('is told 回答成功 and the answer is listed under the question with the answerer\'s name', async () => {
    const { body } = await answer({ problemId, productId: PRODUCT, answer: '跑了三个月还很好', ifAnonymous: 0 }, helper.token);
    expect(body).toEqual({ code: '200', message: '回答成功', data: { answerId: expect.any(Number), problemId } });
    const listed = find(await problems(PRODUCT, helper.token), problemId);
    expect(listed.answers).toEqual([expect.objectContaining({
      answerId: body.data.answerId, answer: '跑了三个月还很好', name: helper.name, headImage: helper.headImage, ifSelf: 1,
    })]);
  });

  it('lists answers oldest first and hides an anonymous answerer', async () => {
    await answer({ problemId, productId: PRODUCT, answer: '还可以', ifAnonymous: 1 }, helper.token);
    const answers = find(await problems(PRODUCT), problemId).answers;
    expect(answers.map((a) => [a.answer, a.name])).toEqual([['跑了三个月还很好', helper.name], ['还可以', '匿名用户']]);
  });

  it('takes answers sent at the same moment, every one of them', async () => {
    const question = await askedBy(asker, PRODUCT, '同时回答？');
    const sent = await Promise.all(Array.from({ length: 5 }, (_, i) =>
      answer({ problemId: question, productId: PRODUCT, answer: `回答 ${i}` }, helper.token)));
    expect(sent.map((a) => a.body.message)).toEqual(Array(5).fill('回答成功'));
    expect(find(await problems(PRODUCT), question).answers).toHaveLength(5);
  });

  it('refuses the asker answering their own question', async () => {
    const { body } = await answer({ problemId, productId: PRODUCT, answer: '自问自答' }, asker.token);
    expect(body).toEqual({ code: '510003', message: '不能回答自己的提问', data: null });
  });

  it('refuses an unknown question or one of another product', async () => {
    expect((await answer({ problemId: 987654321, productId: PRODUCT, answer: '好' }, helper.token)).body.code).toBe('510001');
    expect((await answer({ problemId, productId: QUIET_PRODUCT, answer: '好' }, helper.token)).body)
      .toEqual({ code: '510001', message: '该提问不存在或已删除', data: null });
  });

  it('answers 400 for an empty answer, 400 naming problemId for a bad id, 20005 without a token', async () => {
    expect((await answer({ problemId, productId: PRODUCT, answer: ' ' }, helper.token)).body.message).toBe('请输入回答内容');
    const bad = await answer({ problemId: 'x', productId: PRODUCT, answer: '好' }, helper.token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('problemId');
    expect((await answer({ problemId, productId: PRODUCT, answer: '好' })).body.code).toBe('20005');
  });
});

describe('a product with twelve questions', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 12; i += 1) await askedBy(i % 2 === 0 ? asker : helper, PAGED_PRODUCT, `问题 ${i}`);
  });

  it('pages them newest first, 10 by default', async () => {
    const first = await problems(PAGED_PRODUCT, undefined, '&page=1');
    expect(first.total).toBe(12);
    expect(first.list.map((p) => p.problem)).toEqual(Array.from({ length: 10 }, (_, i) => `问题 ${12 - i}`));
    const second = await problems(PAGED_PRODUCT, undefined, '&page=2');
    expect(second.list.map((p) => p.problem)).toEqual(['问题 2', '问题 1']);
  });

  it('takes a smaller pageSize and answers 400 naming pageSize beyond 100', async () => {
    expect((await problems(PAGED_PRODUCT, undefined, '&page=3&pageSize=5')).list).toHaveLength(2);
    const { status, body } = await call(server, 'GET', `/api/seckill/getProblems?productId=${PAGED_PRODUCT}&pageSize=1000`);
    expect(status).toBe(400);
    expect(body.message).toContain('pageSize');
  });
});

describe('deleting questions and answers', () => {
  let problemId: number;
  let answerId: number;
  beforeEach(async () => {
    problemId = await askedBy(asker, QUIET_PRODUCT, '可以开发票吗？');
    answerId = (await answer({ problemId, productId: QUIET_PRODUCT, answer: '可以' }, helper.token)).body.data.answerId;
  });
  const del = (path: string, ids: unknown, token: string) => call(server, 'DELETE', `/api/seckill/${path}`, { token, body: { ids } });

  it('lets only the answerer delete an answer: to anyone else it answers as a missing one', async () => {
    expect((await del('deleteAnswer', [answerId], asker.token)).body).toEqual({ code: '510002', message: '该回答不存在或已删除', data: null });
    expect((await del('deleteAnswer', [answerId], helper.token)).body).toEqual({ code: '200', message: '删除成功', data: null });
    expect(find(await problems(QUIET_PRODUCT), problemId).answers).toEqual([]);
    expect((await del('deleteAnswer', [answerId], helper.token)).body.code).toBe('510002');
  });

  it('lets only the asker delete a question (to anyone else it answers as a missing one), which takes its answers along', async () => {
    const before = (await problems(QUIET_PRODUCT)).total;
    expect((await del('deleteProblem', [problemId], helper.token)).body).toEqual({ code: '510001', message: '该提问不存在或已删除', data: null });
    expect((await del('deleteProblem', [problemId], asker.token)).body).toEqual({ code: '200', message: '删除成功', data: null });
    const after = await problems(QUIET_PRODUCT);
    expect(after.total).toBe(before - 1);
    expect(after.list.some((p) => p.problemId === problemId)).toBe(false);
    expect((await answer({ problemId, productId: QUIET_PRODUCT, answer: '还在吗' }, helper.token)).body.code).toBe('510001');
  });

  it('asks for a selection and refuses unknown ids', async () => {
    expect((await del('deleteProblem', [], asker.token)).body.message).toBe('请先选择需要删除的提问');
    expect((await del('deleteAnswer', [], helper.token)).body.message).toBe('请先选择需要删除的回答');
    expect((await del('deleteProblem', [problemId, 987654321], asker.token)).body.code).toBe('510001');
    expect(find(await problems(QUIET_PRODUCT), problemId).problemId).toBe(problemId);
  });
});

describe('a rebuild of the Q&A read model', () => {
  it('builds the same questions from the events while serving', async () => {
    const before = await problems(PAGED_PRODUCT, helper.token);
    const response = await fetch(`${server.url}/internal/projections/qa/rebuild`, { method: 'POST', headers: { 'x-ops-token': server.opsToken } });
    expect((await response.json()).code).toBe('200');
    expect(await problems(PAGED_PRODUCT, helper.token)).toEqual(before);
  });
});
