/** Blobs in process memory: the in-memory embedded mode (DATA_DIR=':memory:', tests), gone with the process like its data. */
import type { BlobStore, StoredBlob } from './blob-store.port';

export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, StoredBlob>();
  return {
    kind: 'memory',
    async put(name, blob) {
      if (!blobs.has(name)) blobs.set(name, { bytes: Buffer.from(blob.bytes), contentType: blob.contentType });
    },
    async get(name) {
      return blobs.get(name) ?? null;
    },
    async existing(names) {
      return new Set(names.filter((n) => blobs.has(n)));
    },
  };
}
