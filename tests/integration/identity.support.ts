/** Helpers of the identity suites: a clock the test moves, and the HTTP calls of sign-in. */
import { startTestServer, type TestServer } from '../support/test-server';

export interface Envelope<T = Record<string, unknown>> { code: string; message: string; data: T }
export interface Call<T = Record<string, unknown>> { status: number; body: Envelope<T> }

export interface SignedInData {
  token: string; buyerUserId: number; phone: string; name: string; wechatName: string; headImage: string;
}

/** Wall time plus an offset the test moves forward. */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void { this.offsetMs += ms; }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const DAY = 24 * 60 * MINUTE;

let phoneSerial = 0;
/** A fresh valid phone per call (139 + 8 digits), so tests never share a code or an account by accident. */
export const freshPhone = (): string => `139${String((phoneSerial += 1)).padStart(8, '0')}`;

export class IdentityClient {
  constructor(readonly server: TestServer) {}

  async call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Call<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.server.url}${path}`, {
      method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  getCode(phone: string): Promise<Call> {
    return this.call('GET', `/api/app/getCode?phone=${encodeURIComponent(phone)}`);
  }

  /** The code the development provider sent, as ops reads it. */
  async sentCode(phone: string): Promise<string> {
    const { body } = await this.call<{ code: string }>('GET', `/internal/sms?phone=${phone}`, {
      headers: { 'x-ops-token': this.server.opsToken },
    });
    if (body.code !== '200') throw new Error(`no code for ${phone}: ${body.code} ${body.message}`);
    return body.data.code;
  }

  login(body: Record<string, unknown>): Promise<Call<SignedInData>> {
    return this.call<SignedInData>('POST', '/api/app/login', { body });
  }

  /** Asks a code, reads it, and signs in with it. */
  async signInFresh(phone: string, type: 1 | 2, extra: Record<string, unknown> = {}): Promise<Call<SignedInData>> {
    const asked = await this.getCode(phone);
    if (asked.body.code !== '200') throw new Error(`getCode ${phone}: ${asked.body.code} ${asked.body.message}`);
    return this.login({ phone, verificationCode: await this.sentCode(phone), type, ...extra });
  }

  getUser(token?: string): Promise<Call> {
    return this.call('GET', '/api/user/getUser', { token });
  }
}

export async function startIdentityServer(clock: TestClock): Promise<{ server: TestServer; client: IdentityClient }> {
  const server = await startTestServer({ web: false, clock: clock.now });
  return { server, client: new IdentityClient(server) };
}
