/**
 * Issue 31 §1: the upcaster chain (services/event-store/upcasting) and the read paths it sits on. The example is a
 * made-up event `ExampleRated` whose history a test registry tells: v1 {stars}, v2 renamed it {score}, v3 added a
 * required {scale}. The production registry has no steps yet: no event has changed shape since the log began.
 */
import { randomUUID } from 'node:crypto';
import { createUpcaster, UnknownEventVersionError, type EventVersioning } from '../../../services/event-store/upcasting/upcaster';
import { upcaster as production } from '../../../services/event-store/upcasting/event-versions';
import { createPostgresEventStore } from '../../../services/event-store/postgres/postgres-event-store';
import type { NewEvent, RecordedEvent } from '../../../services/event-store/event-store.port';
import { decodeEvent, encodeEvent } from '../../../services/feed/kafka-codec';
import { sharedPGlite } from '../../support/backends';

const exampleHistory: EventVersioning = {
  versions: { ExampleRated: 3 },
  steps: {
    ExampleRated: {
      1: (data) => { const { stars, ...rest } = data as { stars: number }; return { ...rest, score: stars }; },
      2: (data) => ({ ...(data as object), scale: 5 }),
    },
  },
};
const versions = createUpcaster(exampleHistory);

const stored = (schemaVersion: number, data: unknown, type = 'ExampleRated'): RecordedEvent => ({
  streamId: 'example-1', revision: 0, position: { commit: 1n, prepare: 1n }, recordedAt: '2026-01-01T00:00:00.000Z',
  type, data, chainHash: 'ab'.repeat(32),
  metadata: { eventId: randomUUID(), actor: { kind: 'system' }, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion },
});

describe('upcaster', () => {
  it('chains every step from the stored version to today\'s, stamping today\'s version and keeping the chain link', () => {
    const v1 = stored(1, { stars: 4, by: 7 });
    const upcast = versions.upcast(v1);
    expect(upcast.data).toEqual({ by: 7, score: 4, scale: 5 });
    expect(upcast.metadata.schemaVersion).toBe(3);
    expect(upcast.chainHash).toBe(v1.chainHash);
    expect(v1.data).toEqual({ stars: 4, by: 7 }); // the stored form is not touched
    expect(versions.upcast(stored(2, { score: 2 })).data).toEqual({ score: 2, scale: 5 });
  });

  it('hands back the very same object when the event is already at today\'s version', () => {
    const current = stored(3, { score: 1, scale: 5 });
    expect(versions.upcast(current)).toBe(current);
    const order = stored(1, { orderId: 1 }, 'OrderPlaced');
    expect(production.upcast(order)).toBe(order);
  });

  it('refuses an event written by a newer build, naming its type and versions', () => {
    expect(() => versions.upcast(stored(4, {}))).toThrow(UnknownEventVersionError);
    expect(() => production.upcast(stored(2, {}, 'OrderPaid'))).toThrow('OrderPaid stored at version 2, newer than this build knows (1)');
  });

  it('refuses, when the registry loads, a version without the steps that reach it', () => {
    expect(() => createUpcaster({ versions: { ExampleRated: 3 }, steps: { ExampleRated: { 1: (d) => d } } }))
      .toThrow('event ExampleRated is at version 3 but has no upcaster from version 2');
    expect(() => createUpcaster({ versions: {}, steps: { ExampleRated: { 1: (d) => d } } }))
      .toThrow('event ExampleRated: upcaster from version 1 but the current version is 1');
  });

  it('gives every event type version 1 today', () => {
    expect(production.currentVersion('OrderPlaced')).toBe(1);
    expect(production.currentVersion('NoSuchEvent')).toBe(1);
  });
});

describe('read paths upcast, the chain check reads what was stored', () => {
  it('postgres readStream and readAll return today\'s version; verifyChain stays clean on the stored rows', async () => {
    const db = await sharedPGlite();
    const store = await createPostgresEventStore(db, { upcaster: versions });
    const old: NewEvent = {
      type: 'ExampleRated', data: { stars: 5 },
      metadata: { eventId: randomUUID(), actor: { kind: 'user', id: '7' }, occurredAt: '2026-01-01T00:00:00.000Z', schemaVersion: 1 },
    };
    await store.appendToStream('example-7', [old], { expectedRevision: 'no_stream' });
    const [read] = await store.readStream('example-7');
    expect(read.data).toEqual({ score: 5, scale: 5 });
    expect(read.metadata.schemaVersion).toBe(3);
    const all = await store.readAll({ limit: 100 });
    expect(all.find((e) => e.streamId === 'example-7')?.data).toEqual({ score: 5, scale: 5 });
    expect(await store.verifyChain({ streams: ['example-7'] })).toEqual([]);
    const { rows } = await db.query<{ data: unknown; metadata: { schemaVersion: number } }>(`select data, metadata from events where stream_id = 'example-7'`);
    expect(rows[0].data).toEqual({ stars: 5 });
    expect(rows[0].metadata.schemaVersion).toBe(1);
  });

  it('the Kafka codec decodes through the registry', () => {
    const { chainHash: _link, ...event } = stored(1, { orderId: 3 }, 'OrderPaid'); // the wire carries no chain link
    expect(decodeEvent(encodeEvent(event))).toEqual(event);
    expect(() => decodeEvent(encodeEvent(stored(9, {}, 'OrderPaid')))).toThrow(UnknownEventVersionError);
  });
});
