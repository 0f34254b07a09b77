/**
 * The Kafka scenarios' own broker, started and stopped with the project's scripts (infra/kafka) on this suite's
 * ports, with a temporary KAFKA_HOME whose lib dir points at the jars start-kafka.sh cached before (no Maven at run
 * time). `kill9` kills it by the pid the script wrote, as a crash would.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { cachedKafkaLib, PORTS, ROOT, scratchDir } from './fault-env';

const run = promisify(execFile);

export interface Broker {
  brokers: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  kill9(): Promise<void>;
  pid(): number | null;
}

export function kafkaBroker(): Broker {
  const home = scratchDir('kafka');
  const lib = cachedKafkaLib();
  if (lib) {
    mkdirSync(home, { recursive: true });
    const target = path.join(home, path.basename(lib));
    if (!existsSync(target)) symlinkSync(lib, target);
  }
  const env = {
    ...process.env, KAFKA_HOME: home, KAFKA_PORT: String(PORTS.kafka), KAFKA_CONTROLLER_PORT: String(PORTS.kafkaController),
    KAFKA_HEAP_OPTS: '-Xms128m -Xmx384m',
  };
  const pidFile = path.join(home, `kafka-${PORTS.kafka}.pid`);
  const pid = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : null);
  return {
    brokers: `127.0.0.1:${PORTS.kafka}`,
    pid,
    async start() {
      await run(path.join(ROOT, 'infra/kafka/start-kafka.sh'), [], { env, timeout: 120_000 });
    },
    async stop() {
      await run(path.join(ROOT, 'infra/kafka/stop-kafka.sh'), [], { env, timeout: 60_000 });
    },
    async kill9() {
      const current = pid();
      if (current === null) return;
      try {
        process.kill(current, 'SIGKILL');
      } catch {
        return;
      }
      for (let i = 0; i < 100; i += 1) {
        try {
          process.kill(current, 0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        } catch {
          return;
        }
      }
    },
  };
}
