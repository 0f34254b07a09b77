/**
 * Blobs as files in one directory (embedded mode: `<DATA_DIR>/uploads`). A put writes a temporary file and renames it,
 * so a reader never sees half a picture; the content type follows from the name's extension.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BLOB_NAME, contentTypeOf, type BlobStore } from './blob-store.port';

export async function createDirectoryBlobStore(directory: string): Promise<BlobStore> {
  await mkdir(directory, { recursive: true });
  const fileOf = (name: string) => {
    if (!BLOB_NAME.test(name)) throw new Error(`not a blob name: ${name}`);
    return path.join(directory, name);
  };
  const exists = (name: string) => access(fileOf(name)).then(() => true, () => false);
  return {
    kind: 'directory',
    async put(name, blob) {
      if (await exists(name)) return;
      const temporary = path.join(directory, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      await writeFile(temporary, blob.bytes);
      await rename(temporary, fileOf(name));
    },
    async get(name) {
      if (!BLOB_NAME.test(name)) return null;
      try {
        return { bytes: await readFile(fileOf(name)), contentType: contentTypeOf(name) };
      } catch {
        return null;
      }
    },
    async existing(names) {
      const valid = names.filter((n) => BLOB_NAME.test(n));
      const found = await Promise.all(valid.map(async (n) => ((await exists(n)) ? n : null)));
      return new Set(found.filter((n): n is string => n !== null));
    },
  };
}
