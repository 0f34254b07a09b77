/**
 * The blob-store port (services/uploads) on every adapter present: a directory, memory, the database table on PGlite
 * and on PostgreSQL. Content-addressed: a second put of a name changes nothing; `existing` answers which names are held.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../../services/uploads/blob-store.port';
import { createDatabaseBlobStore } from '../../services/uploads/database-blob-store';
import { createDirectoryBlobStore } from '../../services/uploads/directory-blob-store';
import { createMemoryBlobStore } from '../../services/uploads/memory-blob-store';
import { announceSkip, freshPostgres, sharedPGlite } from '../support/backends';

const A = `${'a'.repeat(64)}.png`;
const B = `${'b'.repeat(64)}.jpg`;
const png = (text: string) => ({ bytes: Buffer.from(text), contentType: 'image/png' });

interface Adapter { name: string; open(): Promise<{ blobs: BlobStore; close(): Promise<void> }> }

const adapters: Adapter[] = [
  { name: 'memory', open: async () => ({ blobs: createMemoryBlobStore(), close: async () => undefined }) },
  {
    name: 'directory',
    async open() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'jishi-blobs-'));
      return { blobs: await createDirectoryBlobStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  { name: 'database on PGlite', open: async () => ({ blobs: await createDatabaseBlobStore(await sharedPGlite()), close: async () => undefined }) },
];
if (process.env.DATABASE_URL) {
  adapters.push({
    name: 'database on PostgreSQL',
    async open() {
      const fresh = (await freshPostgres('blobs'))!;
      return { blobs: await createDatabaseBlobStore(fresh.db), close: () => fresh.drop() };
    },
  });
} else {
  announceSkip('contract', 'PostgreSQL', 'DATABASE_URL not set');
}

describe.each(adapters)('blob store: $name', (adapter) => {
  let blobs: BlobStore;
  let close: () => Promise<void>;
  beforeAll(async () => ({ blobs, close } = await adapter.open()));
  afterAll(async () => close());

  it('gives back what was put, with its content type', async () => {
    await blobs.put(A, png('first'));
    expect(await blobs.get(A)).toEqual({ bytes: Buffer.from('first'), contentType: 'image/png' });
  });

  it('keeps the first bytes when a name is put again (names are content addresses)', async () => {
    await blobs.put(A, png('other'));
    expect((await blobs.get(A))?.bytes.toString()).toBe('first');
  });

  it('answers null for a name never stored, and for one that is not a blob name', async () => {
    expect(await blobs.get(B)).toBeNull();
    expect(await blobs.get('../../etc/passwd')).toBeNull();
  });

  it('says which of several names it holds', async () => {
    expect(await blobs.existing([A, B, 'nonsense'])).toEqual(new Set([A]));
    expect(await blobs.existing([])).toEqual(new Set());
  });
});
