/**
 * A real storefront server for browser and HTTP tests: PGlite in memory, projections in process, the demo data
 * seeded and in the read models, the built web served, listening on a free loopback port. Environment variables are not read, so a test
 * gets the same server on every machine.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../services/api/app';
import { loadConfig } from '../../services/config';
import { runtimeAppDeps } from '../../services/app-deps';
import { seedDemoIntoReadModels } from '../../services/ops/seed/seed-demo';
import { openRuntime, type Runtime } from '../../services/runtime';
import { openFreshPGlite } from './pglite-snapshot';

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

export interface TestServerOptions {
  web?: boolean;
  clock?: () => Date;
  /** An open PGlite to run on (a restart test starts a second server on the first one's data); default: a fresh one. */
  pglite?: PGlite;
  /** Run on this PostgreSQL database instead of PGlite (a fresh one from tests/support/backends freshPostgres). */
  databaseUrl?: string;
  /** Run the demo merchant, shipping paid orders this long after payment (default: no demo merchant). */
  demoMerchantShipAfterMs?: number;
  /** Settings on top of the test defaults (e.g. the SMS and unpaid-order limits a test lowers). */
  env?: Record<string, string>;
  /** The app's logger (a test reading what the server logs); default: none. */
  logger?: AppDeps['logger'];
}

/**
 * Many suites sign in dozens of shoppers from this one loopback client within a minute: the test server lifts the
 * per-client and overall SMS send limits unless a test sets them (tests/integration/identity-sms-abuse.test.ts).
 */
const TEST_SMS_SEND_LIMITS = { SMS_SENDS_PER_CLIENT: '1000000', SMS_SENDS_TOTAL: '1000000' };

/** How long a test server waits for the demo seed to be in every read model (a loaded CI machine). */
const SEED_PROJECTED_MS = 60_000;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const web = options.web ?? true;
  if (web) buildWebIfStale();
  const config = loadConfig({
    DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent',
    ...TEST_SMS_SEND_LIMITS,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  // in memory unless told otherwise: a PGlite of this server's own (closed with it), started from the cached initdb
  const ownPGlite = options.pglite || options.databaseUrl ? null : await openFreshPGlite();
  const runtime = await openRuntime(config, { clock: options.clock, log: () => undefined, pglite: options.pglite ?? ownPGlite ?? undefined })
    .catch(async (error: unknown) => { await ownPGlite?.close(); throw error; });
  // the demo data in every read model before the first request (seed-demo.ts)
  const seeded = await seedDemoIntoReadModels(runtime.store, runtime.clock(), runtime.projections.waitFor, SEED_PROJECTED_MS);
  if (!seeded.projected) {
    await runtime.close();
    await ownPGlite?.close();
    throw new Error(`the demo seed (${seeded.events} events) was not in every read model after ${SEED_PROJECTED_MS / 1000} s`);
  }
  const opsToken = 'test-ops-token-0123456789';
  const app = await buildApp(runtimeAppDeps(runtime, {
    opsToken, webDist: web ? path.join(root, 'web/dist') : undefined, demoMerchantShipAfterMs: options.demoMerchantShipAfterMs,
    ...(options.logger ? { logger: options.logger } : {}),
  }));

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
      await ownPGlite?.close();
    },
  };
}
