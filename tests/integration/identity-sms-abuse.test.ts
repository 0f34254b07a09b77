/**
 * SMS codes against brute force and flooding (issue 13 item 3): a budget of wrong tries per phone across codes (a new
 * code 61 s later no longer resets it), then the phone is locked for sign-in; sends limited per client address and
 * overall per window. The state is in the database: two API instances on one database share it.
 */
import http from 'node:http';
import { openSignIn } from '../../services/api/identity/identity.module';
import type { SignInService } from '../../services/identity/sign-in.service';
import { startTestServer, type TestServer } from '../support/test-server';
import { freshPhone, IdentityClient, MINUTE, SECOND, TestClock, type Envelope } from './identity.support';

const HOUR_MS = 60 * MINUTE;
const WINDOW_MS = HOUR_MS;
const clock = new TestClock();
let server: TestServer;
let client: IdentityClient;
/** A second sign-in service on the same database, as another API instance has. */
let otherInstance: SignInService;

beforeAll(async () => {
  server = await startTestServer({
    web: false, clock: clock.now,
    env: { SMS_SENDS_PER_CLIENT: '5', SMS_SENDS_TOTAL: '12', SMS_SEND_WINDOW_MS: String(WINDOW_MS) },
  });
  client = new IdentityClient(server);
  const { runtime } = server;
  otherInstance = await openSignIn(
    { db: runtime.db, store: runtime.store, sessions: runtime.sessions, waitFor: runtime.projections.waitFor, clock: clock.now },
    () => undefined);
}, 120_000);
afterAll(async () => server?.stop());

/** A sign-in through the other instance: the code it answers. */
const loginElsewhere = (phone: string, verificationCode: string): Promise<string> =>
  otherInstance.signIn({ phone, verificationCode, type: 1 })
    .then(() => '200', (error: { code?: string }) => error.code ?? 'thrown');

/** Moves the clock to one second into a fresh send window, so a test's sends all fall in one window. */
const startFreshWindow = () => clock.advance(WINDOW_MS - (clock.now().getTime() % WINDOW_MS) + SECOND);

/** GET /api/app/getCode from a chosen loopback source address: a different client to the server. */
function getCodeFrom(source: string, phone: string): Promise<Envelope> {
  return new Promise((resolve, reject) => {
    const url = new URL(`/api/app/getCode?phone=${phone}`, server.url);
    http.get({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, localAddress: source }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve(JSON.parse(text) as Envelope));
    }).on('error', reject);
  });
}

const wrongFor = (code: string) => (code === '1111' ? '2222' : '1111');

describe('wrong codes across codes', () => {
  it('a new code does not reset the budget: the 10th wrong try in a day locks the phone for sign-in, on every instance', async () => {
    startFreshWindow();
    const phone = freshPhone();
    await client.getCode(phone);
    const first = await client.sentCode(phone);
    for (let i = 0; i < 5; i += 1) await client.login({ phone, verificationCode: wrongFor(first), type: 1 });

    clock.advance(61 * SECOND);
    expect((await client.getCode(phone)).body.code).toBe('200');
    const second = await client.sentCode(phone);
    // the tries alternate between the two instances: the budget is in the database
    for (let i = 0; i < 4; i += 1) {
      const answer = i % 2 === 0 ? await loginElsewhere(phone, wrongFor(second))
        : (await client.login({ phone, verificationCode: wrongFor(second), type: 1 })).body.code;
      expect(answer).toBe('11005');
    }
    const tenth = await client.login({ phone, verificationCode: wrongFor(second), type: 1 });
    expect(tenth.body).toEqual({ code: '11009', message: '验证码错误次数过多，该手机号已暂停登录，请24小时后再试', data: null });

    // locked: the right code does not sign in, and no new code is sent
    expect((await client.login({ phone, verificationCode: second, type: 1 })).body.code).toBe('11009');
    expect(await loginElsewhere(phone, second)).toBe('11009');
    clock.advance(61 * SECOND);
    const asked = await client.getCode(phone);
    expect(asked.body.code).toBe('11009');
    expect(await client.sentCode(phone)).toBe(second);

    clock.advance(22 * HOUR_MS);
    expect((await client.login({ phone, verificationCode: second, type: 1 })).body.message)
      .toBe('验证码错误次数过多，该手机号已暂停登录，请2小时后再试');
    clock.advance(2 * HOUR_MS);
    startFreshWindow();
    expect((await client.signInFresh(phone, 1)).body.code).toBe('200');
  });

  it('locks only the phone guessed at', async () => {
    startFreshWindow();
    const [guessed, other] = [freshPhone(), freshPhone()];
    for (let round = 0; round < 2; round += 1) {
      await client.getCode(guessed);
      const code = await client.sentCode(guessed);
      for (let i = 0; i < 5; i += 1) await client.login({ phone: guessed, verificationCode: wrongFor(code), type: 1 });
      clock.advance(61 * SECOND);
    }
    expect((await client.getCode(guessed)).body.code).toBe('11009');
    expect((await client.signInFresh(other, 1)).body.code).toBe('200');
  });

  it('a sign-in that succeeds forgives the wrong tries before it', async () => {
    startFreshWindow();
    const phone = freshPhone();
    await client.getCode(phone);
    const code = await client.sentCode(phone);
    for (let i = 0; i < 4; i += 1) await client.login({ phone, verificationCode: wrongFor(code), type: 1 });
    expect((await client.login({ phone, verificationCode: code, type: 1 })).body.code).toBe('200');
    for (let round = 0; round < 2; round += 1) {
      clock.advance(61 * SECOND);
      await client.getCode(phone);
      const next = await client.sentCode(phone);
      for (let i = 0; i < 4; i += 1) {
        expect((await client.login({ phone, verificationCode: wrongFor(next), type: 2 })).body.code).toBe('11005');
      }
    }
  });
});

describe('sends per client address', () => {
  it('a client is sent 5 codes a window, the 6th phone is refused with 11010 and sent nothing; other clients go on', async () => {
    startFreshWindow();
    for (let i = 0; i < 5; i += 1) expect((await getCodeFrom('127.0.0.3', freshPhone())).code).toBe('200');
    const sixth = freshPhone();
    expect(await getCodeFrom('127.0.0.3', sixth)).toEqual({ code: '11010', message: '获取验证码过于频繁，请稍后再试', data: null });
    const outbox = await client.call('GET', `/internal/sms?phone=${sixth}`, { headers: { 'x-ops-token': server.opsToken } });
    expect(outbox.body.code).toBe('11008');

    expect((await getCodeFrom('127.0.0.4', sixth)).code).toBe('200');
    startFreshWindow();
    expect((await getCodeFrom('127.0.0.3', freshPhone())).code).toBe('200');
  });
});

describe('sends overall', () => {
  it('12 codes a window to anyone; the 13th, from a new client, is refused with 11011', async () => {
    startFreshWindow();
    for (let i = 0; i < 12; i += 1) expect((await getCodeFrom(`127.0.1.${i + 1}`, freshPhone())).code).toBe('200');
    expect(await getCodeFrom('127.0.1.100', freshPhone())).toEqual({ code: '11011', message: '短信发送繁忙，请稍后再试', data: null });
    startFreshWindow();
    expect((await getCodeFrom('127.0.1.100', freshPhone())).code).toBe('200');
  });
});
