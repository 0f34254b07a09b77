/**
 * A real storefront server for browser and HTTP tests: PGlite in memory, projections in process, the demo data
 * seeded, the built web served, listening on a free loopback port. Environment variables are not read, so a test
 * gets the same server on every machine.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../services/api/app';
import { loadConfig } from '../../services/config';
import { projectionHealthOf, projectionOpsOf } from '../../services/ops/projection-ops';
import { seedDemo } from '../../services/ops/seed/seed-demo';
import { openRuntime, type Runtime } from '../../services/runtime';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  runtime: Runtime;
  opsToken: string;
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

export function buildWebIfStale(): void {
  execFileSync(process.execPath, [path.join(root, 'infra/scripts/build-web-if-stale.mjs')], { cwd: root, stdio: 'inherit' });
}

export async function startTestServer(options: { web?: boolean; clock?: () => Date } = {}): Promise<TestServer> {
  const web = options.web ?? true;
  if (web) buildWebIfStale();
  const config = loadConfig({ DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
  const runtime = await openRuntime(config, { clock: options.clock, log: () => undefined });
  await seedDemo(runtime.store, runtime.clock());
  const opsToken = 'test-ops-token-0123456789';
  const app = await buildApp({
    db: runtime.db,
    store: runtime.store,
    sessions: runtime.sessions,
    waitFor: runtime.projections.waitFor,
    hub: runtime.hub,
    health: { storeKind: runtime.storeKind, feedKind: 'catch-up', projections: projectionHealthOf(runtime.projections) },
    projectionOps: projectionOpsOf(runtime.projections),
    opsToken,
    clock: runtime.clock,
    payments: runtime.payments,
    scheduler: runtime.scheduler,
    webDist: web ? path.join(root, 'web/dist') : undefined,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    runtime,
    opsToken,
    async stop() {
      await app.close();
      await runtime.close();
    },
  };
}
