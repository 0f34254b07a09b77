/**
 * A websocket frame above the 64 KiB limit (issue 13 item 6): the socket is closed with 1009 (Message Too Big), not
 * cut (1006), and the server logs one warn line naming it — no error-level entry, no stack.
 */
import { Writable } from 'node:stream';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/test-server';

interface LogLine { level: number; msg?: string; err?: unknown; stack?: unknown; wsError?: string }

const lines: LogLine[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
    done();
  },
});
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false, logger: { level: 'info', stream } });
}, 120_000);
afterAll(async () => server?.stop());

const WARN = 40;

it('closes a socket sending a 70 KiB frame with 1009 and logs one warn line without a stack', async () => {
  const token = await server.runtime.sessions.create(7, 1, new Date());
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`);
  await new Promise<void>((resolve, reject) => { ws.on('open', () => resolve()); ws.on('error', reject); });
  const before = lines.length;
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.send(JSON.stringify({ op: 'subscribe', channel: 'x'.repeat(70 * 1024) }));
  expect(await closed).toBe(1009);

  const deadline = Date.now() + 10_000;
  while (lines.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const logged = lines.slice(before);
  expect(logged.filter((l) => l.level > WARN)).toEqual([]);
  const warnings = logged.filter((l) => l.level === WARN);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({ wsError: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
  expect(warnings[0].msg).toContain('Max payload size exceeded');
  expect(JSON.stringify(warnings[0])).not.toContain('    at ');
});

it('keeps serving other sockets', async () => {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
  // a socket without a session is greeted with `ready` first; the answer to the ping is what counts here
  const message = new Promise<string>((resolve) => ws.on('message', (data) => {
    if ((JSON.parse(String(data)) as { op: string }).op !== 'ready') resolve(String(data));
  }));
  await new Promise<void>((resolve, reject) => { ws.on('open', () => resolve()); ws.on('error', reject); });
  ws.send(JSON.stringify({ op: 'ping' }));
  expect(JSON.parse(await message)).toEqual({ op: 'pong' });
  ws.close();
});
