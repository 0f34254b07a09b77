/**
 * The storefront for the web bench, as tests/support/test-server.ts starts it (PGlite in memory, demo seed, web/dist
 * served on loopback) with two differences: the build script's output goes to stderr, so the report on stdout stays
 * clean, and the pages are loaded only once the projections have applied the seed, so every load sees the same data.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemo } from '../../../services/ops/seed/seed-demo';
import { openBenchRuntime, startStorefront, type Listening } from './browse-servers';
import { untilCaughtUp } from './caught-up';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const WEB_DIST = path.join(root, 'web/dist');

/** infra/scripts/build-web-if-stale.mjs (what buildWebIfStale runs), its stdout sent to stderr. */
function buildWebIfStale(): void {
  execFileSync(process.execPath, [path.join(root, 'infra/scripts/build-web-if-stale.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
}

export async function startWebStorefront(): Promise<Listening> {
  buildWebIfStale();
  const runtime = await openBenchRuntime();
  try {
    await seedDemo(runtime.store, runtime.clock());
    await untilCaughtUp(runtime, 120_000);
    const server = await startStorefront(runtime, WEB_DIST);
    return { url: server.url, async close() { await server.close(); await runtime.close(); } };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}
