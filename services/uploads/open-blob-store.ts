/**
 * The blob store the configuration implies (DESIGN.md §2): with DATABASE_URL the shared database's table (several API
 * processes serve each other's uploads); embedded, a directory `<DATA_DIR>/uploads`; DATA_DIR ':memory:' keeps them in
 * memory with the rest of its data.
 */
import path from 'node:path';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { BlobStore } from './blob-store.port';
import { createDatabaseBlobStore } from './database-blob-store';
import { createDirectoryBlobStore } from './directory-blob-store';
import { createMemoryBlobStore } from './memory-blob-store';

export async function openBlobStore(config: Config, db: Database): Promise<BlobStore> {
  if (config.DATABASE_URL) return createDatabaseBlobStore(db);
  if (config.DATA_DIR === ':memory:') return createMemoryBlobStore();
  return createDirectoryBlobStore(path.resolve(config.DATA_DIR, 'uploads'));
}
