import { createRealtime, type RealtimeOptions, type SocketLike } from '../../../web/src/lib/realtime';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) { this.sent.push(JSON.parse(data) as Record<string, unknown>); }
  close() { this.closed = true; this.readyState = 3; }
  /** The server accepts the token (null: a visitor without one). */
  ready(userId: number | null) {
    this.readyState = 1;
    this.onopen?.({});
    this.receive({ op: 'ready', userId });
  }
  receive(message: object) { this.onmessage?.({ data: JSON.stringify(message) }); }
  drop() { this.readyState = 3; this.onclose?.({}); }
}

function harness(overrides: Partial<RealtimeOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  let token: string | null = 'abc';
  const realtime = createRealtime({
    url: () => (token ? `ws://shop/ws?token=${token}` : null),
    open: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 1,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => { (handle as { cleared: boolean }).cleared = true; },
    ...overrides,
  });
  return { realtime, sockets, timers, setToken: (next: string | null) => { token = next; } };
}

const event = (channel: string, position: string | null, payload: unknown) => ({ op: 'event', channel, position, payload });

describe('a client with a token and no subscription', () => {
  it('opens no connection until something is subscribed', () => {
    const { realtime, sockets } = harness();
    expect(sockets).toHaveLength(0);
    realtime.subscribe('user:7', () => undefined);
    expect(sockets.map((s) => s.url)).toEqual(['ws://shop/ws?token=abc']);
  });
});

describe('a client without a token', () => {
  it('stays disconnected', () => {
    const { realtime, sockets, setToken } = harness();
    setToken(null);
    realtime.subscribe('user:7', () => undefined);
    expect(sockets).toHaveLength(0);
  });
});

describe('a visitor without a token, where the app connects anyway', () => {
  it('follows public channels, and opens a signed-in connection once there is a token', () => {
    let token: string | null = null;
    const sockets: FakeSocket[] = [];
    const realtime = createRealtime({
      url: () => `ws://shop/ws${token ? `?token=${token}` : ''}`,
      open: (url) => { const socket = new FakeSocket(url); sockets.push(socket); return socket; },
    });
    realtime.subscribe('sku:5', () => undefined);
    sockets[0].ready(null);
    expect(sockets[0].sent).toEqual([{ op: 'subscribe', channel: 'sku:5' }]);
    token = 'abc';
    realtime.subscribe((id) => `user:${id}`, () => undefined);
    expect(sockets[0].closed).toBe(true);
    sockets[1].ready(42);
    expect(sockets[1].url).toBe('ws://shop/ws?token=abc');
    expect(sockets[1].sent).toEqual([{ op: 'subscribe', channel: 'sku:5' }, { op: 'subscribe', channel: 'user:42' }]);
  });
});

describe('a subscription to the shopper\'s own channel', () => {
  it('subscribes once the server says ready, naming the channel by the user id it answered', () => {
    const { realtime, sockets } = harness();
    realtime.subscribe((id) => `user:${id}`, () => undefined);
    sockets[0].ready(42);
    expect(sockets[0].sent).toEqual([{ op: 'subscribe', channel: 'user:42' }]);
  });

  it('delivers pushes in position order and drops older or repeated ones', () => {
    const { realtime, sockets } = harness();
    const got: unknown[] = [];
    realtime.subscribe((id) => `user:${id}`, (payload) => got.push(payload));
    sockets[0].ready(42);
    sockets[0].receive(event('user:42', '10/5', { cartNumber: 2 }));
    sockets[0].receive(event('user:42', '10/4', { cartNumber: 1 }));
    sockets[0].receive(event('user:42', '10/5', { cartNumber: 2 }));
    sockets[0].receive(event('user:42', '11/1', { cartNumber: 3 }));
    sockets[0].receive(event('user:42', null, { unread: 1 }));
    sockets[0].receive(event('user:43', '12/1', { cartNumber: 9 }));
    expect(got).toEqual([{ cartNumber: 2 }, { cartNumber: 3 }, { unread: 1 }]);
  });

  it('unsubscribes and closes when the last handler leaves', () => {
    const { realtime, sockets } = harness();
    const leaveA = realtime.subscribe('user:42', () => undefined);
    const leaveB = realtime.subscribe('order:9', () => undefined);
    sockets[0].ready(42);
    leaveB();
    expect(sockets[0].sent.at(-1)).toEqual({ op: 'unsubscribe', channel: 'order:9' });
    leaveA();
    expect(sockets[0].closed).toBe(true);
  });
});

describe('a connection that drops', () => {
  it('comes back with a doubling delay, resubscribes, and still drops pushes older than before the drop', () => {
    const { realtime, sockets, timers } = harness({ initialDelayMs: 100, maxDelayMs: 250 });
    const got: unknown[] = [];
    realtime.subscribe('user:42', (payload) => got.push(payload));
    sockets[0].ready(42);
    sockets[0].receive(event('user:42', '20/1', { cartNumber: 5 }));
    sockets[0].drop();
    expect(timers.map((t) => t.ms)).toEqual([100]);
    timers[0].run();
    sockets[1].drop();
    timers[1].run();
    sockets[2].drop();
    timers[2].run();
    expect(timers.map((t) => t.ms)).toEqual([100, 200, 250]);
    sockets[3].ready(42);
    expect(sockets[3].sent).toEqual([{ op: 'subscribe', channel: 'user:42', after: '20/1' }]);
    sockets[3].receive(event('user:42', '19/9', { cartNumber: 4 }));
    sockets[3].receive(event('user:42', '21/1', { cartNumber: 6 }));
    expect(got).toEqual([{ cartNumber: 5 }, { cartNumber: 6 }]);
    sockets[3].drop();
    expect(timers.at(-1)?.ms).toBe(100);
  });

  it('comes back after the position the server accounted for, and takes the missed pushes it sends first', () => {
    const { realtime, sockets, timers } = harness();
    const got: unknown[] = [];
    realtime.subscribe('order:9', (payload) => got.push(payload));
    sockets[0].ready(42);
    sockets[0].receive({ op: 'subscribed', channel: 'order:9', position: '30/2' });
    sockets[0].receive(event('order:9', '30/1', { state: 1 })); // older than the subscription: accounted for
    sockets[0].drop();
    timers[0].run();
    sockets[1].ready(42);
    expect(sockets[1].sent).toEqual([{ op: 'subscribe', channel: 'order:9', after: '30/2' }]);
    sockets[1].receive(event('order:9', '31/1', { state: 3 }));
    sockets[1].receive({ op: 'subscribed', channel: 'order:9', position: '35/1' });
    sockets[1].receive(event('order:9', '31/1', { state: 3 }));
    sockets[1].receive(event('order:9', '34/1', { state: 4 }));
    sockets[1].receive(event('order:9', '36/1', { state: 5 }));
    expect(got).toEqual([{ state: 3 }, { state: 5 }]);
  });

  it('asks the handlers to refetch when the server cannot catch the channel up', () => {
    const { realtime, sockets, timers } = harness();
    const got: Array<[unknown, unknown]> = [];
    realtime.subscribe('sku:5', (payload, meta) => got.push([payload, meta.resync ?? false]));
    sockets[0].ready(42);
    sockets[0].receive({ op: 'subscribed', channel: 'sku:5', position: '10/1' });
    sockets[0].drop();
    timers[0].run();
    sockets[1].ready(42);
    sockets[1].receive({ op: 'subscribed', channel: 'sku:5', position: '50/1', resync: true });
    expect(got).toEqual([[null, true]]);
  });

  it('drops a connection whose session ended and opens one with the next token once there is one', () => {
    const { realtime, sockets, timers, setToken } = harness();
    realtime.subscribe('sku:5', () => undefined);
    sockets[0].ready(42);
    sockets[0].receive({ op: 'error', code: '20004', message: 'token认证失败' });
    expect(sockets[0].closed).toBe(true);
    expect(sockets).toHaveLength(1);
    expect(timers).toHaveLength(0);
    setToken('signed-in-again');
    realtime.subscribe((id) => `user:${id}`, () => undefined);
    expect(sockets.at(-1)?.url).toBe('ws://shop/ws?token=signed-in-again');
  });

  it('stops retrying a refused token until told to reconnect', () => {
    const { realtime, sockets, timers, setToken } = harness();
    realtime.subscribe('user:42', () => undefined);
    sockets[0].receive({ op: 'error', code: '20004', message: 'token认证失败' });
    expect(sockets[0].closed).toBe(true);
    expect(timers).toHaveLength(0);
    setToken('fresh');
    realtime.reconnect();
    expect(sockets.at(-1)?.url).toBe('ws://shop/ws?token=fresh');
  });
});

describe('the token travels in the first message, never in the URL (issue 29)', () => {
  it('opens /ws without ?token=, signs in with {op:auth}, and replaces the connection when the token changes', () => {
    let token: string | undefined = 'abc';
    const sockets: FakeSocket[] = [];
    const realtime = createRealtime({
      url: () => 'ws://shop/ws',
      token: () => token,
      open: (url) => { const socket = new FakeSocket(url); sockets.push(socket); return socket; },
    });
    realtime.subscribe((id) => `user:${id}`, () => undefined);
    expect(sockets.map((s) => s.url)).toEqual(['ws://shop/ws']);
    sockets[0].ready(7);
    expect(sockets[0].sent).toEqual([{ op: 'auth', token: 'abc' }, { op: 'subscribe', channel: 'user:7' }]);
    token = 'def';
    realtime.subscribe('sku:5', () => undefined);
    expect(sockets[0].closed).toBe(true);
    expect(sockets[1].url).toBe('ws://shop/ws');
    sockets[1].ready(7);
    expect(sockets[1].sent[0]).toEqual({ op: 'auth', token: 'def' });
  });
});
