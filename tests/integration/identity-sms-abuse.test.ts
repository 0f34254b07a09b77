/**
 * SMS codes against brute force and flooding (issue 13 item 3, issue 29): wrong tries are budgeted per client network
 * and per phone over a sliding day — a guesser locks his own network, not the owner, and a phone has at most 13
 * codes checked wrongly a day however many networks guess (13/6561 ≤ 0.2 %); sends are limited per client address and
 * overall over a sliding window, with a share kept for returning shoppers. The state is in the database: two API
 * instances on one database share it.
 */
import http from 'node:http';
import { openSignIn } from '../../services/api/identity/identity.module';
import type { SignInService } from '../../services/identity/sign-in.service';
import { startTestServer, type TestServer } from '../support/test-server';
import { freshPhone, IdentityClient, MINUTE, SECOND, TestClock, type Envelope } from './identity.support';

const HOUR_MS = 60 * MINUTE;
const WINDOW_MS = HOUR_MS;
/** 4 digits 1–9 (domain/identity/sms-code.policy.ts). */
const CODE_SPACE = 9 ** 4;
const clock = new TestClock();
let server: TestServer;
let client: IdentityClient;
/** A second sign-in service on the same database, as another API instance has. */
let otherInstance: SignInService;

beforeAll(async () => {
  server = await startTestServer({
    web: false, clock: clock.now,
    env: {
      SMS_SENDS_PER_CLIENT: '5', SMS_SENDS_TOTAL: '12', SMS_SENDS_RESERVED_FOR_RETURNING: '3',
      SMS_SENDS_PER_NETWORK: '1000', SMS_SENDS_PER_NUMBER_RANGE: '1000', SMS_SEND_WINDOW_MS: String(WINDOW_MS),
    },
  });
  client = new IdentityClient(server);
  const { runtime } = server;
  otherInstance = await openSignIn(
    { db: runtime.db, store: runtime.store, sessions: runtime.sessions, waitFor: runtime.projections.waitFor, clock: clock.now },
    () => undefined);
}, 120_000);
afterAll(async () => server?.stop());

/** A sign-in through the other instance, as asked from `from` (a client address): the code it answers. */
const signInFrom = (from: string, phone: string, verificationCode: string, type: 1 | 2 = 1): Promise<string> =>
  otherInstance.signIn({ phone, verificationCode, type }, from)
    .then(() => '200', (error: { code?: string }) => error.code ?? 'thrown');

/** Lets every earlier send leave the sliding send window. */
const startFreshWindow = () => clock.advance(WINDOW_MS + SECOND);

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

/** The guesser's network (another instance's callers name their client), and where his code requests come from. */
const GUESSER = '198.51.100.7';
const GUESSER_ASKS_FROM = '127.0.9.9';

/** Asks the phone a fresh code (61 s after the last) from the guesser's side; the code, which only the phone sees. */
async function codeSentTo(phone: string): Promise<string> {
  clock.advance(61 * SECOND);
  await getCodeFrom(GUESSER_ASKS_FROM, phone);
  return client.sentCode(phone);
}

describe('wrong codes across codes', () => {
  it('a new code does not reset the budget: 10 wrong tries over two codes lock the guessing network, on every instance', async () => {
    startFreshWindow();
    // the guesser is this test's own loopback client, which the HTTP calls come from too
    const guesser = '127.0.0.1';
    const phone = freshPhone();
    const first = await codeSentTo(phone);
    for (let i = 0; i < 4; i += 1) expect(await signInFrom(guesser, phone, wrongFor(first))).toBe('11005');
    expect(await signInFrom(guesser, phone, wrongFor(first))).toBe('11007');

    const second = await codeSentTo(phone);
    // the tries alternate between the two instances: the budget is in the database
    for (let i = 0; i < 4; i += 1) {
      const answer = i % 2 === 0 ? await signInFrom(guesser, phone, wrongFor(second))
        : (await client.login({ phone, verificationCode: wrongFor(second), type: 1 })).body.code;
      expect(answer).toBe('11005');
    }
    // the 10th from the guesser's network: the phone is closed to that network for the day, the right code too
    const tenth = await client.login({ phone, verificationCode: wrongFor(second), type: 1 });
    expect(tenth.body).toEqual({ code: '11009', message: '验证码错误次数过多，该手机号已暂停登录，请24小时后再试', data: null });
    expect((await client.login({ phone, verificationCode: second, type: 1 })).body.code).toBe('11009');
    expect(await signInFrom('127.0.0.77', phone, second)).toBe('11009'); // a neighbour in the network too
    clock.advance(61 * SECOND);
    expect((await client.getCode(phone)).body.code).toBe('11009');
    // another network is not locked out: the owner asks a fresh code there and signs in with it
    expect((await getCodeFrom('127.0.8.9', phone)).code).toBe('200');
    expect(await signInFrom('127.0.8.9', phone, await client.sentCode(phone))).toBe('200');
  });

  it.each([1, 2] as const)(
    'an attacker\'s 10 wrong guesses over two codes do not lock the owner out: the owner asks a fresh code and signs in (type %i)',
    async (type) => {
      startFreshWindow();
      const phone = freshPhone();
      if (type === 2) expect((await client.signInFresh(phone, 1)).body.code).toBe('200');
      for (let round = 0; round < 2; round += 1) {
        const code = await codeSentTo(phone);
        for (let i = 0; i < 5; i += 1) await signInFrom(GUESSER, phone, wrongFor(code));
      }
      expect(await signInFrom(GUESSER, phone, wrongFor('1111'))).toBe('11009');

      clock.advance(61 * SECOND);
      const owner = await client.signInFresh(phone, type);
      expect(owner.body.code).toBe('200');
      expect(owner.body.data.phone).toBe(phone);
    });

  it('a phone has at most 13 codes checked wrongly a day from any number of networks (13/6561 ≤ 0.2 %), an owner\'s sign-in in between forgiving none of them', async () => {
    startFreshWindow();
    const phone = freshPhone();
    let code = await codeSentTo(phone);
    let answeredByCheck = 0;
    let network = 0;
    /** One wrong guess from a network not seen before; a code it burns is replaced, as a guesser would ask. */
    const guess = async (): Promise<string> => {
      network += 1;
      const answer = await signInFrom(`198.51.${network}.7`, phone, wrongFor(code));
      if (answer === '11005' || answer === '11007') answeredByCheck += 1; // the try that closes the phone answers 11009
      if (answer === '11007') code = await codeSentTo(phone);
      return answer;
    };
    for (let i = 0; i < 9; i += 1) await guess();
    clock.advance(61 * SECOND);
    expect((await client.signInFresh(phone, 1)).body.code).toBe('200');
    code = await codeSentTo(phone);

    const refusals: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const answer = await guess();
      if (answer !== '11005' && answer !== '11007') refusals.push(answer);
    }
    expect(answeredByCheck).toBeLessThanOrEqual(13);
    expect(new Set(refusals)).toEqual(new Set(['11009']));
    // every code checked and found wrong is logged: 13 of them, the guesser's (and the owner's) together
    const { rows } = await server.runtime.db.query<{ n: number }>(
      `select count(*)::int as n from sms_wrong_tries where phone = $1`, [phone]);
    expect(rows[0].n).toBe(13);
    expect(rows[0].n / CODE_SPACE).toBeLessThanOrEqual(0.002);

    // a day after the first wrong try (the window slides), codes are checked again
    clock.advance(24 * HOUR_MS);
    const again = await codeSentTo(phone);
    expect(await signInFrom('198.51.250.7', phone, again, 2)).toBe('200');
  });

  it('a network that used its 10 wrong tries is refused for that phone only', async () => {
    startFreshWindow();
    const [guessed, other] = [freshPhone(), freshPhone()];
    for (let round = 0; round < 2; round += 1) {
      clock.advance(61 * SECOND);
      await client.getCode(guessed);
      const code = await client.sentCode(guessed);
      for (let i = 0; i < 5; i += 1) await client.login({ phone: guessed, verificationCode: wrongFor(code), type: 1 });
    }
    clock.advance(61 * SECOND);
    expect((await client.getCode(guessed)).body.code).toBe('11009');
    expect((await client.signInFresh(other, 1)).body.code).toBe('200');
    expect((await getCodeFrom('127.0.8.8', guessed)).code).toBe('200');
  });

  it('a sign-in that succeeds forgives its network the wrong tries before it', async () => {
    startFreshWindow();
    const phone = freshPhone();
    clock.advance(61 * SECOND);
    await client.getCode(phone);
    const code = await client.sentCode(phone);
    for (let i = 0; i < 4; i += 1) await client.login({ phone, verificationCode: wrongFor(code), type: 1 });
    expect((await client.login({ phone, verificationCode: code, type: 1 })).body.code).toBe('200');
    clock.advance(61 * SECOND);
    await client.getCode(phone);
    const next = await client.sentCode(phone);
    for (let i = 0; i < 4; i += 1) {
      expect((await client.login({ phone, verificationCode: wrongFor(next), type: 2 })).body.code).toBe('11005');
    }
    // 4 + 4 from one network: without the forgiving, the 10th would be near; with it the network has used 4 of 10
    expect((await client.login({ phone, verificationCode: next, type: 2 })).body.code).toBe('200');
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

  it('the window slides: 5 codes just before the hour and a 6th just after it is refused (no clock-aligned reset)', async () => {
    startFreshWindow();
    clock.advance(HOUR_MS - (clock.now().getTime() % HOUR_MS) - 6 * SECOND);
    for (let i = 0; i < 5; i += 1) {
      expect((await getCodeFrom('127.0.0.5', freshPhone())).code).toBe('200');
      clock.advance(SECOND);
    }
    clock.advance(2 * SECOND); // past the hour
    expect((await getCodeFrom('127.0.0.5', freshPhone())).code).toBe('11010');
    clock.advance(HOUR_MS - 10 * SECOND); // the first of the 5 is still inside the window
    expect((await getCodeFrom('127.0.0.5', freshPhone())).code).toBe('11010');
    clock.advance(10 * SECOND); // now it has left it
    expect((await getCodeFrom('127.0.0.5', freshPhone())).code).toBe('200');
  });
});

describe('sends overall', () => {
  it('12 codes a window, 3 of them kept for returning shoppers: the 10th new number is refused with 11011, a returning shopper is still sent one', async () => {
    const returning = freshPhone();
    clock.advance(61 * SECOND);
    expect((await client.signInFresh(returning, 1)).body.code).toBe('200');
    startFreshWindow();
    for (let i = 0; i < 9; i += 1) expect((await getCodeFrom(`127.0.1.${i + 1}`, freshPhone())).code).toBe('200');
    expect(await getCodeFrom('127.0.1.100', freshPhone())).toEqual({ code: '11011', message: '短信发送繁忙，请稍后再试', data: null });
    expect((await getCodeFrom('127.0.1.101', returning)).code).toBe('200');
    startFreshWindow();
    expect((await getCodeFrom('127.0.1.100', freshPhone())).code).toBe('200');
  });
});
