/**
 * One uploaded file → stored pictures (POST /api/file/upload): at most 5 MB, a JPEG, PNG, WebP or GIF by its bytes,
 * a canvas of at most 25 megapixels and 10000 px a side, re-encoded without metadata (image-processing.ts) while
 * holding a slot of the decode gate (decode-gate.ts: two at once in the process, one per shopper), both sizes stored
 * under their content hash. Anything refused is refused before a byte is stored.
 */
import { createHash } from 'node:crypto';
import { BadInput } from '../../domain/shared/bad-input';
import type { BlobStore } from './blob-store.port';
import { contentTypeOf } from './blob-store.port';
import { imageKindOf } from './image-kind';
import type { DecodeGate } from './decode-gate';
import { ImageTooLarge, processImage, readHeader, UndecodableImage } from './image-processing';
import { uploadUrlOf } from './upload-url';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UploadRefusals = {
  missing: '参数 file 无效：请选择要上传的图片',
  tooLarge: '参数 file 无效：图片大小不能超过5MB',
  notAnImage: '参数 file 无效：仅支持 JPEG、PNG、WebP、GIF 格式的图片',
  undecodable: '参数 file 无效：图片已损坏，无法识别',
  canvasTooLarge: '参数 file 无效：图片尺寸过大（最大 5000×5000，宽高均不超过 10000 像素）',
  malformed: '参数 file 无效：上传内容不完整',
} as const;

export class UploadRefused extends BadInput {}

export interface UploadedImage {
  /** The display version (bounded size): what pages show and what reviews, proofs and avatars keep. */
  url: string;
  /** The re-encoded original (bounded by ORIGINAL_MAX_SIDE), for enlarging. */
  originalUrl: string;
}

/** Who uploads (their decodes are bounded together) and the process's decode gate. */
export interface Uploader { userId: number; decodes: DecodeGate }

export async function uploadImage(blobs: BlobStore, bytes: Buffer, uploader: Uploader): Promise<UploadedImage> {
  if (bytes.length === 0) throw new UploadRefused(UploadRefusals.missing);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new UploadRefused(UploadRefusals.tooLarge);
  const kind = imageKindOf(bytes);
  if (!kind) throw new UploadRefused(UploadRefusals.notAnImage);
  let processed;
  try {
    // the header first, outside the gate: a refused canvas neither waits for a decoder nor takes one
    const header = await readHeader(bytes, kind);
    processed = await uploader.decodes.run(uploader.userId, () => processImage(bytes, kind, header));
  } catch (error) {
    if (error instanceof UndecodableImage) throw new UploadRefused(UploadRefusals.undecodable);
    if (error instanceof ImageTooLarge) throw new UploadRefused(UploadRefusals.canvasTooLarge);
    throw error;
  }
  const store = async (content: Buffer) => {
    const name = `${createHash('sha256').update(content).digest('hex')}.${kind}`;
    await blobs.put(name, { bytes: content, contentType: contentTypeOf(name) });
    return uploadUrlOf(name);
  };
  const [originalUrl, url] = await Promise.all([store(processed.original), store(processed.display)]);
  return { url, originalUrl };
}
