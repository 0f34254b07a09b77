/**
 * The projections of one process share one Kafka consumer (services/feed/kafka-shared-consumer.ts): one consumer
 * group for the process, each fetch decoded once and handed to every projection, each at its own stored offsets. A
 * projection whose batches fail sits out without holding the others back; one that attaches behind the consumer (its
 * start took longer) has the partitions sought back to its place. Against a real broker (KAFKA_BROKERS); read models
 * on PostgreSQL with DATABASE_URL, else PGlite.
 */
import pg from 'pg';
import { Kafka, logLevel } from 'kafkajs';
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { projectionsGroupId } from '../../services/feed/kafka.feed';
import { silentLog } from '../../services/feed/log';
import type { Projection } from '../../projections/runner/projection';
import { startProjections, type ProjectionsHandle } from '../../projections/runner/start-projections';
import { announceSkip, freshPostgres, sharedPGlite, type FreshPostgres } from '../support/backends';
import { describeIfKafka } from '../support/kafka';
import { appendCounters, counterProjection, eventually, expectedCounts, readCounts, uniqueName } from './projection.fixtures';

describeIfKafka('projections of one process on the Kafka feed', (brokers) => {
  let fresh: FreshPostgres | null = null;
  let db: Database;
  let store: EventStore;
  const handles: ProjectionsHandle[] = [];
  const startOn = async (projections: Projection[]) => {
    const handle = await startProjections({
      db, store, projections, log: silentLog,
      feed: { kafka: { brokers, clientId: 'jishi-test', categories: projections.map((p) => p.name) } },
    });
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    fresh = await freshPostgres('kafka_shared');
    db = fresh?.db ?? await sharedPGlite();
    store = await createPostgresEventStore(db);
  });
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.stop();
  });
  afterAll(async () => fresh?.drop());

  it('share one consumer group, one member, and each applies its own events once', async () => {
    const names = [uniqueName('ks'), uniqueName('ks'), uniqueName('ks')];
    const streams = names.map((name) => [1, 2].map((i) => `${name}-${i}`));
    const handle = await startOn(names.map((name) => counterProjection({ name, batched: true })));
    await handle.ready();
    const last = await Promise.all(streams.map((s) => appendCounters(store, s, 5)));
    expect(await handle.waitFor(last.flat(), { timeoutMs: 15_000 })).toBe(true);
    for (const [i, name] of names.entries()) expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams[i]));

    const admin = new Kafka({ clientId: 'jishi-test-groups', brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const groups = (await admin.listGroups()).groups.map((g) => g.groupId);
      expect(groups).toContain(projectionsGroupId(names));
      for (const name of names) expect(groups).not.toContain(`jishi.projection.${name}`);
      const [described] = (await admin.describeGroups([projectionsGroupId(names)])).groups;
      expect(described.members).toHaveLength(1);
    } finally {
      await admin.disconnect();
    }
  });

  it('go on while one of them fails, and the failing one applies what it missed exactly once once it recovers', async () => {
    const [failing, healthy] = [uniqueName('kx'), uniqueName('kh')];
    let broken = false;
    let failures = 0;
    const handle = await startOn([
      counterProjection({ name: failing, batched: true, failOn: () => { if (broken) failures += 1; return broken; } }),
      counterProjection({ name: healthy, batched: true }),
    ]);
    await handle.ready();
    broken = true;
    const failingStreams = [`${failing}-1`, `${failing}-2`];
    const healthyStreams = [`${healthy}-1`, `${healthy}-2`];
    const failingEvents = await appendCounters(store, failingStreams, 4);
    // the healthy projection applies events appended after the other started failing, on the same consumer
    await new Promise((resolve) => setTimeout(resolve, 500));
    const healthyEvents = await appendCounters(store, healthyStreams, 4);
    expect(await handle.waitFor(healthyEvents, { projections: [healthy], timeoutMs: 10_000 })).toBe(true);
    expect(await readCounts(db, healthy)).toEqual(await expectedCounts(store, healthyStreams));
    expect(failures).toBeGreaterThan(0);
    expect(await readCounts(db, failing)).toEqual({});
    // when it recovers
    broken = false;
    expect(await handle.waitFor(failingEvents, { timeoutMs: 20_000 })).toBe(true);
    expect(await readCounts(db, failing)).toEqual(await expectedCounts(store, failingStreams));
    expect(await readCounts(db, healthy)).toEqual(await expectedCounts(store, healthyStreams));
  });

  // the slow one's start waits on a lock this test holds, outside any transaction: an open transaction would hold the
  // store's commit horizon back, and with it the forwarder (PostgreSQL only: PGlite has one connection)
  if (!process.env.DATABASE_URL) announceSkip('contract', 'the attach-behind case (PostgreSQL)', 'DATABASE_URL not set');
  else it('seek back for one that attaches behind the consumer, and it applies every event once', async () => {
    const [quick, slow] = [uniqueName('kq'), uniqueName('kl')];
    const quickStreams = [`${quick}-1`, `${quick}-2`];
    const slowStreams = [`${slow}-1`, `${slow}-2`];
    await appendCounters(store, slowStreams, 2); // the slow one's start catches these up from the store
    const lock = 4_000_000 + Math.floor(Math.random() * 1_000_000);
    const holder = new pg.Client({ connectionString: fresh!.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [lock]);
      const handle = await startOn([
        counterProjection({ name: quick, batched: true }),
        // its start stores the offsets it took before catching up once its bulk indexes are built: after the lock
        { ...counterProjection({ name: slow, batched: true }), bulkIndexes: () => [`select pg_advisory_xact_lock(${lock})`] },
      ]);
      // once the slow one has caught up from the store and waits, and the quick one is on the consumer, both streams
      // move on in Kafka, and the consumer with them
      const waitsOnLock = async () => (await holder.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query = $1`,
        [`select pg_advisory_xact_lock(${lock})`])).rows[0].n === 1;
      expect(await eventually(waitsOnLock, 15_000)).toBe(true);
      expect(await eventually(async () => (await handle.status()).some((p) => p.name === quick && p.state === 'live'), 15_000)).toBe(true);
      const moved = [...await appendCounters(store, slowStreams, 3), ...await appendCounters(store, quickStreams, 3)];
      expect(await handle.waitFor(moved, { projections: [quick], timeoutMs: 10_000 })).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // a few fetches more: past the slow one's messages too
      await holder.query('select pg_advisory_unlock($1)', [lock]);
      await handle.ready();
      // with nothing new on its partitions: what the consumer passed before it attached
      expect(await handle.waitFor(moved, { timeoutMs: 15_000 })).toBe(true);
      const after = await appendCounters(store, slowStreams, 1);
      expect(await handle.waitFor(after, { timeoutMs: 15_000 })).toBe(true);
      expect(await readCounts(db, slow)).toEqual(await expectedCounts(store, slowStreams));
      expect(await readCounts(db, quick)).toEqual(await expectedCounts(store, quickStreams));
    } finally {
      await holder.end();
    }
  });

  it('go on while one of them is held, each at its own pace, and the held one catches up when let go', async () => {
    const [held, going] = [uniqueName('kw'), uniqueName('kg')];
    const handle = await startOn([counterProjection({ name: held, batched: true }), counterProjection({ name: going, batched: true })]);
    await handle.ready();
    const goingStreams = [`${going}-1`, `${going}-2`];
    const heldStreams = [`${held}-1`];
    // the held one handles the going one's events too (the same type): on one consumer they reach both
    const resume = await handle.pause(held);
    const rounds = [];
    let heldEvents;
    try {
      for (let round = 0; round < 3; round += 1) {
        const appended = await appendCounters(store, goingStreams, 3);
        expect(await handle.waitFor(appended, { projections: [going], timeoutMs: 10_000 })).toBe(true);
        rounds.push(...appended);
      }
      heldEvents = await appendCounters(store, heldStreams, 2);
      expect(await readCounts(db, going)).toEqual(await expectedCounts(store, goingStreams));
      expect(await readCounts(db, held)).toEqual({});
    } finally {
      resume();
    }
    expect(await handle.waitFor([...rounds, ...heldEvents], { timeoutMs: 15_000 })).toBe(true);
    expect(await readCounts(db, held)).toEqual(await expectedCounts(store, heldStreams));
  });
});
