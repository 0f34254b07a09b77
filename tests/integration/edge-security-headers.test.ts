/**
 * Security headers (issue 13) on the storefront page, an /api answer and the sandbox cashier: a Content-Security-Policy
 * (scripts from self only, images also data: and blob:, inline styles for antd, no framing), X-Frame-Options DENY,
 * nosniff and a strict Referrer-Policy. The cashier keeps working under it: its script is a file, not inline.
 */
import { SANDBOX_SCRIPT_PATH } from '../../services/api/pay/sandbox-pay.page';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: true });
}, 180_000);
afterAll(async () => server?.stop());

function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectSecurityHeaders(headers: Headers): void {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

it('the storefront page carries them', async () => {
  const response = await fetch(`${server.url}/`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('<div id="root">');
  expectSecurityHeaders(response.headers);
});

it('an /api answer carries them, an error answer too', async () => {
  const ok = await fetch(`${server.url}/api/notice/getAll?page=1`);
  expect(ok.status).toBe(200);
  expectSecurityHeaders(ok.headers);
  const refused = await fetch(`${server.url}/api/notice/getById?noticeId=abc`);
  expect(refused.status).toBe(400);
  expectSecurityHeaders(refused.headers);
});

describe('the sandbox cashier page', () => {
  beforeAll(async () => {
    await server.runtime.payments.provider.createNativePayment({
      paymentId: 'SBX0000901', amountFen: 1234, description: '集市订单：安全头', expiresAt: new Date(Date.now() + 3_600_000),
    });
  });

  it('carries them and has no inline script for the policy to block', async () => {
    const response = await fetch(`${server.url}/pay/sandbox/SBX0000901`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
    const html = await response.text();
    expect(html).toContain(`<script src="${SANDBOX_SCRIPT_PATH}"></script>`);
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('data-confirm="/pay/sandbox/SBX0000901/confirm"');
  });

  it('serves its script from this origin', async () => {
    const response = await fetch(`${server.url}${SANDBOX_SCRIPT_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await response.text()).toContain('actions.dataset.confirm');
  });
});
