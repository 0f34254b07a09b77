/**
 * A first start serves once the demo data is in the read models (seed-demo.ts seedDemoIntoReadModels, used by
 * main.ts and the test server): right after it returns, the catalogue holds a demo product and its SKUs, and the
 * notices are listed. seedDemo alone returned before the projections had applied it (on a fresh PostgreSQL, demo
 * product 5001 appeared about 0.6 s later). PGlite always; PostgreSQL with DATABASE_URL.
 */
import { loadConfig } from '../../services/config';
import { seedDemoIntoReadModels } from '../../services/ops/seed/seed-demo';
import { openRuntime, type Runtime } from '../../services/runtime';
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { openFreshPGlite } from '../support/pglite-snapshot';

const backends = [
  { name: 'PGlite', database: async () => ({ pglite: await openFreshPGlite(), url: undefined, drop: async () => undefined }) },
  ...(process.env.DATABASE_URL ? [{
    name: 'PostgreSQL',
    database: async () => {
      const fresh = await freshPostgres('seed_read_models') as FreshPostgres;
      return { pglite: undefined, url: fresh.url, drop: () => fresh.drop() };
    },
  }] : []),
];

describe.each(backends)('the demo seed into the read models ($name)', (backend) => {
  let runtime: Runtime;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const { pglite, url, drop } = await backend.database();
    const config = loadConfig({ DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...(url ? { DATABASE_URL: url } : {}) });
    runtime = await openRuntime(config, { log: () => undefined, pglite });
    close = async () => { await runtime.close(); await pglite?.close(); await drop(); };
  });
  afterAll(async () => close?.());

  it('answers once the catalogue and the notices hold it, then appends nothing more', async () => {
    const first = await seedDemoIntoReadModels(runtime.store, runtime.clock(), runtime.projections.waitFor, 60_000);
    expect(first).toMatchObject({ seeded: true, projected: true });
    expect(first.events).toBeGreaterThan(300);
    // read at once, no retry: what the first request after the seed sees
    const { rows: [product] } = await runtime.db.query<{ listed: boolean; skus: number }>(
      `select p.listed, (select count(*)::int from skus k where k.product_id = p.product_id) as skus from products p where p.product_id = 5001`);
    expect(product).toEqual({ listed: true, skus: expect.any(Number) });
    expect(product.skus).toBeGreaterThan(0);
    const { rows: [notices] } = await runtime.db.query<{ n: number }>('select count(*)::int as n from notices');
    expect(notices.n).toBeGreaterThan(0);

    expect(await seedDemoIntoReadModels(runtime.store, runtime.clock(), runtime.projections.waitFor, 60_000))
      .toEqual({ seeded: false, events: 0, projected: true });
  }, 120_000);
});
