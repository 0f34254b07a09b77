/**
 * The composition root (DESIGN.md §3): configuration → engines → projections → demo seed → HTTP + websocket.
 * `npm start` runs this; on a bare machine everything lives in one process on PGlite.
 *
 * Start-up failures a person can fix (bad configuration, an unreachable database, a data directory another process
 * holds) print one clear line and exit 1, no stack. Once running, losing the database never ends the process:
 * requests that need it answer 503 and the pool, projections and scheduler reconnect on their own.
 */
import { startTracing } from './tracing/tracing';
import { buildApp } from './api/app';
import { installShutdownDrain } from './api/shutdown-drain';
import { ConfigError, loadConfig, standInWarnings } from './config';
import { runtimeAppDeps } from './app-deps';
import { cannotConnectLine, DatabaseUnreachableError, isDatabaseUnavailable } from './db/connection-errors';
import { DataDirLockedError } from './db/data-dir-lock';
import { resolveOpsToken } from './ops/ops-token';
import { seedDemo, seedDemoIntoReadModels } from './ops/seed/seed-demo';
import { openRuntime } from './runtime';

/** How long a first start with its projections in process waits for the demo data to reach them before it serves. */
const SEED_PROJECTED_MS = 30_000;

async function main(): Promise<void> {
  const config = loadConfig();
  for (const warning of standInWarnings(config)) console.warn(warning);
  startTracing({ serviceName: config.OTEL_SERVICE_NAME ?? 'jishi-api', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const runtime = await openRuntime(config, { runProjections: config.PROJECTIONS === 'inline' });
  const opsToken = resolveOpsToken(config.OPS_TOKEN, config.DATA_DIR);

  // The last net, not the fix: a background task that lost its connection must not end the process.
  process.on('unhandledRejection', (reason) => {
    console.error(`[process] unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  });

  if (config.SEED_DEMO) {
    // a first start serves once its own projections hold the demo data; workers elsewhere (PROJECTIONS=external) may
    // not be up yet, and an instance does not wait for them
    const result = config.PROJECTIONS === 'inline'
      ? await seedDemoIntoReadModels(runtime.store, runtime.clock(), runtime.projections.waitFor, SEED_PROJECTED_MS)
      : { ...await seedDemo(runtime.store, runtime.clock()), projected: true };
    if (result.seeded) console.log(`[seed] demo data seeded (${result.events} events)`);
    if (!result.projected) console.warn(`[seed] the read models did not hold the demo data within ${SEED_PROJECTED_MS / 1000} s; serving anyway, they catch up`);
  }

  const app = await buildApp(runtimeAppDeps(runtime, {
    opsToken,
    feedKind: config.KAFKA_BROKERS ? 'kafka' : 'catch-up',
    webDist: config.WEB_DIST,
    logger: { level: config.LOG_LEVEL },
    requestLogging: config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace',
    demoMerchantShipAfterMs: config.DEMO_MERCHANT_SHIP_AFTER_MS,
    demoMerchantAfterSaleAfterMs: config.DEMO_MERCHANT_AFTER_SALE_AFTER_MS,
  }));

  // Graceful stop (SIGTERM: a rolling restart behind the proxy, infra/cluster/restart.sh): first leave the proxy's
  // rotation (shutdown-drain.ts), then stop listening and let the requests in flight finish (app.close), then the
  // scheduler, projections and pools (runtime.close).
  const shutdown = installShutdownDrain(app, { drainMs: config.SHUTDOWN_DRAIN_MS });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    try {
      await shutdown.drain();
      await app.close();
      await runtime.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // the ops CLI reads the port from the lock file (PORT=0 picked one, or the CLI runs with another PORT)
  runtime.dataDirLock?.setPort(port, config.HOST);
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`\n  集市 Jishi is running: http://${shown}:${port}\n` +
    `  store: ${runtime.storeKind}, read models: ${runtime.db.kind}, feed: ${config.KAFKA_BROKERS ? 'kafka' : 'catch-up'},` +
    ` payments: ${runtime.payments.providerName}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnreachableError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if (isDatabaseUnavailable(error) && process.env.DATABASE_URL) {
    console.error(cannotConnectLine(process.env.DATABASE_URL, error)); // lost while starting (migrations, seed)
  } else {
    console.error(error);
  }
  process.exit(1);
});
