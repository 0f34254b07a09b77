/**
 * Answers that say what is wrong (issue 29): one SKU named twice in an after-sale is 300015 售后商品重复 (not 300007
 * 售后商品不属于该订单); DELETE /receive/delete without an id is a 400 naming receiveId (not 800201 收货地址不存在); a
 * body over the limit is a 413 that says the limit; the query form the document gives /after/platform works (it answered
 * `400 参数 afterId 无效：类型错误`) and /after/submit, whose lines only a body can carry, documents no query form;
 * review text, the after-sale reason and its description have caps.
 */
import { call, tokenFor } from './orders.support';
import { openWorld, refundOnly, shippedOrder, submit, type AfterSaleWorld } from './after-sale.support';

const USER = 9290001;
const ORDER = 92901;
let world: AfterSaleWorld;
let token: string;

beforeAll(async () => {
  world = await openWorld('pglite', 'edge_precise');
  token = await tokenFor(world.server, USER);
  await shippedOrder(world, ORDER, USER);
}, 120_000);
afterAll(async () => world?.stop());

describe('an after-sale naming one SKU twice', () => {
  it('answers 300015 售后商品重复', async () => {
    const { body } = await submit(world, token, refundOnly(ORDER, [{ skuId: 11, number: 1 }, { skuId: 11, number: 1 }]));
    expect(body).toMatchObject({ code: '300015', message: '售后商品重复' });
  });
});

describe('the query forms the document gives', () => {
  it('POST /after/platform reads afterId and orderId from the query string (an unknown one is 售后单不存在, not 400)', async () => {
    const { status, body } = await call(world.server, 'POST', `/api/after/platform?afterId=999999&orderId=${ORDER}&reason=x`, { token });
    expect(status).toBe(200);
    expect(body.code).toBe('300002');
  });

  it('POST /after/submit documents its body only: no query parameters', async () => {
    const document = await (await fetch(`${world.server.url}/api/openapi.json`)).json() as { paths: Record<string, Record<string, { parameters?: Array<{ in: string }> }>> };
    const submitOp = document.paths['/api/after/submit'].post;
    expect((submitOp.parameters ?? []).filter((p) => p.in === 'query')).toEqual([]);
    const platform = document.paths['/api/after/platform'].post;
    expect((platform.parameters ?? []).filter((p) => p.in === 'query').length).toBeGreaterThan(0);
  });
});

describe('deleting an address without naming it', () => {
  it('answers 400 naming receiveId', async () => {
    const { status, body } = await call(world.server, 'DELETE', '/api/receive/delete', { token, body: {} });
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toContain('receiveId');
  });
});

describe('a body over the limit', () => {
  it('answers 413 saying the limit', async () => {
    const { status, body } = await call(world.server, 'POST', '/api/cart/addCart', { token, body: { skuId: 11, number: 1, pad: 'x'.repeat(1100 * 1024) } });
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: '413', message: '请求体过大（最大 1MB）' });
  });
});

describe('text caps', () => {
  const item = { orderId: ORDER, productId: 1, skuId: 11 };

  it.each([
    ['a review over 500 characters', 'POST', '/api/order/addComment', { params: [{ ...item, comment: '好'.repeat(501) }] }, '评价内容不能超过500字'],
    ['an append review over 500 characters', 'PUT', '/api/order/addToComment', { params: [{ commentId: 1, comment: '好'.repeat(501) }] }, '追评内容不能超过500字'],
    ['an after-sale reason over 100 characters', 'POST', '/api/after/submit', refundOnly(ORDER, undefined, { returnReason: '因'.repeat(101) }), '售后理由不能超过100字'],
    ['an after-sale description over 500 characters', 'POST', '/api/after/submit', refundOnly(ORDER, undefined, { explain: '因'.repeat(501) }), '问题描述不能超过500字'],
  ])('%s answers 400 with the cap', async (_name, method, path, body, message) => {
    const answer = await call(world.server, method, path, { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });
});
