/**
 * The forwarder's producer, made on demand and thrown away after any failed send. An idempotent kafkajs producer
 * can jam for good ("out of order sequence number" on every retry, after a broker restart or a lost response):
 * only a new producer (a new producer id, sequences from zero) gets past it. Making one also (re)creates the
 * topics, which a broker that lost its storage no longer has. Nothing here waits at start: with the broker down
 * the first send fails and the forwarder retries with backoff.
 */
import { Partitioners, type Kafka, type Producer } from 'kafkajs';
import { ensureTopics } from './kafka-client';
import { errorFields, type Log } from './log';

export class ProducerSlot {
  private producer: Promise<Producer> | null = null;
  /** Producers made so far (1 after the first connect; more after recoveries). */
  generations = 0;

  constructor(
    private readonly kafka: Kafka,
    private readonly topics: readonly string[],
    private readonly log: Log,
    private readonly partitions?: number,
  ) {}

  get(): Promise<Producer> {
    this.producer ??= this.connect().catch((error: unknown) => {
      this.producer = null;
      throw error;
    });
    return this.producer;
  }

  get connected(): boolean {
    return this.producer !== null;
  }

  /** Forgets the producer after a failed send; the next get() makes a new one. */
  discard(): void {
    const old = this.producer;
    this.producer = null;
    if (!old) return;
    void old.then((producer) => producer.disconnect()).catch((error: unknown) =>
      this.log.warn(errorFields(error), 'kafka forwarder: the discarded producer did not disconnect cleanly'));
  }

  async close(): Promise<void> {
    const old = this.producer;
    this.producer = null;
    if (old) await old.then((producer) => producer.disconnect()).catch(() => undefined);
  }

  private async connect(): Promise<Producer> {
    await ensureTopics(this.kafka, this.topics, this.partitions);
    const producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    await producer.connect();
    this.generations += 1;
    if (this.generations > 1) this.log.info({ producers: this.generations }, 'kafka forwarder: new producer connected');
    return producer;
  }
}
