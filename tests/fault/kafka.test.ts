/**
 * Issue 10, Kafka under faults: the API runs with KAFKA_BROKERS (the store → Kafka forwarder and every projection
 * on the broker) while buyers check out; the broker is stopped and started again with the project's scripts, then
 * (next load, same server) killed with kill -9 and started again. Health must say 'kafka' while it is gone;
 * afterwards the read models must hold every acknowledged order exactly once and equal a from-scratch rebuild.
 * One broker, one database and one API process for the file (the two loads have distinct buyers).
 */
import { createFreshDatabase, type FreshPostgres } from '../support/backends';
import { describeFault, PORTS, scratchDir } from './support/fault-env';
import { kafkaBroker, type Broker } from './support/kafka-broker';
import { expectInvariants, runScenario } from './support/scenario';
import { spawnServer, untilReady, type ServerEnv, type ServerProcess } from './support/server-process';

describeFault('Kafka stopped, restarted and killed', ['postgres', 'kafka'], () => {
  const serverUrl = process.env.DATABASE_URL!;
  let broker: Broker;
  let fresh: FreshPostgres | null = null;
  let server: ServerProcess | null = null;
  let env: ServerEnv;

  beforeAll(async () => {
    broker = kafkaBroker();
    await broker.start();
    fresh = await createFreshDatabase(serverUrl, 'fault_kafka');
    env = { port: PORTS.server(2), dataDir: scratchDir('kafka-api'), databaseUrl: fresh.url, kafkaBrokers: broker.brokers };
    server = spawnServer('services/main.ts', env);
  }, 150_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await fresh?.drop();
    await broker?.stop();
  }, 60_000);

  const faults: { name: string; fault: () => Promise<void> }[] = [
    { name: 'stopped and restarted with the scripts', fault: () => broker.stop() },
    { name: 'killed with kill -9 and restarted', fault: () => broker.kill9() },
  ];

  faults.forEach(({ name, fault }, index) => {
    it(`keeps every acknowledged order when Kafka is ${name}`, async () => {
      const api = server!;
      const db = fresh!.db;
      await untilReady(api, 90_000);
      const result = await runScenario({
        name: `Kafka ${name}`, url: api.url, db: () => db, buyers: 16, firstBuyer: index * 100, inFlight: 4, retries: true,
        injectAfter: 4, healthProblem: 'kafka', rebuild: { gate: env }, output: () => api.output(),
        async inject({ heldUntilReported }) {
          const injectedAt = Date.now();
          await fault();
          await new Promise((resolve) => setTimeout(resolve, 2000));
          await heldUntilReported(injectedAt);
          const repairedAt = Date.now();
          await broker.start();
          return { injectedAt, repairedAt };
        },
      });
      expectInvariants(result);
    }, 240_000);
  });
});
