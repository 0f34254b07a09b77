/**
 * Issue 10, projection worker killed: the API runs with PROJECTIONS=external and one `npm run projections` worker
 * (services/projections-worker.ts) on the same database; the worker is killed with kill -9 mid-load and started
 * again. Health must name the missing worker while it is gone; afterwards the read models must hold every
 * acknowledged order once, with stock and payments adding up, equal to a from-scratch rebuild.
 */
import { createFreshDatabase, type FreshPostgres } from '../support/backends';
import { describeFault, PORTS, scratchDir } from './support/fault-env';
import { expectInvariants, runScenario } from './support/scenario';
import { spawnServer, untilReady, type ServerProcess } from './support/server-process';

describeFault('projection worker killed', ['postgres'], () => {
  const serverUrl = process.env.DATABASE_URL!;
  let fresh: FreshPostgres | null = null;
  let api: ServerProcess | null = null;
  let worker: ServerProcess | null = null;

  afterAll(async () => {
    await api?.kill('SIGKILL');
    await worker?.kill('SIGKILL');
    await fresh?.drop();
  }, 60_000);

  it('loses nothing when the worker is killed with kill -9 and started again', async () => {
    fresh = await createFreshDatabase(serverUrl, 'fault_worker');
    const db = fresh.db;
    const env = { port: PORTS.server(4), dataDir: scratchDir('worker'), databaseUrl: fresh.url, projections: 'external' as const };
    worker = spawnServer('services/projections-worker.ts', { ...env, port: PORTS.server(5) });
    api = spawnServer('services/main.ts', env);
    await untilReady(api, 90_000);

    const result = await runScenario({
      name: 'projection worker killed with kill -9', url: api.url, db: () => db, buyers: 20, inFlight: 6, retries: true,
      injectAfter: 4, healthProblem: 'worker', rebuild: { gate: env },
      output: () => `${api?.output() ?? ''}\n--- worker ---\n${worker?.output() ?? ''}`,
      async inject({ heldUntilReported }) {
        const injectedAt = Date.now();
        await worker!.kill('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await heldUntilReported(injectedAt);
        const repairedAt = Date.now();
        worker = spawnServer('services/projections-worker.ts', { ...env, port: PORTS.server(5) });
        return { injectedAt, repairedAt };
      },
    });
    expectInvariants(result);
  }, 240_000);
});
