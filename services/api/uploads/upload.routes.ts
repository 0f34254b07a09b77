/**
 * `POST /api/file/upload` (spec §7: multipart, answers `data.url`) and `GET /api/images/uploads/<sha256>.<ext>`, the
 * pictures it stored. The upload is signed-in only; the pictures are public and immutable (content-addressed), served
 * with a year of caching, `nosniff` and a CSP that lets nothing run.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BlobStore } from '../../uploads/blob-store.port';
import { BLOB_NAME } from '../../uploads/blob-store.port';
import { MAX_UPLOAD_BYTES, UploadRefusals, UploadRefused, uploadImage } from '../../uploads/upload-image';
import { DecodeGate } from '../../uploads/decode-gate';
import { currentUser } from '../auth';
import { ok } from '../envelope';

/**
 * The one file's bytes. A multipart body cut short or malformed makes busboy throw a plain error, which answered 500
 * 系统错误! (found by the contract fuzzer): it is the sender's fault, refused like a missing file.
 */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw new UploadRefused(UploadRefusals.missing);
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw new UploadRefused(UploadRefusals.tooLarge);
    return bytes;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof UploadRefused || (status !== undefined && status < 500)) throw error;
    throw new UploadRefused(UploadRefusals.malformed);
  }
}

/** `decodes`: the process's bound on picture decoding (two at once, one per shopper); a test passes its own. */
export async function registerUploadRoutes(app: FastifyInstance, blobs: BlobStore, decodes = new DecodeGate()): Promise<void> {
  await app.register(async (scope) => {
    // one file per request; a part past the limit is cut off (truncated) and refused below, never buffered whole
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    });
    scope.post('/file/upload', { schema: { 'x-input': 'multipart' }, config: { auth: 'required', owns: { none: 'takes a picture, names nothing' } } }, async (request) => {
      if (!request.isMultipart()) throw new UploadRefused(UploadRefusals.missing);
      return ok(await uploadImage(blobs, await uploadedBytes(request), { userId: currentUser(request), decodes }), '上传成功');
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get('/images/uploads/:file', {
    schema: { params: z.object({ file: z.string() }) },
  }, async (request, reply) => {
    const { file } = request.params;
    const blob = BLOB_NAME.test(file) ? await blobs.get(file) : null;
    if (!blob) return reply.callNotFound();
    return reply
      .type(blob.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(blob.bytes);
  });
}
