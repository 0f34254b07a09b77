/**
 * The URL grammar of uploaded pictures: `/api/images/uploads/<sha256>.<ext>`, beside the generated demo art of
 * services/api/images. The name is the content's hash, so the URL is immutable and cacheable for a year.
 */
import { BLOB_NAME } from './blob-store.port';

export const UPLOADS_PREFIX = '/api/images/uploads/';

export const uploadUrlOf = (name: string): string => `${UPLOADS_PREFIX}${name}`;

/** The blob name an upload URL points at, or null when the URL is not of that shape. */
export function blobNameOf(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const name = url.slice(UPLOADS_PREFIX.length);
  return BLOB_NAME.test(name) ? name : null;
}
