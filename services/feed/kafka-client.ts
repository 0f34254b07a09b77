/** One kafkajs client per process part, logging through our Log, and the topics every part relies on. */
import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import type { Log } from './log';

export interface KafkaConnection {
  brokers: readonly string[];
  /** Default `jishi`. */
  clientId?: string;
  /**
   * kafkajs' own retries of a failed request (default 8, up to ~25 s in all). Parts that retry by themselves with
   * backoff (the forwarder) ask for fewer, so a broker that is down shows in their status at once.
   */
  retries?: number;
}

export function createKafka(connection: KafkaConnection, log: Log): Kafka {
  return new Kafka({
    clientId: connection.clientId ?? 'jishi',
    brokers: [...connection.brokers],
    logLevel: logLevel.WARN,
    logCreator: () => ({ level, log: entry }: LogEntry) => {
      const { message, ...fields } = entry;
      const line = `kafka: ${message}`;
      if (level <= logLevel.ERROR) log.error(fields, line);
      else if (level === logLevel.WARN) log.warn(fields, line);
      else log.info(fields, line);
    },
    // a broker that is down is asked again at most every 5 s: it is back in use soon after it returns
    retry: { initialRetryTime: 200, retries: connection.retries ?? 8, maxRetryTime: 5000 },
  });
}

/** Creates the topics that do not exist yet (few partitions: ordering is per stream, load is modest). */
export async function ensureTopics(kafka: Kafka, topics: readonly string[], partitions = 3): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const missing = async () => {
      const existing = new Set(await admin.listTopics());
      return topics.filter((topic) => !existing.has(topic));
    };
    const wanted = await missing();
    if (wanted.length === 0) return;
    try {
      await admin.createTopics({
        waitForLeaders: true,
        topics: wanted.map((topic) => ({ topic, numPartitions: partitions })), // replication: the broker default
      });
    } catch (error) {
      // another process created some of them meanwhile: fine as long as none is missing now
      if ((await missing()).length > 0) throw error;
    }
  } finally {
    await admin.disconnect();
  }
}
