/**
 * Kafka for the feed tests: a real broker at KAFKA_BROKERS (CI starts one with infra/kafka/start-kafka.sh).
 * Without it the suites say why and are not registered (no describe.skip).
 */
import { Kafka, logLevel } from 'kafkajs';
import { announceSkip } from './backends';

export function kafkaBrokers(): string[] | null {
  const brokers = process.env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean);
  return brokers && brokers.length > 0 ? brokers : null;
}

export function describeIfKafka(name: string, fn: (brokers: string[]) => void, suite = 'contract'): void {
  const brokers = kafkaBrokers();
  if (brokers) describe(name, () => fn(brokers));
  else announceSkip(suite, 'Kafka', 'KAFKA_BROKERS not set (infra/kafka/start-kafka.sh starts a broker)');
}

/** Waits until `topic` holds `count` messages (its offsets, not a consumer: answers within milliseconds of the broker). */
export async function topicHolds(brokers: string[], topic: string, count: number, timeoutMs = 10_000): Promise<boolean> {
  const admin = new Kafka({ clientId: 'jishi-test-offsets', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const ends = await admin.fetchTopicOffsets(topic).catch(() => []);
      if (ends.reduce((n, p) => n + Number(p.high) - Number(p.low), 0) >= count) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await admin.disconnect();
  }
}

/** Every message of `topic` from the beginning, as (key, value) pairs: what consumers will see. */
export async function readTopic(brokers: string[], topic: string): Promise<{ key: string; value: string; partition: number }[]> {
  const kafka = new Kafka({ clientId: 'jishi-test-reader', brokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const total = ends.reduce((n, p) => n + Number(p.high) - Number(p.low), 0);
  const messages: { key: string; value: string; partition: number }[] = [];
  if (total === 0) return messages;
  const consumer = kafka.consumer({ groupId: `jishi-test-reader-${Date.now()}-${Math.random()}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`read ${messages.length} of ${total} messages of ${topic}`)), 20_000);
    void consumer.run({
      eachMessage: async ({ message, partition }) => {
        messages.push({ key: message.key?.toString() ?? '', value: message.value?.toString() ?? '', partition });
        if (messages.length >= total) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return messages;
}
