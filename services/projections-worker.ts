/**
 * `npm run projections`: projection workers in their own process (DESIGN.md §2, scale-out column). Needs a shared
 * database (DATABASE_URL): the API then runs with PROJECTIONS=external and waits for its writes via LISTEN/NOTIFY.
 * The worker writes a heartbeat row (projection_workers) every few seconds: the API's health reads it.
 */
import { startTracing } from './tracing/tracing';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnreachableError } from './db/connection-errors';
import { openRuntime } from './runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error('npm run projections needs DATABASE_URL: with embedded PGlite the projections run inside npm start.');
    process.exit(2);
  }
  startTracing({ serviceName: config.OTEL_SERVICE_NAME ?? 'jishi-projections', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const runtime = await openRuntime(config, { runProjections: true, runScheduler: false }); // deadlines and process resumes run where the slices are
  const feed = config.KAFKA_BROKERS ? 'kafka' : 'catch-up';
  // the worker runs (and beats its heartbeat) while parts are missing: each projection goes live when it can
  console.log(`[projections] starting ${runtime.projections.names().join(', ')} (feed: ${feed})`);
  void runtime.projections.ready().then(() => console.log('[projections] every projection is live'));
  const stop = async () => {
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DatabaseUnreachableError ? error.message : error);
  process.exit(1);
});
