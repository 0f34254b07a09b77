/**
 * A burst of 1,000 code requests from 105 forwarded client addresses (issue 29 item 2) no longer switches SMS off for
 * everyone: with the stock limits (SMS_SENDS_TOTAL 1000, a tenth of it per client network and per number range, a
 * fifth kept for returning shoppers), the abuser spends at most his networks' and ranges' shares, and at worst the
 * new-number share — a shopper on another number range, or one who has signed in before, is still sent a code.
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { freshPhone, IdentityClient, MINUTE, SECOND, TestClock, type Envelope } from './identity.support';

const clock = new TestClock();
let server: TestServer;
let client: IdentityClient;

beforeAll(async () => {
  server = await startTestServer({
    web: false, clock: clock.now,
    // the stock send limits, not the test server's lifted ones; behind the proxy that names the shopper
    env: { TRUST_PROXY: '127.0.0.1', SMS_SENDS_PER_CLIENT: '10', SMS_SENDS_TOTAL: '1000' },
  });
  client = new IdentityClient(server);
}, 120_000);
afterAll(async () => server?.stop());

const getCodeVia = async (forwardedFor: string, phone: string): Promise<string> =>
  ((await (await fetch(`${server.url}/api/app/getCode?phone=${phone}`, {
    headers: { 'x-forwarded-for': forwardedFor },
  })).json()) as Envelope).code;

/** 1,000 requests, 40 at a time, from `addressOf(i)` for phone `phoneOf(i)`: how many were sent a code. */
async function burst(addressOf: (i: number) => string, phoneOf: (i: number) => string): Promise<number> {
  let sent = 0;
  for (let start = 0; start < 1000; start += 40) {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, k) => getCodeVia(addressOf((start + k) % 105), phoneOf(start + k))));
    sent += answers.filter((code) => code === '200').length;
  }
  return sent;
}

describe('a burst of 1,000 codes from 105 addresses', () => {
  it('from one network at one number range: stopped at their shares; another range and a returning shopper are sent codes', async () => {
    const returning = freshPhone();
    expect((await client.signInFresh(returning, 1)).body.code).toBe('200');
    clock.advance(60 * MINUTE + SECOND);

    const sent = await burst((i) => `203.0.113.${i + 1}`, (i) => `1370000${String(i).padStart(4, '0')}`);
    expect(sent).toBe(100); // a tenth of the total per client network (and per number range)
    expect(await getCodeVia('198.51.100.20', freshPhone())).toBe('200');
    expect(await getCodeVia('198.51.100.21', returning)).toBe('200');
  }, 120_000);

  it('spread over 105 networks and 20 number ranges: the new-number share is spent, a returning shopper is still sent a code', async () => {
    const returning = freshPhone();
    clock.advance(60 * MINUTE + SECOND);
    expect((await client.signInFresh(returning, 1)).body.code).toBe('200');
    clock.advance(60 * MINUTE + SECOND);

    const sent = await burst((i) => `198.51.${i}.7`,
      (i) => `136${String(i % 20).padStart(4, '0')}${String(Math.floor(i / 20)).padStart(4, '0')}`);
    expect(sent).toBe(800); // the total less the fifth kept for returning shoppers
    expect(await getCodeVia('203.0.113.200', freshPhone())).toBe('11011');
    expect(await getCodeVia('203.0.113.201', returning)).toBe('200');
  }, 120_000);
});
