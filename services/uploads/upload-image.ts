/**
 * One uploaded file → stored pictures (POST /api/file/upload): at most 5 MB, a JPEG, PNG, WebP or GIF by its bytes,
 * re-encoded without metadata (image-processing.ts), both sizes stored under their content hash. Anything refused is
 * refused before a byte is stored.
 */
import { createHash } from 'node:crypto';
import { BadInput } from '../../domain/shared/bad-input';
import type { BlobStore } from './blob-store.port';
import { contentTypeOf } from './blob-store.port';
import { imageKindOf } from './image-kind';
import { processImage, UndecodableImage } from './image-processing';
import { uploadUrlOf } from './upload-url';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UploadRefusals = {
  missing: '参数 file 无效：请选择要上传的图片',
  tooLarge: '参数 file 无效：图片大小不能超过5MB',
  notAnImage: '参数 file 无效：仅支持 JPEG、PNG、WebP、GIF 格式的图片',
  undecodable: '参数 file 无效：图片已损坏，无法识别',
  malformed: '参数 file 无效：上传内容不完整',
} as const;

export class UploadRefused extends BadInput {}

export interface UploadedImage {
  /** The display version (bounded size): what pages show and what reviews, proofs and avatars keep. */
  url: string;
  /** The re-encoded original (bounded by ORIGINAL_MAX_SIDE), for enlarging. */
  originalUrl: string;
}

export async function uploadImage(blobs: BlobStore, bytes: Buffer): Promise<UploadedImage> {
  if (bytes.length === 0) throw new UploadRefused(UploadRefusals.missing);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new UploadRefused(UploadRefusals.tooLarge);
  const kind = imageKindOf(bytes);
  if (!kind) throw new UploadRefused(UploadRefusals.notAnImage);
  let processed;
  try {
    processed = await processImage(bytes, kind);
  } catch (error) {
    if (error instanceof UndecodableImage) throw new UploadRefused(UploadRefusals.undecodable);
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
