/**
 * Issue 10, kill -9 of the API mid-checkout: buyers are checking out when the API process is killed outright; it is
 * started again on the same database. Without client retries the buyers in flight give up; with retries they ask
 * again with the same Idempotency-Key. Either way nothing acknowledged may be lost, nothing may be doubled, stock
 * must add up and a buyer must never pay twice.
 */
import type { Database } from '../../services/db/database';
import { createFreshDatabase, type FreshPostgres } from '../support/backends';
import { describeFault, PORTS, scratchDir } from './support/fault-env';
import { expectInvariants, runScenario } from './support/scenario';
import { spawnServer, untilReady, type ServerProcess } from './support/server-process';

describeFault('kill -9 of the API mid-checkout', ['postgres'], () => {
  const serverUrl = process.env.DATABASE_URL!;
  let fresh: FreshPostgres;
  let db: Database;
  let server: ServerProcess | null = null;

  afterEach(async () => {
    await server?.kill('SIGKILL');
    server = null;
    await fresh?.drop();
  });

  for (const retries of [false, true]) {
    it(`loses and doubles nothing ${retries ? 'with' : 'without'} client retries`, async () => {
      fresh = await createFreshDatabase(serverUrl, 'fault_api_kill');
      db = fresh.db;
      const env = { port: PORTS.server(retries ? 1 : 0), dataDir: scratchDir('api-kill'), databaseUrl: fresh.url };
      server = spawnServer('services/main.ts', env);
      await untilReady(server);

      const result = await runScenario({
        name: `kill -9 of the API mid-checkout, ${retries ? 'with' : 'without'} client retries`,
        url: server.url, db: () => db, buyers: 20, inFlight: 6, retries, injectAfter: 4,
        healthProblem: 'unreachable', rebuild: { gate: env },
        async inject() {
          const injectedAt = Date.now();
          await server!.kill('SIGKILL');
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const repairedAt = Date.now();
          server = spawnServer('services/main.ts', env);
          await untilReady(server);
          return { injectedAt, repairedAt };
        },
      });
      expectInvariants(result);
    }, 180_000);
  }
});
