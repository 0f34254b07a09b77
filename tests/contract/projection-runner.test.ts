/**
 * The projection runner on the catch-up feed: batch + checkpoint in one transaction, the revision guard, restart
 * from the checkpoint, failure mid-batch, version change. PGlite always; PostgreSQL with DATABASE_URL.
 */
import type { Database } from '../../services/db/database';
import type { EventStore } from '../../services/event-store/event-store.port';
import { createPostgresEventStore } from '../../services/event-store/postgres/postgres-event-store';
import { silentLog } from '../../services/feed/log';
import { readCheckpoint } from '../../projections/runner/generations';
import { startProjections, type ProjectionsHandle } from '../../projections/runner/start-projections';
import { onEachDatabase } from '../support/backends';
import {
  appendCounters, counterEvent, counterProjection, eventually, expectedCounts, readCounts, uniqueName,
} from './projection.fixtures';

interface Backend { db: Database; store: EventStore }

function runnerSuite(backend: string, open: () => Promise<Backend>) {
  describe(`projection runner on the catch-up feed (${backend})`, () => {
    let db: Database;
    let store: EventStore;
    const started: ProjectionsHandle[] = [];
    const start = async (...args: Parameters<typeof startProjections>) => {
      const handle = await startProjections(args[0]);
      started.push(handle);
      return handle;
    };

    beforeAll(async () => ({ db, store } = await open()));
    afterEach(async () => {
      for (const handle of started.splice(0)) await handle.stop();
    });

    describe('given events already in the store', () => {
      it('applies each handled event once, in batches, and waitFor confirms the last append', async () => {
        const name = uniqueName('rc');
        const streams = [1, 2, 3].map((i) => `${name}-${i}`);
        await appendCounters(store, streams, 30);
        const handle = await start({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog, batchSize: 7 });

        const last = await store.appendToStream(streams[0], [counterEvent()]);
        expect(await handle.waitFor(last)).toBe(true);

        expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
        const [status] = await handle.status();
        expect(status).toMatchObject({ name, generation: 1, state: 'live', lag: 0, lastError: null });
      });
    });

    describe('given batches with nothing the projection handles', () => {
      it('moves on without a transaction, storing the checkpoint a second later or with its next real batch', async () => {
        const name = uniqueName('rs');
        const handle = await start({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog });
        const first = await store.appendToStream(`${name}-1`, [counterEvent()]);
        expect(await handle.waitFor(first)).toBe(true);
        const stored = await readCheckpoint(db, name, 1);
        const samePlace = (a: { commit: bigint; prepare: bigint } | null, b: { commit: bigint; prepare: bigint }) =>
          a !== null && a.commit === b.commit && a.prepare === b.prepare;

        const quiet = await store.appendToStream(`${name}-other`, [counterEvent('SomethingElse')]);
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(await readCheckpoint(db, name, 1)).toEqual(stored); // read, nothing to apply: nothing written
        // and nothing else comes: the checkpoint still reaches the head (health lag 0, a restart re-reads nothing)
        expect(await eventually(async () => samePlace(await readCheckpoint(db, name, 1), quiet.position), 3000)).toBe(true);

        await new Promise((resolve) => setTimeout(resolve, 1000));
        const other = await store.appendToStream(`${name}-other`, [counterEvent('SomethingElse')]);
        expect(await eventually(async () => samePlace(await readCheckpoint(db, name, 1), other.position))).toBe(true);

        const last = await store.appendToStream(`${name}-1`, [counterEvent()]);
        expect(await handle.waitFor(last)).toBe(true);
        expect(await readCounts(db, name)).toEqual(await expectedCounts(store, [`${name}-1`]));
        expect(await eventually(async () => samePlace(await readCheckpoint(db, name, 1), last.position))).toBe(true);
      });
    });

    describe('when a batch throws in its middle', () => {
      it('rolls the batch back with its checkpoint, reports the failure, and a restart catches up to a from-scratch rebuild', async () => {
        const name = uniqueName('rf');
        const streams = [1, 2].map((i) => `${name}-${i}`);
        await appendCounters(store, streams, 12);
        const poison = (await store.readStream(streams[1]))[4];
        const failing = counterProjection({ name, failOn: (e) => e.metadata.eventId === poison.metadata.eventId });
        // one batch holds the whole log: stream 1's events are applied before the poison, in the same transaction
        const broken = await start({ db, store, projections: [failing], feed: 'catch-up', log: silentLog, batchSize: 1000 });

        expect(await eventually(async () => (await broken.status())[0].state === 'failed')).toBe(true);
        const [failed] = await broken.status();
        expect(failed.lastError).toContain('boom');
        expect(failed.position).toBeNull();
        expect(await readCounts(db, name)).toEqual({});
        await broken.stop();
        started.splice(started.indexOf(broken), 1);

        const fixed = await start({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog, batchSize: 5 });
        const last = await store.appendToStream(streams[1], [counterEvent()]);
        expect(await fixed.waitFor(last)).toBe(true);
        const afterRestart = await readCounts(db, name);
        expect(afterRestart).toEqual(await expectedCounts(store, streams));

        const [rebuilt] = await fixed.rebuild(name);
        expect(rebuilt.generation).toBe(2);
        expect(await readCounts(db, name)).toEqual(afterRestart);
      });
    });

    describe('when the checkpoint is reset and every event is delivered again', () => {
      it('leaves the counts unchanged: the revision guard absorbs the redelivery', async () => {
        const name = uniqueName('rr');
        const streams = [1, 2].map((i) => `${name}-${i}`);
        const last = await appendCounters(store, streams, 9);
        const first = await start({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog });
        expect(await first.waitFor(last)).toBe(true);
        const before = await readCounts(db, name);
        await first.stop();
        started.splice(started.indexOf(first), 1);

        await db.query('update projection_checkpoints set position = null where projection = $1', [name]);
        const again = await start({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog });
        expect(await eventually(async () => (await again.status())[0].lag === 0)).toBe(true);

        expect(await readCounts(db, name)).toEqual(before);
        expect(before).toEqual(await expectedCounts(store, streams));
      });
    });

    describe('when the projection version changes between starts', () => {
      it('builds the next generation side by side and switches to it before going live', async () => {
        const name = uniqueName('rv');
        const streams = [`${name}-1`];
        const last = await appendCounters(store, streams, 6);
        const v1 = await start({ db, store, projections: [counterProjection({ name })], feed: 'catch-up', log: silentLog });
        expect(await v1.waitFor(last)).toBe(true);
        await v1.stop();
        started.splice(started.indexOf(v1), 1);

        const v2 = await start({ db, store, projections: [counterProjection({ name, version: 2 })], feed: 'catch-up', log: silentLog });
        await v2.ready();
        const [status] = await v2.status();
        expect(status).toMatchObject({ version: 2, generation: 2, state: 'live' });
        expect(await readCounts(db, name)).toEqual(await expectedCounts(store, streams));
        const schemas = await db.query(`select 1 from information_schema.schemata where schema_name = $1`, [`rm_${name}_g1`]);
        expect(schemas.rows).toHaveLength(0);
      });
    });
  });
}

onEachDatabase('runner', (backend, open) => runnerSuite(backend, async () => {
  const db = await open();
  return { db, store: await createPostgresEventStore(db) };
}));
