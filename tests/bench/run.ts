/**
 * `npm run bench`: the event-sourced spine's figures, each next to a baseline measured in the same run
 * (DESIGN.md §13). Detects the backends (PGlite always; PostgreSQL from DATABASE_URL; Kafka from KAFKA_BROKERS),
 * runs each scenario, and prints markdown to stdout (progress goes to stderr). A scenario whose backend is
 * missing is skipped with its reason. BENCH_ONLY=appends,global-read,projections,kafka,lag,emmett,browse-api,web-home,buy,rebuilds,lighthouse,cluster
 * picks some (buy,flash / buy,checkout / buy,push run one part of buy);
 * BENCH_REBUILDS=catalog,stock,cart picks projections of `rebuilds`; BENCH_LARGE=1 adds the 1M-event read step; BENCH_SCALE scales the counts. Each section is printed as soon as it
 * completes (a later crash or interrupt loses nothing measured), and dropped database connections do not end the run.
 */
import os from 'node:os';
import { CHROMIUM_PATH, chromiumPresent } from '../support/browser';
import { appendsBench } from './appends.bench';
import { browseApiBench } from './browse-api.bench';
import { buyBench } from './buy.bench';
import { clusterBench } from './cluster.bench';
import { clusterProblem } from './cluster/bench-cluster';
import { surviveConnectionDrops } from './connection-drops';
import { dropLeftovers, hardwareTable, kafkaProblem, postgresProblem, readConfig, type BenchConfig } from './bench-backends';
import { emmettBench } from './emmett.bench';
import { globalReadBench } from './global-read.bench';
import { kafkaBench } from './kafka.bench';
import { lagBench } from './lag.bench';
import { lighthouseBench } from './lighthouse.bench';
import { projectionsBench } from './projections.bench';
import { realProjectionsBench } from './real-projections.bench';
import { progress, renderSection, renderTable, type Section } from './stats';
import { webHomeBench } from './web-home.bench';

interface Scenario {
  name: string;
  title: string;
  /** Why it cannot run here (null = it can). */
  missing(problems: Problems): string | null;
  run(config: BenchConfig): Promise<Section>;
}

interface Problems { postgres: string | null; kafka: string | null }

const scenarios: Scenario[] = [
  { name: 'appends', title: '1. Appends', missing: () => null, run: appendsBench },
  { name: 'global-read', title: '2. Global-log read', missing: (p) => p.postgres, run: globalReadBench },
  { name: 'projections', title: '3. Projection catch-up and rebuild', missing: () => null, run: projectionsBench },
  { name: 'kafka', title: '4. Kafka forward + consume', missing: (p) => p.postgres ?? p.kafka, run: kafkaBench },
  { name: 'lag', title: '5. Append → read model visible', missing: () => null, run: lagBench },
  { name: 'emmett', title: '6. Emmett 0.42 comparison', missing: (p) => p.postgres, run: emmettBench },
  { name: 'browse-api', title: '7. Browse API on 100k products', missing: (p) => p.postgres, run: browseApiBench },
  { name: 'web-home', title: '8. Web home: initial JS and LCP', missing: () => (chromiumPresent() ? null : `${CHROMIUM_PATH} not found`), run: webHomeBench },
  { name: 'buy', title: '9. Buy: checkout, flash sale, callback → push', missing: (p) => p.postgres, run: buyBench },
  { name: 'rebuilds', title: '10. Real projections: rebuild at 100k products', missing: (p) => p.postgres, run: realProjectionsBench },
  { name: 'lighthouse', title: '11. Lighthouse', missing: () => (chromiumPresent() ? null : `${CHROMIUM_PATH} not found`), run: lighthouseBench },
  { name: 'cluster', title: '12. Cluster: checkout through the proxy, callback → push across instances', missing: (p) => p.postgres ?? clusterProblem(), run: clusterBench },
];

async function main(): Promise<void> {
  const config = readConfig();
  const problems: Problems = {
    postgres: config.databaseUrl ? await postgresProblem(config.databaseUrl) : 'DATABASE_URL not set',
    kafka: config.kafkaBrokers ? await kafkaProblem(config.kafkaBrokers) : 'KAFKA_BROKERS not set (bash infra/kafka/start-kafka.sh starts a broker)',
  };
  // scenarios read the backends from config: a configured backend that does not answer counts as absent
  if (problems.postgres) config.databaseUrl = null;
  if (problems.kafka) config.kafkaBrokers = null;

  const started = Date.now();
  print(['# Jishi event-sourced spine: bench', '', `Run at ${new Date().toISOString()}.`, '', renderTable(await hardwareTable(config)), '']);
  for (const scenario of scenarios) {
    if (config.only && !config.only.has(scenario.name)) continue;
    const reason = scenario.missing(problems);
    if (reason) {
      print([`## ${scenario.title}`, '', `Skipped: ${reason}.`, '']);
      progress(`${scenario.name}: skipped (${reason})`);
      continue;
    }
    progress(`${scenario.name}: running`);
    const t0 = Date.now();
    try {
      const section = await scenario.run(config);
      print([renderSection(section), '', `_(${scenario.name}: ${((Date.now() - t0) / 1000).toFixed(0)} s)_`, '']);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      print([`## ${scenario.title}`, '', `FAILED: ${message.split('\n').slice(0, 6).join(' ⏎ ')}`, '']);
      progress(`${scenario.name}: FAILED ${message}`);
      process.exitCode = 1;
    }
  }
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  print([`Total ${((Date.now() - started) / 1000).toFixed(0)} s; load average at end (1/5/15 min): ${load}.`]);
}

/** Markdown to stdout as soon as it is known. */
const print = (lines: readonly string[]): void => {
  process.stdout.write(`${lines.join('\n')}\n`);
};

surviveConnectionDrops();
process.once('SIGINT', () => {
  progress('interrupted: dropping bench databases');
  void dropLeftovers().finally(() => process.exit(130));
});

await main();
