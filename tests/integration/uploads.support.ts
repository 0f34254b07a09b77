/**
 * For the upload suites: an API server on a chosen backend (a shared PGlite with uploads in a directory, or a
 * PostgreSQL database whose table holds them), tiny pictures made with sharp, and a multipart upload call.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../services/api/app';
import { runtimeAppDeps } from '../../services/app-deps';
import { loadConfig } from '../../services/config';
import { openRuntime, type Runtime } from '../../services/runtime';

export interface UploadServer { url: string; app: FastifyInstance; runtime: Runtime; token: string; dataDir: string; stop(): Promise<void> }

export async function startUploadServer(backend: { pglite: PGlite } | { databaseUrl: string }, userId = 8100001): Promise<UploadServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jishi-uploads-'));
  const config = loadConfig({
    DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', SCHEDULER_POLL_MS: '0',
    ...('databaseUrl' in backend ? { DATABASE_URL: backend.databaseUrl } : {}),
  });
  const runtime = await openRuntime(config, { pglite: 'pglite' in backend ? backend.pglite : undefined, log: () => undefined });
  const app = await buildApp(runtimeAppDeps(runtime, { opsToken: 'test-ops-token-0123456789' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const token = await runtime.sessions.create(userId, 1, new Date());
  return {
    url: `http://127.0.0.1:${port}`, app, runtime, token, dataDir,
    async stop() {
      await app.close();
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 60 } } });

export const tinyImage = {
  jpg: (width = 32, height = 24) => canvas(width, height).jpeg().toBuffer(),
  png: (width = 32, height = 24) => canvas(width, height).png().toBuffer(),
  webp: (width = 32, height = 24) => canvas(width, height).webp().toBuffer(),
  gif: (width = 32, height = 24) => canvas(width, height).gif().toBuffer(),
};

/** A phone photo: camera make and GPS position (Beijing) in its EXIF. */
export const jpegWithGps = () => canvas(64, 48).jpeg().withExif({
  IFD0: { Make: 'JishiTestCam' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 2700/100', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 1700/100' },
}).toBuffer();

export interface UploadAnswer { status: number; body: { code: string; message: string; data: { url: string; originalUrl: string } | null } }

export async function upload(
  server: { url: string }, token: string | null, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg',
): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(`${server.url}/api/file/upload`, {
    method: 'POST', body: form, headers: token ? { authorization: token } : {},
  });
  return { status: response.status, body: await response.json() as UploadAnswer['body'] };
}

/** Uploads a tiny picture and answers its URL (for suites that need an issued picture). */
export async function uploadedPicture(server: { url: string }, token: string, kind: keyof typeof tinyImage = 'png'): Promise<string> {
  const answer = await upload(server, token, await tinyImage[kind](), `p.${kind}`, `image/${kind}`);
  if (answer.body.code !== '200' || !answer.body.data) throw new Error(`upload failed: ${answer.body.message}`);
  return answer.body.data.url;
}
