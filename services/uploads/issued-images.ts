/**
 * Where the API accepts picture URLs (reviews, after-sale proofs, Q&A, avatars) it accepts only pictures this server
 * issued: `/api/images/uploads/<sha256>.<ext>` that the blob store holds. A URL of any other shape or one never stored
 * answers 400 `参数 <field> 无效：图片地址无效`, so no page ever shows a third-party or script URL a shopper typed.
 *
 * Use it after zod parsed the body (zod checks count and length; this checks provenance, which needs the store):
 *   await assertIssuedImages(deps.blobs, 'images', body.images);
 */
import { BadInput } from '../../domain/shared/bad-input';
import type { BlobStore } from './blob-store.port';
import { blobNameOf } from './upload-url';

export const INVALID_IMAGE = '图片地址无效';

export class InvalidImageUrl extends BadInput {
  constructor(readonly field: string) {
    super(`参数 ${field} 无效：${INVALID_IMAGE}`);
  }
}

/** True when every URL is an upload this server stored (an empty list is fine). */
export async function areIssuedImages(blobs: BlobStore, urls: readonly string[]): Promise<boolean> {
  const names = urls.map(blobNameOf);
  if (names.some((n) => n === null)) return false;
  const unique = [...new Set(names as string[])];
  const found = await blobs.existing(unique);
  return unique.every((n) => found.has(n));
}

/** Throws InvalidImageUrl (HTTP 400, code '400', naming `field`) unless every URL is an issued upload. */
export async function assertIssuedImages(blobs: BlobStore, field: string, urls: readonly string[]): Promise<void> {
  if (!(await areIssuedImages(blobs, urls))) throw new InvalidImageUrl(field);
}

/** The comma-joined form of the origin contract (`image: "u1,u2"`): '' is none. */
export const splitImageList = (joined: string): string[] => joined.split(',').map((u) => u.trim()).filter(Boolean);
