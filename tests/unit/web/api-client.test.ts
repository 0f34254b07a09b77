import { ApiError, createApiClient, type ApiClientOptions } from '../../../web/src/lib/api-client';

interface Sent {
  url: string;
  init: RequestInit;
}

function clientAnswering(answer: (sent: Sent) => Promise<Response>, overrides: Partial<ApiClientOptions> = {}) {
  const sent: Sent[] = [];
  const ended = { count: 0 };
  const client = createApiClient({
    baseUrl: '/api',
    timeoutMs: 20000,
    fetch: (input, init) => {
      const call = { url: String(input), init: init ?? {} };
      sent.push(call);
      return answer(call);
    },
    getToken: () => 'token-123',
    onSessionEnded: () => {
      ended.count += 1;
    },
    ...overrides,
  });
  return { client, sent, ended };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const failure = async (call: Promise<unknown>): Promise<ApiError> => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
};

describe('given a file upload', () => {
  it('sends the FormData itself, leaving the multipart content type to the browser', async () => {
    const { client, sent } = clientAnswering(() => json({ code: '200', message: '上传成功', data: { url: '/api/images/uploads/a.png' } }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await expect(client.request('POST', '/file/upload', { body: form })).resolves.toEqual({ url: '/api/images/uploads/a.png' });
    expect(sent[0].init.body).toBe(form);
    expect(sent[0].init.headers).not.toHaveProperty('Content-Type');
    expect(sent[0].init.headers).toHaveProperty('Authorization', 'token-123');
  });
});

describe('given a server answering with the success envelope', () => {
  it('returns data and sends token, XMLHttpRequest marker and credentials with the query in the URL', async () => {
    const { client, sent } = clientAnswering(() => json({ code: '200', message: '成功', data: { list: [], total: 0 } }));
    await expect(client.get('/notice/getAll', { page: 1, pageSize: 10, skip: undefined })).resolves.toEqual({ list: [], total: 0 });
    expect(sent[0].url).toBe('/api/notice/getAll?page=1&pageSize=10');
    expect(sent[0].init.credentials).toBe('include');
    expect(sent[0].init.method).toBe('GET');
    expect(sent[0].init.headers).toEqual({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', Authorization: 'token-123' });
  });

  it('sends a body as JSON with the JSON content type', async () => {
    const { client, sent } = clientAnswering(() => json({ code: '200', message: '成功', data: null }));
    await client.del('/cart/delete', { ids: [3, 4] });
    expect(sent[0].init.method).toBe('DELETE');
    expect(sent[0].init.body).toBe('{"ids":[3,4]}');
    expect((sent[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('leaves the Authorization header out when no token is stored', async () => {
    const { client, sent } = clientAnswering(() => json({ code: '200', message: '成功', data: 1 }), { getToken: () => undefined });
    await client.get('/notice/getGongGaoAll');
    expect(sent[0].init.headers).not.toHaveProperty('Authorization');
  });
});

describe('given a business error in the envelope', () => {
  it('throws an ApiError with the code and the Chinese message, and keeps the session', async () => {
    const { client, ended } = clientAnswering(() => json({ code: '700003', message: '领取已达上限', data: null }));
    const error = await failure(client.post('/coupon/takeCoupon', { couponId: 1 }));
    expect([error.code, error.message]).toEqual(['700003', '领取已达上限']);
    expect(ended.count).toBe(0);
  });

  it.each(['20004', '20005'])('ends the session on code %s', async (code) => {
    const { client, ended } = clientAnswering(() => json({ code, message: '请先登录', data: null }));
    const error = await failure(client.get('/cart/getCart'));
    expect([error.code, error.message, ended.count]).toEqual([code, '请先登录', 1]);
  });

  it('prefers a server-provided error field over the message', async () => {
    const { client } = clientAnswering(() => json({ code: '80002', message: '失败', error: '存在无效商品,请重新选择', data: null }));
    await expect(failure(client.get('/order/getSettlement'))).resolves.toMatchObject({ message: '存在无效商品,请重新选择' });
  });
});

describe('given an HTTP failure', () => {
  it.each([
    [400, '请求无效，请检查参数是否正确!'],
    [401, '未经授权，访问被拒!'],
    [404, '地址不存在!'],
    [500, '系统错误!'],
    [502, '网管出错!'],
    [504, '网关请求超时'],
    [505, 'HTTP版本不受支持'],
  ])('maps status %i to %s', async (status, message) => {
    const { client } = clientAnswering(() => json({ code: String(status), message: 'pageSize: 过大' }, status));
    await expect(failure(client.get('/x'))).resolves.toMatchObject({ code: String(status), message, status });
  });

  it('tells the shopper to retry on 503, the server\'s "not now", with or without the envelope', async () => {
    const busy = { code: '503', message: '服务繁忙，请稍后重试', data: null };
    const { client } = clientAnswering(() => json(busy, 503));
    const error = await failure(client.post('/order/submit', {}));
    expect([error.code, error.message, error.status, error.retryLater]).toEqual(['503', '服务繁忙，请稍后重试', 503, true]);
    const fromProxy = clientAnswering(() => Promise.resolve(new Response('<html>503 Service Unavailable</html>', { status: 503 })));
    await expect(failure(fromProxy.client.get('/x'))).resolves.toMatchObject({ code: '503', message: '服务繁忙，请稍后重试', retryLater: true });
  });

  it('answers 请求超时! when the server is silent past the timeout', async () => {
    const never = ({ init }: Sent) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const { client } = clientAnswering(never, { timeoutMs: 20 });
    await expect(failure(client.get('/slow'))).resolves.toMatchObject({ code: 'TIMEOUT', message: '请求超时!' });
  });

  it('answers the network-failure text when the server cannot be reached', async () => {
    const { client } = clientAnswering(() => Promise.reject(new TypeError('fetch failed')));
    await expect(failure(client.get('/x'))).resolves.toMatchObject({ code: 'NETWORK', message: '哎呀，网络开小差了～' });
  });

  it('rethrows the caller’s own cancellation untouched', async () => {
    const caller = new AbortController();
    const never = ({ init }: Sent) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const { client } = clientAnswering(never);
    const call = client.get('/x', undefined, caller.signal);
    caller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
