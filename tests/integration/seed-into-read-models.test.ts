/**
 * A first start serves once the demo data is in the read models (seed-demo.ts seedDemoIntoReadModels, used by
 * main.ts and the test server): right after it returns, the catalogue holds a demo product and its SKUs, and the
 * notices are listed. PGlite always; PostgreSQL with DATABASE_URL.
 *
 * On PostgreSQL the wait must hold while the cluster's commit horizon is held back: a transaction older than the
 * seed's (here one the test opens on the same server; on CI, any other test's database) keeps the seed out of the
 * global log's readers, the projections included. The test server used to read the seed back from the global log to
 * know what to wait for, saw nothing of it then, and answered at once with the catalogue empty (a clean-clone CI run
 * failed user-centre-privacy's first requests so, and then an earlier version of this test).
 */
import pg from 'pg';
import { loadConfig } from '../../services/config';
import { seedDemoIntoReadModels } from '../../services/ops/seed/seed-demo';
import { openRuntime, type Runtime } from '../../services/runtime';
import { announceSkip, freshPostgres, type FreshPostgres } from '../support/backends';
import { openFreshPGlite } from '../support/pglite-snapshot';

interface Opened { runtime: Runtime; url?: string; close(): Promise<void> }

async function openOnPGlite(): Promise<Opened> {
  const pglite = await openFreshPGlite();
  const runtime = await openRuntime(testConfig(), { log: () => undefined, pglite });
  return { runtime, close: async () => { await runtime.close(); await pglite.close(); } };
}

async function openOnPostgres(): Promise<Opened> {
  const fresh = await freshPostgres('seed_read_models') as FreshPostgres;
  const runtime = await openRuntime(testConfig(fresh.url), { log: () => undefined });
  return { runtime, url: fresh.url, close: async () => { await runtime.close(); await fresh.drop(); } };
}

const testConfig = (url?: string) => loadConfig({
  DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...(url ? { DATABASE_URL: url } : {}),
});

async function demoProduct(runtime: Runtime): Promise<{ listed: boolean; skus: number } | undefined> {
  const { rows: [product] } = await runtime.db.query<{ listed: boolean; skus: number }>(
    `select p.listed, (select count(*)::int from skus k where k.product_id = p.product_id) as skus from products p where p.product_id = 5001`);
  return product;
}

const backends = [
  { name: 'PGlite', open: openOnPGlite },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', open: openOnPostgres }] : []),
];
if (!process.env.DATABASE_URL) announceSkip('integration', 'PostgreSQL', 'DATABASE_URL not set');

describe.each(backends)('the demo seed into the read models ($name)', ({ open }) => {
  let opened: Opened;
  beforeAll(async () => { opened = await open(); }, 60_000);
  afterAll(async () => opened?.close());

  it('answers once the catalogue and the notices hold it, then appends nothing more', async () => {
    const { runtime } = opened;
    const first = await seedDemoIntoReadModels(runtime.store, runtime.clock(), runtime.projections.waitFor, 60_000);
    expect(first).toMatchObject({ seeded: true, projected: true });
    expect(first.events).toBeGreaterThan(300);
    // read at once, no retry: what the first request after the seed sees
    const product = await demoProduct(runtime);
    expect(product).toEqual({ listed: true, skus: expect.any(Number) });
    expect(product!.skus).toBeGreaterThan(0);
    const { rows: [notices] } = await runtime.db.query<{ n: number }>('select count(*)::int as n from notices');
    expect(notices.n).toBeGreaterThan(0);

    expect(await seedDemoIntoReadModels(runtime.store, runtime.clock(), runtime.projections.waitFor, 60_000))
      .toEqual({ seeded: false, events: 0, projected: true });
  }, 120_000);
});

if (process.env.DATABASE_URL) {
  describe('the demo seed while an older transaction holds the commit horizon back (PostgreSQL)', () => {
    let opened: Opened;
    let holder: pg.Client;
    beforeAll(async () => {
      opened = await openOnPostgres();
      holder = new pg.Client({ connectionString: opened.url });
      await holder.connect();
    }, 60_000);
    afterAll(async () => {
      await holder?.end().catch(() => undefined);
      await opened?.close();
    });

    it('waits until the horizon passes and the read models applied the seed, then the catalogue holds it', async () => {
      const { runtime } = opened;
      // given: a transaction with an id, older than every append of the seed, still open
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()');
      // when
      let answered = false;
      const seeding = seedDemoIntoReadModels(runtime.store, runtime.clock(), runtime.projections.waitFor, 60_000)
        .finally(() => { answered = true; });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // then: no projection can see the seed yet, so the wait has not answered
      expect(answered).toBe(false);
      expect(await demoProduct(runtime)).toBeUndefined();
      await holder.query('commit');
      expect(await seeding).toMatchObject({ seeded: true, projected: true });
      expect(await demoProduct(runtime)).toEqual({ listed: true, skus: expect.any(Number) });
    }, 120_000);
  });
}
