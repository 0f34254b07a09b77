/**
 * The forwarder after PostgreSQL comes back (issue 28 #1, its half for Kafka deployments): an idle forwarder whose
 * reads failed while the database was away reports no error once it is back and has found nothing left to publish,
 * without waiting for the next event — its lastError made health name 'forwarder' until the next write. No broker is
 * needed: with nothing to publish the forwarder never talks to it. A throwaway cluster of the test's own, stopped and
 * started under the forwarder.
 */
import { openDatabase, type Database } from '../../services/db/database';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { createKafka } from '../../services/feed/kafka-client';
import { topicMap } from '../../services/feed/kafka-codec';
import { startKafkaForwarder, type KafkaForwarder } from '../../services/feed/kafka.forwarder';
import { silentLog } from '../../services/feed/log';
import { describeIfThrowawayPostgres, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';
import { eventually } from './projection.fixtures';

describeIfThrowawayPostgres('an idle Kafka forwarder when PostgreSQL goes away and comes back', () => {
  let cluster: ThrowawayPostgres;
  let db: Database;
  let forwarder: KafkaForwarder;

  beforeAll(async () => {
    cluster = startThrowawayPostgres();
    db = await openDatabase({ kind: 'postgres', url: cluster.url, max: 4 });
    const store = await createPostgresEventStore(db);
    const kafka = createKafka({ brokers: ['127.0.0.1:9'], retries: 0 }, silentLog); // never asked: nothing to publish
    forwarder = await startKafkaForwarder({ db, store, kafka, topics: topicMap(), log: silentLog, pollMs: 200, leaseMs: 3000 });
  }, 60_000);
  afterAll(async () => {
    await forwarder?.stop();
    await db?.close();
    cluster?.stop();
  }, 60_000);

  it('clears its error within seconds of the database answering, with nothing forwarded in between', async () => {
    expect(await eventually(async () => forwarder.status().active, 10_000)).toBe(true);
    cluster.down();
    expect(await eventually(async () => forwarder.status().lastError !== null, 10_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    cluster.up();

    const clean = async () => { const s = forwarder.status(); return s.active && s.lastError === null && s.stuckSince === null; };
    expect(await eventually(clean, 15_000)).toBe(true);
    expect(forwarder.status().forwarded).toBe(0);
  }, 60_000);
}, 'contract');
