/**
 * Where uploaded files live (DESIGN.md §2): a directory under DATA_DIR in embedded mode, a PostgreSQL table every API
 * instance shares when DATABASE_URL is set. Names are content addresses (`<sha256>.<ext>`), so a put of a name that
 * exists is a no-op and a stored blob never changes.
 */
export interface StoredBlob { bytes: Buffer; contentType: string }

export interface BlobStore {
  readonly kind: 'directory' | 'database' | 'memory';
  put(name: string, blob: StoredBlob): Promise<void>;
  get(name: string): Promise<StoredBlob | null>;
  /** Which of `names` are stored (the issued-image check asks for all of a request's pictures at once). */
  existing(names: string[]): Promise<Set<string>>;
}

/** A blob name: 64 hex digits of sha256 and a known extension. Nothing else reaches a store. */
export const BLOB_NAME = /^[0-9a-f]{64}\.(?:jpg|png|webp|gif)$/;

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

export const contentTypeOf = (name: string): string => contentTypes[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
