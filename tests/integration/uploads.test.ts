/**
 * Picture uploads over HTTP (POST /api/file/upload, GET /api/images/uploads/...): accepted by their bytes, refused
 * otherwise with nothing stored, metadata (GPS) stripped, a bounded display size, immutable caching; embedded (PGlite,
 * uploads in a directory) and on PostgreSQL, where a second API process serves what the first stored.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import { openFreshPGlite } from '../support/pglite-snapshot';
import { DISPLAY_MAX_SIDE } from '../../services/uploads/image-processing';
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { jpegWithGps, startUploadServer, tinyImage, upload, type UploadServer } from './uploads.support';

const fetchBytes = async (server: UploadServer, url: string) => {
  const response = await fetch(`${server.url}${url}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

function uploadSuite(name: string, open: () => Promise<UploadServer>, storedCount: (server: UploadServer) => Promise<number>) {
  describe(`uploads (${name})`, () => {
    let server: UploadServer;
    beforeAll(async () => { server = await open(); });
    afterAll(async () => server?.stop());

    it.each([
      ['jpg', 'image/jpeg'], ['png', 'image/png'], ['webp', 'image/webp'], ['gif', 'image/gif'],
    ] as const)('accepts a %s by its bytes, even named and typed as something else, and serves it', async (kind, type) => {
      const answer = await upload(server, server.token, await tinyImage[kind](), 'notes.txt', 'text/plain');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ code: '200', message: '上传成功', data: {
        url: expect.stringMatching(new RegExp(`^/api/images/uploads/[0-9a-f]{64}\\.${kind}$`)),
        originalUrl: expect.stringMatching(/^\/api\/images\/uploads\//),
      } });
      const { response, bytes } = await fetchBytes(server, answer.body.data!.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await sharp(bytes).metadata()).format).toBe(kind === 'jpg' ? 'jpeg' : kind);
    });

    it('strips EXIF and GPS from a phone photo', async () => {
      const photo = await jpegWithGps();
      expect((await sharp(photo).metadata()).exif?.includes(Buffer.from('JishiTestCam'))).toBe(true);
      const answer = await upload(server, server.token, photo);
      for (const url of [answer.body.data!.url, answer.body.data!.originalUrl]) {
        const { bytes } = await fetchBytes(server, url);
        const metadata = await sharp(bytes).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(bytes.includes(Buffer.from('JishiTestCam'))).toBe(false);
      }
    });

    it('accepts a photo of several megabytes (above the JSON body limit, below 5 MB)', async () => {
      const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } }).png().toBuffer();
      expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
      expect(noise.length).toBeLessThan(5 * 1024 * 1024);
      const answer = await upload(server, server.token, noise, 'noise.png', 'image/png');
      expect(answer.body.code).toBe('200');
    });

    it('keeps an animated GIF\'s frames, delays and loop in both versions', async () => {
      const frame = (r: number) => sharp({ create: { width: 1200, height: 800, channels: 3, background: { r, g: 60, b: 60 } } }).png().toBuffer();
      const gif = await sharp([await frame(10), await frame(200), await frame(100)], { join: { animated: true } })
        .gif({ delay: [100, 200, 300], loop: 2 }).toBuffer();
      const answer = await upload(server, server.token, gif, 'a.gif', 'image/gif');
      const display = await sharp((await fetchBytes(server, answer.body.data!.url)).bytes, { animated: true }).metadata();
      const original = await sharp((await fetchBytes(server, answer.body.data!.originalUrl)).bytes, { animated: true }).metadata();
      expect([display.width, display.pageHeight, display.pages, display.delay, display.loop]).toEqual([DISPLAY_MAX_SIDE, 720, 3, [100, 200, 300], 2]);
      expect([original.width, original.pageHeight, original.pages, original.delay, original.loop]).toEqual([1200, 800, 3, [100, 200, 300], 2]);
    });

    it('serves a bounded display version and keeps the larger original', async () => {
      const answer = await upload(server, server.token, await tinyImage.png(2400, 1200), 'big.png', 'image/png');
      const display = await sharp((await fetchBytes(server, answer.body.data!.url)).bytes).metadata();
      const original = await sharp((await fetchBytes(server, answer.body.data!.originalUrl)).bytes).metadata();
      expect([display.width, display.height]).toEqual([DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE / 2]);
      expect([original.width, original.height]).toEqual([2400, 1200]);
    });

    describe('refusals store nothing', () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      it.each([
        ['an SVG named .png', svg, 'x.png', 'image/png', '参数 file 无效：仅支持 JPEG、PNG、WebP、GIF 格式的图片'],
        ['a text file', Buffer.from('hello'), 'a.jpg', 'image/jpeg', '参数 file 无效：仅支持 JPEG、PNG、WebP、GIF 格式的图片'],
        ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 'a.png', 'image/png',
          '参数 file 无效：图片已损坏，无法识别'],
        ['an empty file', Buffer.alloc(0), 'a.png', 'image/png', '参数 file 无效：请选择要上传的图片'],
      ])('refuses %s with 400', async (_label, bytes, filename, type, message) => {
        const before = await storedCount(server);
        const answer = await upload(server, server.token, bytes, filename, type);
        expect(answer).toEqual({ status: 400, body: { code: '400', message, data: null } });
        expect(await storedCount(server)).toBe(before);
      });

      it('refuses a 7000×7000 PNG (a few hundred KB) as too large, naming the limit, instead of decoding it', async () => {
        const before = await storedCount(server);
        const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
        const answer = await upload(server, server.token, bomb, 'bomb.png', 'image/png');
        expect(answer).toEqual({ status: 400, body: {
          code: '400', message: '参数 file 无效：图片尺寸过大（最大 5000×5000，宽高均不超过 10000 像素）', data: null,
        } });
        expect(await storedCount(server)).toBe(before);
      });

      it('refuses a picture over 5 MB', async () => {
        const before = await storedCount(server);
        const valid = await tinyImage.png();
        const oversize = Buffer.concat([valid, Buffer.alloc(5 * 1024 * 1024 + 1 - valid.length)]);
        const answer = await upload(server, server.token, oversize, 'big.png', 'image/png');
        expect(answer).toEqual({ status: 400, body: { code: '400', message: '参数 file 无效：图片大小不能超过5MB', data: null } });
        expect(await storedCount(server)).toBe(before);
      });

      it('refuses a request without a file, and an anonymous one', async () => {
        const empty = await fetch(`${server.url}/api/file/upload`, { method: 'POST', headers: { authorization: server.token } });
        expect(empty.status).toBe(400);
        expect((await empty.json()).message).toBe('参数 file 无效：请选择要上传的图片');
        const anonymous = await upload(server, null, await tinyImage.png());
        expect(anonymous.body.code).toBe('20005');
      });
    });

    it('answers 404 for a picture never stored, and leaves the generated demo art alone', async () => {
      expect((await fetch(`${server.url}/api/images/uploads/${'a'.repeat(64)}.png`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/images/uploads/..%2Fsecret.png`)).status).toBe(404);
      const art = await fetch(`${server.url}/api/images/product/mug.svg?palette=sky`);
      expect(art.status).toBe(200);
      expect(art.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    });
  });
}

let pglite: PGlite;
uploadSuite('embedded: PGlite, uploads in a directory', async () => {
  pglite = await openFreshPGlite();
  return startUploadServer({ pglite });
}, async (server) => (await readdir(path.join(server.dataDir, 'uploads'))).length);
afterAll(async () => pglite?.close());

if (process.env.DATABASE_URL) {
  let fresh: FreshPostgres | null = null;
  const countRows = async (server: UploadServer) =>
    (await server.runtime.db.query<{ n: number }>('select count(*)::int as n from uploaded_blobs')).rows[0]!.n;
  uploadSuite('PostgreSQL', async () => {
    fresh = await freshPostgres('uploads');
    return startUploadServer({ databaseUrl: fresh!.url });
  }, countRows);

  describe('two API processes on one PostgreSQL', () => {
    it('the second serves the picture the first stored', async () => {
      const shared = await freshPostgres('uploads_shared');
      // started together: their migrations serialise instead of racing on CREATE TABLE
      const [first, second] = await Promise.all([
        startUploadServer({ databaseUrl: shared!.url }), startUploadServer({ databaseUrl: shared!.url }),
      ]);
      try {
        const answer = await upload(first, first.token, await tinyImage.webp());
        const served = await fetch(`${second.url}${answer.body.data!.url}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
      } finally {
        await first.stop();
        await second.stop();
        await shared!.drop();
      }
    });
  });
  afterAll(async () => fresh?.drop());
}
