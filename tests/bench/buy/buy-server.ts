/**
 * The storefront the Buy benchmarks drive: a fresh PostgreSQL database (dropped afterwards), the real runtime
 * (event store, projections on the catch-up feed, sandbox payments, scheduler) and the real app listening on a free
 * loopback port, with the demo seed projected. Wired as `npm start` wires it (services/app-deps.ts), minus the web.
 * One extra route, `GET /bench/noop`, answers `{}` without touching anything: the HTTP floor baselines use it.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../services/api/app';
import { loadConfig } from '../../../services/config';
import { runtimeAppDeps } from '../../../services/app-deps';
import { seedDemo } from '../../../services/ops/seed/seed-demo';
import { openRuntime, type Runtime } from '../../../services/runtime';
import { freshDatabase } from '../bench-backends';
import { progress } from '../stats';

export interface BuyServer {
  url: string;
  app: FastifyInstance;
  runtime: Runtime;
  opsToken: string;
  /** The runtime's pg pool size (services/db/database.ts default). */
  poolSize: number;
}

export const NOOP_PATH = '/bench/noop';
const OPS_TOKEN = 'bench-ops-token-0123456789';

async function startBuyServer(databaseUrl: string): Promise<BuyServer> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent',
    // the shoppers sign in from this one client and buy in bulk: the abuse limits are not what is measured
    SMS_SENDS_PER_CLIENT: '1000000', SMS_SENDS_TOTAL: '1000000', UNPAID_ORDERS_PER_USER: '10000', UNPAID_UNITS_PER_SKU_PER_USER: '1000000', UNPAID_SHARE_OF_STOCK_PERCENT: '100' });
  const runtime = await openRuntime(config, { log: () => undefined });
  try {
    const seeded = await seedDemo(runtime.store, runtime.clock());
    progress(`buy: demo seed appended (${seeded.events} events), waiting for the read models`);
    await untilProjected(runtime);
    const app = await buildApp(runtimeAppDeps(runtime, { opsToken: OPS_TOKEN }));
    app.get(NOOP_PATH, async () => ({}));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return { url: `http://127.0.0.1:${port}`, app, runtime, opsToken: OPS_TOKEN, poolSize: runtime.db.pool.options.max ?? 10 };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}

/**
 * Until every read model has every seeded event. Waits on the events themselves (waitFor), not on the lag: the lag
 * counts only events below the cluster-wide visibility horizon, which a long transaction elsewhere holds back.
 */
async function untilProjected(runtime: Runtime, timeoutMs = 300_000): Promise<void> {
  const { rows } = await runtime.db.query<{ stream_id: string }>('select distinct stream_id from events');
  const events = (await Promise.all(rows.map((r) => runtime.store.readStream(r.stream_id)))).flat();
  if (!(await runtime.projections.waitFor(events, { timeoutMs }))) throw new Error(`demo seed not projected in ${timeoutMs} ms`);
}

/** Runs `work` against a fresh storefront and drops its database whatever happens. */
export async function withBuyServer<T>(serverUrl: string, label: string, work: (server: BuyServer) => Promise<T>): Promise<T> {
  const fresh = await freshDatabase(serverUrl, label, 1);
  try {
    const server = await startBuyServer(fresh.url);
    try {
      return await work(server);
    } finally {
      await server.app.close();
      await server.runtime.close();
    }
  } finally {
    await fresh.drop();
  }
}
