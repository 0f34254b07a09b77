/**
 * Text PostgreSQL cannot store (issue 13): a NUL or a lone surrogate in any string a route reads — query, JSON body,
 * path parameter — answers 400 code '400' naming the field, never 500 系统错误!.
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { shopper, tokenFor, type Envelope } from './cart.fixtures';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  token = await tokenFor(server, 1301);
}, 120_000);
afterAll(async () => server?.stop());

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

async function send(method: string, path: string, body?: unknown): Promise<{ status: number; body: Envelope }> {
  const headers: Record<string, string> = { authorization: token };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Envelope };
}

const refused = (field: string) => ({ code: '400', message: `参数 ${field} 无效：含有不可存储的字符`, data: null });

// a query string or path carries NUL percent-encoded as %00
const queries: Array<[string, (bad: string) => string, string]> = [
  ['product search', (bad) => `/app/getSearchProducts?page=1&search=${bad}`, 'search'],
  ['shop search', (bad) => `/shop/getShops?page=1&search=${bad}`, 'search'],
  ['comment word', (bad) => `/comment/getProductAll?productId=1&word=a${bad}b`, 'word'],
  ['order search', (bad) => `/order/getAll?page=1&search=${bad}`, 'search'],
  ['waybill', (bad) => `/order/getDilevery?express=SF&deliverFormid=SF1${bad}`, 'deliverFormid'],
  ['path parameter', (bad) => `/images/product/a${bad}.svg`, 'file'],
];

describe('%00 in a query string or path', () => {
  it.each(queries)('%s answers 400 naming the field', async (_name, path, field) => {
    const { status, body } = await send('GET', path('%00'));
    expect(status).toBe(400);
    expect(body).toEqual(refused(field));
  });
});

// a lone surrogate has no UTF-8 form: its 3-byte (CESU) encoding is invalid UTF-8, decoded to U+FFFD or refused
describe('a lone surrogate percent-encoded in a query string or path', () => {
  it.each(queries)('%s never answers 500, always the envelope', async (_name, path) => {
    const { status, body } = await send('GET', path('%ED%A0%80'));
    expect(status).toBeLessThan(500);
    expect(body).toEqual(expect.objectContaining({ code: expect.stringMatching(/^\d+$/), message: expect.any(String) }));
    expect(body.code).not.toBe('500');
  });

  it('an undecodable path answers 400 in the envelope', async () => {
    const { status, body } = await send('GET', '/images/product/a%ED%A0%80.svg');
    expect(status).toBe(400);
    expect(body).toEqual({ code: '400', message: '参数 路径 无效：不是有效的地址', data: null });
  });
});

const bodies: Array<[string, string, (bad: string) => Record<string, unknown>, string]> = [
  ['address save', '/receive/save', (bad) => ({
    receiveName: '张三', receivePhone: '13800138000', receiveAdress: '湖北省-武汉市-武昌区', address: `中北路${bad}1号`, label: '家', defult: 'false',
  }), 'address'],
  ['Q&A addProblem', '/seckill/addProblem', (bad) => ({ productId: 1, problem: `能用多久${bad}` }), 'problem'],
  ['cart add', '/cart/addCart', (bad) => ({ skuId: `1${bad}`, number: 1 }), 'skuId'],
  ['a nested field', '/cart/addCart', (bad) => ({ skuId: 1, number: 1, extra: { note: [`x${bad}`] } }), 'extra.note.0'],
];

describe.each([['NUL', NUL], ['a lone surrogate', LONE_SURROGATE]])('%s in a JSON body', (_, bad) => {
  it.each(bodies)('%s answers 400 naming the field', async (_name, path, body, field) => {
    const { status, body: answer } = await send('POST', path, body(bad));
    expect(status).toBe(400);
    expect(answer).toEqual(refused(field));
  });
});

describe('storable text', () => {
  it('still passes: a surrogate pair (emoji) and ordinary Chinese search', async () => {
    const { status, body } = await send('GET', `/app/getSearchProducts?page=1&search=${encodeURIComponent('杯😀')}`);
    expect(status).toBe(200);
    expect(body.code).toBe('200');
  });
});

describe('never a 500', () => {
  it('a visitor without a token searching with NUL is refused the same way', async () => {
    const { status, body } = await shopper(server, null).get('/app/getSearchProducts?search=%00');
    expect(status).toBe(400);
    expect(body).toEqual(refused('search'));
  });
});

describe('a visitor without a token on a protected route', () => {
  it.each([
    ['/receive/save', {}],
    ['/cart/addCart', { skuId: 'x', number: true }],
    ['/seckill/addProblem', { productId: 1, problem: `能用多久${NUL}` }],
  ])('%s with a bad body is asked to log in first (20005), not told about the body', async (path, body) => {
    const { status, body: answer } = await shopper(server, null).post(path, body);
    expect(status).toBe(200);
    expect(answer.code).toBe('20005');
  });

  it('a token in the query string is not taken: only the Authorization header signs a call in', async () => {
    const response = await fetch(`${server.url}/api/order/getAll?page=1&Authorization=${encodeURIComponent(token)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Envelope).code).toBe('20005');
  });
});
