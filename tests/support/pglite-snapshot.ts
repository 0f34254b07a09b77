/**
 * Empty in-memory PGlite databases for tests without initdb each time: initdb inside PGlite costs ~2.5 s of CPU per
 * database, and the suites open one per file (more with restarts). The first call of a machine runs it once and
 * keeps the dumped data directory in node_modules/.cache/jishi-tests (keyed by PGlite's version and the sizes of
 * its wasm and data files, so an upgrade makes a new one); every call starts a PGlite from that dump.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from '../../services/db/database';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = path.join(root, 'node_modules/.cache/jishi-tests');

function snapshotFile(): string {
  const pkg = path.join(root, 'node_modules/@electric-sql/pglite'); // its exports do not include package.json
  const { version } = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
  const dist = path.join(pkg, 'dist');
  const sizes = ['pglite.wasm', 'pglite.data', 'initdb.wasm']
    .map((f) => (existsSync(path.join(dist, f)) ? statSync(path.join(dist, f)).size : 0)).join('-');
  return path.join(cacheDir, `pglite-${version}-${sizes}.tar`);
}

let dump: Promise<Blob> | null = null;

async function emptyDataDir(): Promise<Blob> {
  const file = snapshotFile();
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const pglite = await openPGlite();
  try {
    const made = await pglite.dumpDataDir('none');
    mkdirSync(cacheDir, { recursive: true });
    // written aside and renamed: a parallel test worker never reads half a file
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await made.arrayBuffer()));
    renameSync(partial, file);
    return made;
  } finally {
    await pglite.close();
  }
}

/** A new, empty in-memory PGlite (with the project's extensions), started from the cached initdb. */
export async function openFreshPGlite(): Promise<PGlite> {
  dump ??= emptyDataDir().catch((error: unknown) => { dump = null; throw error; });
  return openPGlite(undefined, { loadDataDir: await dump });
}
