/**
 * Issue 10, PostgreSQL connections dropped: the API runs on a throwaway cluster of its own (infra/postgres) while
 * buyers check out; the cluster is stopped (every connection dropped) and started again a few seconds later. While
 * it is down the API must answer (503 envelope, health naming 'database'), and it must recover by itself: no
 * restart of the API. Afterwards every acknowledged order is there once, stock and payments add up, and the read
 * models equal a from-scratch rebuild.
 */
import { openDatabase, type Database } from '../../services/db/database';
import { createFreshDatabase, type FreshPostgres } from '../support/backends';
import { describeFault, PORTS, scratchDir } from './support/fault-env';
import { expectInvariants, runScenario } from './support/scenario';
import { spawnServer, untilReady, type ServerProcess } from './support/server-process';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/throwaway-postgres';

describeFault('PostgreSQL connections dropped', ['postgres', 'pg-binaries'], () => {
  let cluster: ThrowawayPostgres | null = null;
  let fresh: FreshPostgres | null = null;
  let checker: Database | null = null;
  let api: ServerProcess | null = null;

  afterAll(async () => {
    await api?.kill('SIGKILL');
    await checker?.close();
    await fresh?.db.close().catch(() => undefined);
    await cluster?.remove();
  }, 90_000);

  it('answers while the database is down and recovers without a restart', async () => {
    cluster = await startThrowawayPostgres();
    fresh = await createFreshDatabase(cluster.url, 'fault_pg_drop');
    await fresh.db.close();
    const env = { port: PORTS.server(6), dataDir: scratchDir('pg-drop'), databaseUrl: fresh.url };
    api = spawnServer('services/main.ts', env);
    await untilReady(api, 90_000);
    const server = api;
    const cl = cluster;
    const url = fresh.url;
    // The checker's own pool is opened after the outage: its connections would be dropped too.
    const result = await runScenario({
      name: 'PostgreSQL stopped and started (connections dropped)', url: server.url,
      db: () => checker!, buyers: 20, inFlight: 6, retries: true, injectAfter: 4,
      healthProblem: 'database', rebuild: { gate: env }, output: () => server.output(),
      async inject({ heldUntilReported }) {
        const injectedAt = Date.now();
        await cl.down();
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await heldUntilReported(injectedAt);
        const repairedAt = Date.now();
        await cl.up();
        return { injectedAt, repairedAt };
      },
      async beforeLoad() {
        checker = await openDatabase({ kind: 'postgres', url, max: 2 });
      },
      async afterFault() {
        await checker?.close();
        checker = await openDatabase({ kind: 'postgres', url, max: 2 });
      },
    });
    // The API must have lived through the outage: recovering "by itself" means without a restart.
    expect({ apiExit: api.exitStatus() }).toEqual({ apiExit: null });
    // While the database is away every request answers the 503 envelope, which the buyers retry: none may fail on
    // another answer (e.g. a raw driver error such as code 'ECONNREFUSED').
    expect(result.outcomes.flatMap((o) => (o.failure ? [o.failure] : []))).toEqual([]);
    expectInvariants(result);
  }, 240_000);
});
