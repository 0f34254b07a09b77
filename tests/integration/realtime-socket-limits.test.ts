/**
 * The websocket's sign-in and its limits (issue 29): the `token` cookie of the upgrade request signs the socket in, so
 * the token need not be in the URL (where access logs keep it); a socket follows at most 100 channels, and the 101st
 * subscription is refused with an error frame naming the limit (5,000 were accepted).
 */
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false });
}, 120_000);
afterAll(async () => server?.stop());

interface Frame { op: string; userId?: number | null; code?: string; message?: string; channel?: string }

async function open(headers: Record<string, string> = {}): Promise<{ ws: WebSocket; frames: Frame[]; next(op: string): Promise<Frame> }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers });
  const frames: Frame[] = [];
  const waiting: Array<{ op: string; resolve: (f: Frame) => void }> = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    const i = waiting.findIndex((w) => w.op === frame.op);
    if (i >= 0) waiting.splice(i, 1)[0].resolve(frame);
    else frames.push(frame);
  });
  await new Promise<void>((resolve, reject) => { ws.on('open', () => resolve()); ws.on('error', reject); });
  const next = (op: string) => {
    const i = frames.findIndex((f) => f.op === op);
    if (i >= 0) return Promise.resolve(frames.splice(i, 1)[0]);
    return new Promise<Frame>((resolve) => waiting.push({ op, resolve }));
  };
  return { ws, frames, next };
}

it('signs in from the token cookie of the upgrade request, without ?token= in the URL', async () => {
  const token = await server.runtime.sessions.create(7, 1, new Date());
  const socket = await open({ cookie: `theme=dark; token=${encodeURIComponent(token)}` });
  expect(await socket.next('ready')).toMatchObject({ op: 'ready', userId: 7 });
  socket.ws.send(JSON.stringify({ op: 'subscribe', channel: 'user:7' }));
  expect(await socket.next('subscribed')).toMatchObject({ channel: 'user:7' });
  socket.ws.close();
});

it('still signs in with a first {op:auth} message', async () => {
  const token = await server.runtime.sessions.create(8, 1, new Date());
  const socket = await open();
  expect(await socket.next('ready')).toMatchObject({ userId: null });
  socket.ws.send(JSON.stringify({ op: 'auth', token }));
  expect(await socket.next('ready')).toMatchObject({ userId: 8 });
  socket.ws.close();
});

it('follows at most 100 channels per socket and refuses the 101st with an error frame naming the limit', async () => {
  const socket = await open();
  await socket.next('ready');
  for (let i = 1; i <= 100; i += 1) socket.ws.send(JSON.stringify({ op: 'subscribe', channel: `sku:${i}` }));
  for (let i = 1; i <= 100; i += 1) await socket.next('subscribed');
  socket.ws.send(JSON.stringify({ op: 'subscribe', channel: 'sku:101' }));
  const refused = await socket.next('error');
  expect(refused).toMatchObject({ code: '429', channel: 'sku:101' });
  expect(refused.message).toContain('100');
  // subscribing again to one it follows is fine; leaving one makes room
  socket.ws.send(JSON.stringify({ op: 'subscribe', channel: 'sku:1' }));
  expect(await socket.next('subscribed')).toMatchObject({ channel: 'sku:1' });
  socket.ws.send(JSON.stringify({ op: 'unsubscribe', channel: 'sku:2' }));
  await socket.next('unsubscribed');
  socket.ws.send(JSON.stringify({ op: 'subscribe', channel: 'sku:101' }));
  expect(await socket.next('subscribed')).toMatchObject({ channel: 'sku:101' });
  socket.ws.close();
});
