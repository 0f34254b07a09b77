/**
 * The HTTP servers of the browse benches, in this process on loopback: the real storefront (openRuntime + buildApp,
 * wired as `npm start` wires it through services/app-deps.ts; the web build served when given) and the API baseline, a bare
 * Fastify app whose routes answer a constant object (serialised per request).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../../services/api/app';
import { loadConfig } from '../../../services/config';
import { runtimeAppDeps } from '../../../services/app-deps';
import { openRuntime, type Runtime } from '../../../services/runtime';

export interface Listening { url: string; close(): Promise<void> }

/** The ops token of the bench storefronts (`GET /internal/sms` reads a sign-in code back with it). */
export const BENCH_OPS_TOKEN = 'bench-ops-token-0123456789';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * The runtime as `npm start` opens it, on PostgreSQL when given its URL, else on PGlite in memory: projections in
 * process on the catch-up feed, scheduler polling.
 */
export function openBenchRuntime(databaseUrl?: string): Promise<Runtime> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
  return openRuntime(config, { log: () => undefined });
}

/** `readModelCache: false` serves every request from the read models (the cache's own baseline). */
export async function startStorefront(runtime: Runtime, webDist?: string, options: { readModelCache?: boolean } = {}): Promise<Listening> {
  const deps = runtimeAppDeps(runtime, { opsToken: BENCH_OPS_TOKEN, webDist });
  const app = await buildApp(options.readModelCache === false ? { ...deps, readModelChanges: undefined } : deps);
  return { url: await listen(app), close: () => app.close() };
}

/** GET /<name> answers `bodies[name]`, parsed once here and serialised by Fastify on every request. */
export async function startBareBaseline(bodies: Record<string, string>): Promise<Listening> {
  const app = Fastify({ logger: false });
  for (const [name, body] of Object.entries(bodies)) {
    const constant: unknown = JSON.parse(body);
    app.get(`/${name}`, async () => constant);
  }
  return { url: await listen(app), close: () => app.close() };
}
