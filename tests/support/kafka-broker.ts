/**
 * A broker of the test's own (never the shared one at KAFKA_BROKERS) for suites that stop, wipe and restart Kafka
 * under a running consumer: infra/kafka/start-kafka.sh on its own ports (JISHI_TEST_KAFKA_PORT, default 19194, and
 * the next one for its controller), with its own run directory (`run-<port>` under KAFKA_HOME). Each start costs a
 * JVM start (~10 s): suites keep them few.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface OwnBroker {
  readonly port: number;
  readonly brokers: string[];
  /** `fresh`: wipe its storage first (a new cluster id, no topics, offsets from zero). */
  start(options?: { fresh?: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export function ownBroker(port = Number(process.env.JISHI_TEST_KAFKA_PORT ?? 19194)): OwnBroker {
  const env = { ...process.env, KAFKA_PORT: String(port), KAFKA_CONTROLLER_PORT: String(port + 1) };
  const script = (name: string) => path.join(root, 'infra/kafka', name);
  return {
    port,
    brokers: [`127.0.0.1:${port}`],
    async start(options = {}) {
      await run(script('start-kafka.sh'), options.fresh ? ['--fresh'] : [], { env, timeout: 120_000 });
    },
    async stop() {
      await run(script('stop-kafka.sh'), [], { env, timeout: 60_000 });
    },
  };
}
