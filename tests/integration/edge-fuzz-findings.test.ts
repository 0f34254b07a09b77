/**
 * What the contract fuzzer (api-fuzz.test.ts) found, kept fixed (issue 13): a body nested 10,000 deep overflowed every
 * recursive walk of it and answered 500 系统错误!; a WeChat refund notification past the body limit answered 500; a
 * WeChat callback with a NUL in its query string answered 500 (the edge's refusal was not known to its error handler);
 * an upload whose multipart body was cut short answered 500.
 * All are the sender's fault: 400 in the envelope naming the body, and 4xx in WeChat's form.
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { MAX_JSON_DEPTH } from '../../services/api/edge/json-depth';
import { tokenFor } from './cart.fixtures';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  token = await tokenFor(server, 1401);
}, 120_000);
afterAll(async () => server?.stop());

const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const tooDeep = { code: '400', message: `参数 请求体 无效：嵌套超过${MAX_JSON_DEPTH}层`, data: null };

async function post(path: string, payload: string, authorization?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization) headers.authorization = authorization;
  const response = await server.app.inject({ method: 'POST', url: path, headers, payload });
  return { status: response.statusCode, body: response.json() as unknown };
}

describe('a body nested past any form', () => {
  it.each([['10,000', 'arrays', deepArrays(10_000)], ['10,000', 'objects', deepObjects(10_000)], ['100,000', 'objects', deepObjects(100_000)]])(
    '%s nested %s to a public route answers 400 naming the body', async (_depth, _kind, payload) => {
      expect(await post('/api/app/login', payload)).toEqual({ status: 400, body: tooDeep });
    });

  it('to a signed-in route too', async () => {
    expect(await post('/api/cart/addCart', deepArrays(10_000), token)).toEqual({ status: 400, body: tooDeep });
  });

  it(`one level past ${MAX_JSON_DEPTH} is refused; a real form (order settlement, lists in lists) is not`, async () => {
    const nested = (depth: number): unknown => (depth <= 1 ? { a: 1 } : { a: nested(depth - 1) });
    expect(await post('/api/cart/addCart', JSON.stringify(nested(MAX_JSON_DEPTH + 1)), token)).toEqual({ status: 400, body: tooDeep });
    const settlement = await post('/api/order/getSettlement',
      JSON.stringify({ shops: [{ shopId: 1, skus: [{ skuId: 1, number: 1, selected: 1 }] }] }), token);
    expect(settlement.status).toBe(200);
  });
});

describe('a WeChat Pay refund notification past the body limit', () => {
  it('answers 413 in WeChat\'s form, not 500', async () => {
    const response = await server.app.inject({
      method: 'POST', url: '/api/pay/wechat/refund-notify', headers: { 'content-type': 'application/json' },
      payload: `{"a":"${'x'.repeat(1024 * 1024 + 1)}"}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'FAIL', message: '请求无效' });
  });
});

describe('a WeChat Pay callback with text PostgreSQL cannot store in its query string', () => {
  it.each([['/api/pay/wechat/notify'], ['/api/pay/wechat/refund-notify']])('%s answers 400 in WeChat\'s form, not 500', async (path) => {
    const response = await server.app.inject({ method: 'POST', url: `${path}?__proto__=%00`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'FAIL', message: '请求无效' });
  });
});

describe('an upload whose multipart body is cut short or is not multipart at all', () => {
  it.each([
    ['no parts', 'a=1&b=%00'],
    ['a part cut short', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'],
  ])('%s answers 400 naming the file, not 500', async (_name, payload) => {
    const response = await server.app.inject({
      method: 'POST', url: '/api/file/upload', headers: { authorization: token, 'content-type': 'multipart/form-data; boundary=x' }, payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: '400', message: '参数 file 无效：上传内容不完整', data: null });
  });
});
