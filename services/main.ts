/**
 * The composition root (DESIGN.md §3): configuration → engines → projections → demo seed → HTTP + websocket.
 * `npm start` runs this; on a bare machine everything lives in one process on PGlite.
 */
import { buildApp } from './api/app';
import { ConfigError, loadConfig } from './config';
import { runtimeAppDeps } from './app-deps';
import { resolveOpsToken } from './ops/ops-token';
import { seedDemo } from './ops/seed/seed-demo';
import { openRuntime } from './runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await openRuntime(config, { runProjections: config.PROJECTIONS === 'inline' });
  const opsToken = resolveOpsToken(config.OPS_TOKEN, config.DATA_DIR);

  if (config.SEED_DEMO) {
    const result = await seedDemo(runtime.store, runtime.clock());
    if (result.seeded) console.log(`[seed] demo data seeded (${result.events} events)`);
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


  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`\n  集市 Jishi is running: http://${shown}:${config.PORT}\n` +
    `  store: ${runtime.storeKind}, read models: ${runtime.db.kind}, feed: ${config.KAFKA_BROKERS ? 'kafka' : 'catch-up'}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
