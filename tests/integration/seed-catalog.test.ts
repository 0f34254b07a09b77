/**
 * The demo catalogue on a running server: `seedDemo` at start-up put the catalogue in the store, and every picture it
 * references is served by `GET /api/images/<kind>/<name>.svg`; unknown pictures answer the 404 envelope, bad options 400.
 */
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let stored: RecordedEvent[] = [];

beforeAll(async () => {
  server = await startTestServer({ web: false });
  for (;;) {
    const page = await server.runtime.store.readAll({ after: stored.at(-1)?.position ?? null, limit: 500 });
    if (page.length === 0) break;
    stored.push(...page);
  }
});
afterAll(async () => server?.stop());

const get = (path: string, method: 'GET' | 'HEAD' = 'GET') => server.app.inject({ method, url: path });

describe('the server after its first start', () => {
  it('holds the demo catalogue', () => {
    const count = (type: string) => stored.filter((e) => e.type === type).length;
    expect(count('ProductListed')).toBeGreaterThanOrEqual(150);
    expect(count('ShopOpened')).toBeGreaterThanOrEqual(12);
    expect(count('CategoryDefined')).toBeGreaterThanOrEqual(7);
    expect(count('CanvasPublished')).toBeGreaterThan(12);
    expect(stored.at(-1)?.streamId).toBe('seed-demo');
  });

  it('serves every picture the catalogue references as SVG', async () => {
    const urls = [...new Set([...JSON.stringify(stored.map((e) => e.data)).matchAll(/\/api\/images\/[^"\\\s]+/g)]
      .map((m) => m[0].replace(/&amp;/g, '&')))];
    expect(urls.length).toBeGreaterThan(500);
    const failed: string[] = [];
    for (const url of urls) {
      const response = await get(url);
      if (response.statusCode !== 200 || !response.body.startsWith('<svg')) failed.push(`${response.statusCode} ${url}`);
    }
    expect(failed).toEqual([]);
  });
});

describe('a picture request', () => {
  it('answers SVG cached for a year as immutable', async () => {
    const response = await get('/api/images/product/sneaker.svg?palette=sand&tint=blue&v=2&label=%E8%B7%91%E9%9E%8B');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('跑鞋');
  });

  it('answers HEAD without a body', async () => {
    const response = await get('/api/images/avatar/3.svg', 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('draws label text inert', async () => {
    const response = await get(`/api/images/banner/gift.svg?label=${encodeURIComponent('<script>&x')}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script');
    expect(response.body).toContain('&lt;script&gt;&amp;x');
  });

  it.each([
    ['an unknown kind', '/api/images/poster/phone.svg'],
    ['an unknown drawing', '/api/images/product/rocket.svg'],
    ['another format', '/api/images/product/phone.png'],
    ['an avatar out of range', '/api/images/avatar/99.svg'],
    ['a path outside the images', '/api/images/product/..%2F..%2Fpackage.json'],
    ['a missing name', '/api/images/product/'],
  ])('answers %s with the 404 envelope', async (_, path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: '404', message: '地址不存在!', data: null });
  });

  it.each([
    ['palette', '/api/images/product/phone.svg?palette=neon'],
    ['v', '/api/images/product/phone.svg?v=9'],
    ['label', `/api/images/product/phone.svg?label=${'长'.repeat(40)}`],
  ])('answers a bad %s with 400 naming it', async (field, path) => {
    const response = await get(path);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('400');
    expect(response.json().message).toContain(field);
  });
});
