/**
 * The API skeleton over HTTP with projections running: envelope, notices end to end (seeded events → projection →
 * /api/notice/*), malformed input, auth codes, /api/health, /internal guard and the /ws channels.
 */
import WebSocket from 'ws';
import { parsePosition } from '../../services/event-store/event-store.port';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false });
  // the demo notices are projected before the first read: wait until the read model has them
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline) {
    const { rows } = await server.runtime.db.query<{ n: number }>('select count(*)::int as n from notices');
    if (rows[0].n >= 8) break;
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => server?.stop());

interface Notice { noticeId: number; noticeType: number; noticeTitle: string; createTime: string }
interface Body {
  code: string; message: string;
  data: { total: number; list: Notice[]; noticeTitle: string; length: number; every(f: (n: Notice) => boolean): boolean;
    status: string; store: unknown; feed: { kind: string }; projections: unknown; [index: number]: unknown };
}
type Message = Record<string, unknown>;

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as Body };
};

describe('the notices of the demo seed', () => {
  it('lists them newest first in pages of 10 by default', async () => {
    const { status, body } = await get('/api/notice/getAll?page=1');
    expect(status).toBe(200);
    expect(body.code).toBe('200');
    expect(body.data.total).toBe(8);
    expect(body.data.list).toHaveLength(8);
    expect(body.data.list[0]).toEqual(expect.objectContaining({
      noticeId: 1, noticeType: 2, noticeTitle: '双十二年终盛典预热开启，全场满300减40', jump: 1, only: 0,
    }));
    expect(body.data.list[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('pages with pageSize', async () => {
    const { body } = await get('/api/notice/getAll?page=2&pageSize=3');
    expect(body.data.total).toBe(8);
    expect(body.data.list.map((n) => n.noticeId)).toHaveLength(3);
  });

  it('gives the carousel only announcements (type 2)', async () => {
    const { body } = await get('/api/notice/getGongGaoAll');
    expect(body.code).toBe('200');
    expect(body.data.length).toBe(6);
    expect(body.data.every((n) => n.noticeType === 2)).toBe(true);
  });

  it('answers one notice by id', async () => {
    const { body } = await get('/api/notice/getById?noticeId=2');
    expect(body.data.noticeTitle).toBe('冬季物流时效说明：部分地区配送或有延迟');
  });

  it('answers an unknown notice with its code and message, not a 500', async () => {
    const { status, body } = await get('/api/notice/getById?noticeId=999');
    expect(status).toBe(200);
    expect(body).toEqual({ code: '30001', message: '公告不存在', data: null });
  });
});

describe('malformed input', () => {
  it.each([
    ['/api/notice/getById', 'noticeId'],
    ['/api/notice/getById?noticeId=abc', 'noticeId'],
    ['/api/notice/getById?noticeId=-3', 'noticeId'],
    ['/api/notice/getAll?pageSize=100000', 'pageSize'],
    ["/api/notice/getById?noticeId=1'%20or%201=1--", 'noticeId'],
  ])('%s answers 400 naming %s', async (path, field) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.code).toBe('400');
    expect(body.message).toContain(field);
  });

  it('answers a broken JSON body with 400', async () => {
    const response = await fetch(`${server.url}/internal/projections/notices/rebuild`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-ops-token': server.opsToken }, body: '{nope',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('400');
  });

  it('answers an unknown path with 404 地址不存在!', async () => {
    const { status, body } = await get('/api/nothing/here');
    expect(status).toBe(404);
    expect(body).toEqual({ code: '404', message: '地址不存在!', data: null });
  });
});

describe('tokens', () => {
  it('personalises with a valid token and ignores a stale one on public reads', async () => {
    const token = await server.runtime.sessions.create(42, 1, new Date());
    expect((await get('/api/notice/getAll', { authorization: token })).body.code).toBe('200');
    expect((await get('/api/notice/getAll', { authorization: '1'.repeat(32) })).body.code).toBe('200');
  });
});

describe('health', () => {
  it('answers readiness with the envelope, the payment provider and no internal detail', async () => {
    const { status, body } = await get('/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ code: '200', message: '成功', data: { status: 'up', payments: 'sandbox' } });
  });
});

describe('internal routes', () => {
  it('refuse a call without the ops token', async () => {
    const { status, body } = await get('/internal/projections');
    expect(status).toBe(403);
    expect(body.code).toBe('403');
  });

  it('rebuild a projection side by side and keep serving', async () => {
    const response = await fetch(`${server.url}/internal/projections/notices/rebuild`, {
      method: 'POST', headers: { 'x-ops-token': server.opsToken },
    });
    const body = await response.json();
    expect(body.code).toBe('200');
    expect(body.data).toMatchObject({ switched: true, refused: null });
    expect(body.data.results[0]).toEqual(expect.objectContaining({ name: 'notices' }));
    expect(body.data.results[0].diff.identical).toBe(true);
    expect((await get('/api/notice/getAll')).body.data.total).toBe(8);
  });
});

describe('the websocket', () => {
  const open = (query = '') => new Promise<{ ws: WebSocket; messages: Message[] }>((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws${query}`);
    const messages: Message[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.on('open', () => resolve({ ws, messages }));
    ws.on('error', reject);
  });
  const next = async (messages: Message[], count: number) => {
    const deadline = Date.now() + 3000;
    while (messages.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return messages[count - 1];
  };

  it('refuses a visitor without a token a shopper\'s channel with 20005', async () => {
    const { ws, messages } = await open();
    expect(await next(messages, 1)).toEqual({ op: 'ready', userId: null, position: expect.stringMatching(/^\d+\/\d+$/) });
    ws.send(JSON.stringify({ op: 'subscribe', channel: 'user:7' }));
    expect(await next(messages, 2)).toEqual(expect.objectContaining({ op: 'error', code: '20005' }));
    ws.send(JSON.stringify({ op: 'subscribe', channel: 'order:1' }));
    expect(await next(messages, 3)).toEqual(expect.objectContaining({ op: 'error', code: '20005' }));
    ws.close();
  });

  it('lets a visitor without a token follow a SKU\'s stock', async () => {
    const { ws, messages } = await open();
    ws.send(JSON.stringify({ op: 'subscribe', channel: 'sku:1' }));
    expect(await next(messages, 2)).toEqual({ op: 'subscribed', channel: 'sku:1', position: expect.stringMatching(/^\d+\/\d+$/) });
    expect(server.runtime.hub.deliver({ channel: 'sku:1', payload: { skuId: 1, stockNumber: 4 }, position: parsePosition('10/7') })).toBe(1);
    expect(await next(messages, 3)).toEqual({ op: 'event', channel: 'sku:1', position: '10/7', payload: { skuId: 1, stockNumber: 4 } });
    ws.close();
  });

  it('answers an unknown token with 20004', async () => {
    const { ws, messages } = await open(`?token=${'2'.repeat(32)}`);
    expect(await next(messages, 1)).toEqual(expect.objectContaining({ op: 'error', code: '20004' }));
    ws.close();
  });

  it('lets a shopper subscribe to their own channel, pushes to it, and refuses another user\'s', async () => {
    const token = await server.runtime.sessions.create(7, 1, new Date());
    const { ws, messages } = await open(`?token=${token}`);
    expect(await next(messages, 1)).toEqual({ op: 'ready', userId: 7, position: expect.stringMatching(/^\d+\/\d+$/) });
    ws.send(JSON.stringify({ op: 'subscribe', channel: 'user:8' }));
    expect(await next(messages, 2)).toEqual(expect.objectContaining({ op: 'error', code: '403', channel: 'user:8' }));
    ws.send(JSON.stringify({ op: 'subscribe', channel: 'user:7' }));
    expect(await next(messages, 3)).toEqual({ op: 'subscribed', channel: 'user:7', position: expect.stringMatching(/^\d+\/\d+$/) });
    expect(server.runtime.hub.deliver({ channel: 'user:7', payload: { cartNumber: 3 }, position: parsePosition('10/5') })).toBe(1);
    expect(await next(messages, 4)).toEqual({ op: 'event', channel: 'user:7', position: '10/5', payload: { cartNumber: 3 } });
    ws.send(JSON.stringify({ op: 'unsubscribe', channel: 'user:7' }));
    expect(await next(messages, 5)).toEqual({ op: 'unsubscribed', channel: 'user:7' });
    expect(server.runtime.hub.deliver({ channel: 'user:7', payload: { cartNumber: 4 }, position: parsePosition('10/6') })).toBe(0);
    ws.close();
  });

  it('answers a malformed message with an error', async () => {
    const { ws, messages } = await open();
    ws.send('not json');
    expect(await next(messages, 2)).toEqual(expect.objectContaining({ op: 'error', code: '400' }));
    ws.close();
  });
});
