/**
 * Bytes on the wire (issue 14 item 7): the built storefront's files come precompressed by Accept-Encoding (brotli,
 * gzip or the plain file, the same bytes once decoded), hashed assets are cached for good while index.html and the
 * SPA fallback are revalidated, and JSON answers are compressed on the fly only above the threshold. Raw node:http,
 * because fetch would decode the body and hide what crossed the wire.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from '../../services/api/compression';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => server?.stop());

interface RawAnswer { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

function getRaw(urlPath: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(`${server.url}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject).end();
  });
}

const decoded = (answer: RawAnswer): Buffer => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
};

/** The entry script index.html names, e.g. /assets/index-DJZeBl8s.js. */
const entryScript = (): string => {
  const match = /src="(\/assets\/index-[\w-]+\.js)"/.exec(readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  if (!match) throw new Error('no entry script in web/dist/index.html');
  return match[1];
};

describe('a hashed JS asset', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('with Accept-Encoding %s comes %s, decoding to the built file', async (accept, expected) => {
    const script = entryScript();
    const plain = readFileSync(path.join(webDist, script));
    const answer = await getRaw(script, accept);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(answer.body.length).toBeLessThan(plain.length / 2);
    expect(decoded(answer).equals(plain)).toBe(true);
  });

  it('without Accept-Encoding comes as the plain file', async () => {
    const script = entryScript();
    const answer = await getRaw(script);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(readFileSync(path.join(webDist, script)))).toBe(true);
  });

  it('is cached for a year as immutable, compressed or not', async () => {
    for (const accept of ['br', 'gzip', undefined]) {
      const answer = await getRaw(entryScript(), accept);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('index.html and the SPA fallback', () => {
  it.each(['/', '/index.html', '/product/anything', '/user/orders'])('%s is revalidated on every use', async (urlPath) => {
    for (const accept of ['gzip, br', undefined]) {
      const answer = await getRaw(urlPath, accept);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(decoded(answer).toString('utf8')).toContain('<div id="root">');
    }
  });
});

describe('first loads in the page answer', () => {
  const linked = (header: string | string[] | undefined) => String(header ?? '').split(', ').map((link) => {
    const match = /^<([^>]+)>; (.*)$/.exec(link);
    if (!match) throw new Error(`not a link: ${link}`);
    return { url: match[1], params: match[2] };
  });

  it.each(['/', '/index'])('%s names what its first render loads in a Link header, each of which answers', async (urlPath) => {
    const links = linked((await getRaw(urlPath, 'gzip, br')).headers.link);
    // the layout call exactly as the storefront makes it, with credentials, so the browser reuses the answer
    expect(links[0]).toEqual({ url: '/api/canvas/getCanvas?terminal=4&type=1', params: 'rel=preload; as=fetch; crossorigin=use-credentials' });
    // the home route's chunk and what it imports beyond index.html's own scripts, and their stylesheets
    const scripts = links.filter((l) => l.params === 'rel=preload; as=script; crossorigin').map((l) => l.url);
    expect(scripts.some((url) => /^\/assets\/home\.route-[\w-]+\.js$/.test(url))).toBe(true);
    expect(scripts).not.toContain(entryScript());
    expect(links.some((l) => l.params === 'rel=preload; as=style; crossorigin' && /^\/assets\/home-[\w-]+\.css$/.test(l.url))).toBe(true);
    for (const { url } of links) expect((await getRaw(url, 'gzip, br')).status).toBe(200);
  });

  it.each([
    ['/productDetail', 'product-detail.page'],
    ['/search', 'search.page'],
    ['/shoppingTrolley', 'shopping-trolley.page'],
    ['/placeOrder', 'place-order.route'],
  ])('%s names its route chunk and the site header, and no call (its first call depends on the query)', async (urlPath, chunk) => {
    const links = linked((await getRaw(urlPath, 'gzip, br')).headers.link);
    expect(links.filter((l) => l.params.includes('as=fetch'))).toEqual([]);
    const scripts = links.filter((l) => l.params === 'rel=preload; as=script; crossorigin').map((l) => l.url);
    expect(scripts.some((url) => new RegExp(`^/assets/${chunk.replace('.', '\\.')}-[\\w-]+\\.js$`).test(url))).toBe(true);
    expect(scripts.some((url) => /^\/assets\/site-header-[\w-]+\.js$/.test(url))).toBe(true);
    expect(scripts).not.toContain(entryScript());
    for (const { url } of links) expect((await getRaw(url, 'gzip, br')).status).toBe(200);
  });

  it.each(['/product/anything', '/login'])('%s, with no first loads listed, names nothing', async (urlPath) => {
    expect((await getRaw(urlPath, 'gzip, br')).headers.link).toBeUndefined();
  });
});

describe('JSON answers', () => {
  const bigAnswer = '/api/app/getSearchProducts?search=&page=1&pageSize=50';
  const smallAnswer = '/api/health';

  it('above the threshold come compressed when asked, and decode to the same JSON', async () => {
    const plain = await getRaw(bigAnswer);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const [accept, expected] of [['br', 'br'], ['gzip', 'gzip'], ['gzip, deflate, br', 'br']]) {
      const answer = await getRaw(bigAnswer, accept);
      expect(answer.headers['content-encoding']).toBe(expected);
      expect(answer.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decoded(answer).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
  });

  it('below the threshold come plain even when compression is asked for', async () => {
    const answer = await getRaw(smallAnswer, 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString('utf8'))).toHaveProperty('code');
  });
});
