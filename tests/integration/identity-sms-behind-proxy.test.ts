/**
 * Behind a reverse proxy (infra/cluster's HAProxy) every request comes from the proxy's address: with TRUST_PROXY
 * naming the proxy, the per-client SMS send limit counts the shopper's address from X-Forwarded-For instead, so one
 * busy client is refused while the others go on being sent codes.
 */
import { startTestServer, type TestServer } from '../support/test-server';
import { freshPhone, type Envelope } from './identity.support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false, env: { TRUST_PROXY: '127.0.0.1', SMS_SENDS_PER_CLIENT: '2' } });
}, 120_000);
afterAll(async () => server?.stop());

const getCodeFor = async (client: string): Promise<Envelope> =>
  (await fetch(`${server.url}/api/app/getCode?phone=${freshPhone()}`, { headers: { 'x-forwarded-for': client } })).json() as Promise<Envelope>;

describe('per-client SMS sends through a trusted proxy', () => {
  it('count each forwarded client on its own', async () => {
    expect((await getCodeFor('203.0.113.7')).code).toBe('200');
    expect((await getCodeFor('203.0.113.7')).code).toBe('200');
    expect(await getCodeFor('203.0.113.7')).toMatchObject({ code: '11010', message: '获取验证码过于频繁，请稍后再试' });
    expect((await getCodeFor('203.0.113.8')).code).toBe('200');
  });
});
