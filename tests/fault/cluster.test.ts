/**
 * Issue 14, the cluster under faults: infra/cluster with 2 API instances (PROJECTIONS=external), 1 projection worker,
 * Kafka, PostgreSQL and HAProxy in front. Buyers check out through the proxy while one API instance is killed with
 * kill -9 (and started again by restart.sh), then while the projection worker is. Either way every acknowledged
 * order exists once, stock = initial − sold, paid orders are paid, and the read models equal a from-scratch rebuild.
 */
import { createFreshDatabase, type FreshPostgres } from '../support/backends';
import { startCluster, type Cluster } from './support/cluster';
import { describeFault, scratchDir } from './support/fault-env';
import { expectInvariants, runScenario } from './support/scenario';
import { untilReady } from './support/server-process';

describeFault('the cluster behind its proxy', ['postgres', 'kafka', 'haproxy'], () => {
  let fresh: FreshPostgres;
  let cluster: Cluster;
  const output = () => ['api1', 'api2', 'worker1'].map((n) => `--- ${n} ---\n${cluster?.log(n) ?? ''}`).join('\n');

  beforeAll(async () => {
    fresh = await createFreshDatabase(process.env.DATABASE_URL!, 'fault_cluster');
    cluster = await startCluster({ instances: 2, workers: 1, databaseUrl: fresh.url, dir: scratchDir('cluster') });
    // the worker projects the demo seed the first instance wrote: buyers come once the read models have it
    await untilReady({ url: cluster.url, output }, 120_000);
  }, 300_000);
  afterAll(async () => {
    await cluster?.stop();
    await fresh?.drop();
  }, 120_000);

  it('loses and doubles nothing when one API instance is killed with kill -9 mid-checkout', async () => {
    const result = await runScenario({
      name: 'cluster: kill -9 of one API instance behind the proxy', url: cluster.url, db: () => fresh.db,
      buyers: 20, inFlight: 6, retries: true, injectAfter: 4, healthProblem: 'answered', rebuild: { gate: cluster.env }, output,
      async inject() {
        const injectedAt = Date.now();
        cluster.kill('api1');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const repairedAt = Date.now();
        await cluster.restart('api1');
        return { injectedAt, repairedAt };
      },
    });
    expectInvariants(result);
  }, 240_000);

  it('loses and doubles nothing when the projection worker is killed with kill -9 mid-stream', async () => {
    const result = await runScenario({
      name: 'cluster: kill -9 of the projection worker', url: cluster.url, db: () => fresh.db, firstBuyer: 100,
      buyers: 20, inFlight: 6, retries: true, injectAfter: 4, healthProblem: 'worker', rebuild: { gate: cluster.env }, output,
      async inject({ heldUntilReported }) {
        const injectedAt = Date.now();
        cluster.kill('worker1');
        await heldUntilReported(injectedAt);
        const repairedAt = Date.now();
        await cluster.restart('worker1');
        return { injectedAt, repairedAt };
      },
    });
    expectInvariants(result);
  }, 240_000);
});
