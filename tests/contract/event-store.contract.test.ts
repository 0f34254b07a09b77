/**
 * The one event store contract (DESIGN.md §5), run against every backend present: PGlite always, PostgreSQL with
 * DATABASE_URL, EventStoreDB with EVENTSTORE_URL (or a container runtime for both).
 */
import {
  WrongExpectedRevisionError, comparePositions,
  type AppendResult, type EventStore, type LogPosition, type NewEvent, type RecordedEvent,
} from '../../services/event-store/event-store.port';
import { backendsForContract, type OpenedStore } from '../support/backends';
import { anEvent, events, uniqueStream, untilVisible } from './event-store.fixtures';

const backends = await backendsForContract();

const conflict = async (promise: Promise<unknown>): Promise<WrongExpectedRevisionError> => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
};
const ours = (all: RecordedEvent[], streams: string[]) => all.filter((e) => streams.includes(e.streamId));
const increasing = (positions: LogPosition[]) => positions.every((p, i) => i === 0 || comparePositions(positions[i - 1], p) < 0);

for (const backend of backends) {
  describe(`event store contract on ${backend.name}`, () => {
    let opened: OpenedStore;
    let store: EventStore;
    beforeAll(async () => {
      opened = await backend.open();
      store = opened.store;
    }, 180_000);
    afterAll(async () => opened?.close());

    describe('one append across several streams (appendToStreams)', () => {
      it('appends each stream, answered in the order given, and a repeat of the same call appends nothing more', async () => {
        const [order, payment] = [uniqueStream('order'), uniqueStream('payment')];
        const appends = [
          { streamId: order, events: events(2), expectedRevision: 'no_stream' as const },
          { streamId: payment, events: events(1), expectedRevision: 'no_stream' as const },
        ];
        const results = await store.appendToStreams(appends);
        expect(results.map((r) => r.nextRevision)).toEqual([1, 0]);
        expect(increasing([...results[0].events, ...results[1].events].map((e) => e.position))).toBe(true);
        expect((await store.readStream(order)).map((e) => e.metadata.eventId)).toEqual(appends[0].events.map((e) => e.metadata.eventId));
        expect(await store.readStream(payment)).toEqual(results[1].events);
        const again = await store.appendToStreams(appends);
        expect(again.map((r) => r.events.map((e) => e.revision))).toEqual([[0, 1], [0]]);
        expect(await store.readStream(order)).toHaveLength(2);
      });

      it('refuses a stream named twice', async () => {
        const stream = uniqueStream();
        await expect(store.appendToStreams([{ streamId: stream, events: events(1) }, { streamId: stream, events: events(1) }]))
          .rejects.toThrow(/named twice/);
        expect(await store.readStream(stream)).toEqual([]);
      });

      const atomic = backend.name !== 'eventstoredb';
      (atomic ? it : it.skip)('appends nothing anywhere when one stream\'s expectation fails (PostgreSQL, PGlite)', async () => {
        const [order, payment] = [uniqueStream('order'), uniqueStream('payment')];
        await store.appendToStream(payment, events(1));
        await conflict(store.appendToStreams([
          { streamId: order, events: events(1), expectedRevision: 'no_stream' },
          { streamId: payment, events: events(1), expectedRevision: 'no_stream' },
        ]));
        expect(await store.readStream(order)).toEqual([]);
        expect(await store.readStream(payment)).toHaveLength(1);
      });

      (atomic ? it : it.skip)('appends nothing when the 2nd of 3 streams conflicts, naming that stream (PostgreSQL, PGlite)', async () => {
        const [order, payment, completion] = [uniqueStream('order'), uniqueStream('payment'), uniqueStream('completion')];
        await store.appendToStream(payment, events(1));
        const appends = (paymentExpects: 'no_stream' | number) => [
          { streamId: order, events: events(2), expectedRevision: 'no_stream' as const },
          { streamId: payment, events: events(1), expectedRevision: paymentExpects },
          { streamId: completion, events: events(1), expectedRevision: 'no_stream' as const },
        ];
        const error = await conflict(store.appendToStreams(appends('no_stream')));
        expect(error).toMatchObject({ streamId: payment, expected: 'no_stream', actual: 0 });
        expect(await store.readStream(order)).toEqual([]);
        expect(await store.readStream(payment)).toHaveLength(1);
        expect(await store.readStream(completion)).toEqual([]);
        // nothing was taken either: the same streams append at the revisions the refused call would have had
        const results = await store.appendToStreams(appends(0));
        expect(results.map((r) => r.events.map((e) => e.revision))).toEqual([[0, 1], [1], [0]]);
        expect(await store.verifyChain({ streams: [order, payment, completion] })).toEqual([]);
      });

      (atomic ? it : it.skip)('serialises concurrent appends on overlapping streams: each whole or not at all, the chains gapless (PostgreSQL, PGlite)', async () => {
        const streams = [0, 1, 2, 3].map(() => uniqueStream('overlap'));
        // six calls, each on three of the four streams, half of them naming the streams in the opposite order
        const calls = Array.from({ length: 6 }, (_, k) => {
          const three = [0, 1, 2].map((j) => streams[(k + j) % 4]);
          return (k % 2 === 0 ? three : three.reverse()).map((streamId) => ({ streamId, events: events(2) }));
        });
        const answers = await Promise.all(calls.map((call) => store.appendToStreams(call)));
        for (const [k, results] of answers.entries()) {
          expect(results.map((r) => r.events[0].streamId)).toEqual(calls[k].map((a) => a.streamId));
          const all = results.flatMap((r) => r.events);
          expect(new Set(all.map((e) => e.position.commit)).size).toBe(1); // one transaction
          expect(increasing(all.map((e) => e.position))).toBe(true); // positions in the order given
          for (const r of results) expect(r.events.map((e) => e.revision)).toEqual([r.nextRevision - 1, r.nextRevision]);
        }
        for (const stream of streams) {
          const read = await store.readStream(stream);
          const touching = calls.filter((call) => call.some((a) => a.streamId === stream)).length;
          expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 2 * touching }, (_, n) => n));
          expect(increasing(read.map((e) => e.position))).toBe(true);
        }
        expect(await store.verifyChain({ streams })).toEqual([]);
      });
    });

    describe('given a new stream', () => {
      it('appends events at revisions 0..n-1 with increasing bigint positions, and reads them back as recorded', async () => {
        const stream = uniqueStream('order');
        const batch = events(3);
        const result = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
        expect(result.nextRevision).toBe(2);
        expect(result.events.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(result.events.map((e) => e.metadata.eventId)).toEqual(batch.map((e) => e.metadata.eventId));
        expect(typeof result.position.commit).toBe('bigint');
        expect(result.position).toEqual(result.events[2].position);
        expect(increasing(result.events.map((e) => e.position))).toBe(true);
        const read = await store.readStream(stream);
        expect(read).toEqual(result.events);
        expect(read[1]).toMatchObject({ streamId: stream, type: 'Counted', data: { n: 1 }, metadata: batch[1].metadata });
        expect(new Date(read[0].recordedAt).toISOString()).toBe(read[0].recordedAt);
      });

      it('reads an unknown stream as empty', async () => {
        expect(await store.readStream(uniqueStream('nothing'))).toEqual([]);
      });

      it('reads from a revision on', async () => {
        const stream = uniqueStream();
        await store.appendToStream(stream, events(4));
        expect((await store.readStream(stream, { fromRevision: 2 })).map((e) => e.revision)).toEqual([2, 3]);
      });

      it('rejects an empty batch and event ids that are not UUIDs', async () => {
        await expect(store.appendToStream(uniqueStream(), [])).rejects.toThrow(/no events/);
        const bad = anEvent();
        bad.metadata.eventId = 'not-a-uuid';
        await expect(store.appendToStream(uniqueStream(), [bad])).rejects.toThrow(/not a UUID/);
      });
    });

    describe('given expected revisions', () => {
      let stream: string;
      beforeEach(async () => {
        stream = uniqueStream();
        await store.appendToStream(stream, events(2), { expectedRevision: 'no_stream' });
      });

      it('appends when the number is the last revision', async () => {
        expect((await store.appendToStream(stream, events(1), { expectedRevision: 1 })).nextRevision).toBe(2);
      });
      it('rejects a stale number, naming the actual revision', async () => {
        const error = await conflict(store.appendToStream(stream, events(1), { expectedRevision: 0 }));
        expect(error.actual).toBe(1);
        expect(await store.readStream(stream)).toHaveLength(2);
      });
      it('rejects no_stream on an existing stream', async () => {
        expect((await conflict(store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' }))).actual).toBe(1);
      });
      it('accepts stream_exists on an existing stream', async () => {
        expect((await store.appendToStream(stream, events(1), { expectedRevision: 'stream_exists' })).nextRevision).toBe(2);
      });
      it('rejects stream_exists and a number on a missing stream, naming no_stream', async () => {
        const missing = uniqueStream();
        expect((await conflict(store.appendToStream(missing, events(1), { expectedRevision: 'stream_exists' }))).actual).toBe('no_stream');
        expect((await conflict(store.appendToStream(missing, events(1), { expectedRevision: 0 }))).actual).toBe('no_stream');
        expect(await store.readStream(missing)).toEqual([]);
      });
      it('always appends with any', async () => {
        expect((await store.appendToStream(stream, events(2), { expectedRevision: 'any' })).nextRevision).toBe(3);
        expect((await store.appendToStream(uniqueStream(), events(1))).nextRevision).toBe(0);
      });
    });

    describe('given concurrent appends to one stream', () => {
      it('lets exactly one of several appends expecting the same revision win', async () => {
        const stream = uniqueStream();
        await store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, () => store.appendToStream(stream, events(2), { expectedRevision: 0 })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(rejected.every((o) => o.reason instanceof WrongExpectedRevisionError)).toBe(true);
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      it('lets exactly one of several no_stream appends create the stream', async () => {
        const stream = uniqueStream();
        const outcomes = await Promise.allSettled(
          Array.from({ length: 4 }, () => store.appendToStream(stream, events(1), { expectedRevision: 'no_stream' })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('serialises concurrent any appends into one gapless stream', async () => {
        const stream = uniqueStream();
        const results = await Promise.all(Array.from({ length: 5 }, () => store.appendToStream(stream, events(2))));
        const revisions = results.flatMap((r) => r.events.map((e) => e.revision)).sort((a, b) => a - b);
        expect(revisions).toEqual([...Array(10).keys()]);
      });
    });

    describe('given an append repeated with the same event ids', () => {
      let stream: string;
      let first: AppendResult;
      let batch: NewEvent[];
      beforeEach(async () => {
        stream = uniqueStream();
        batch = events(2);
        first = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
      });

      it.each([['no_stream'], [0], ['any'], ['stream_exists'], [1]] as const)(
        'answers like the first append and stores nothing new (expected %p)',
        async (expectedRevision) => {
          const again = await store.appendToStream(stream, batch, { expectedRevision });
          expect(again.nextRevision).toBe(first.nextRevision);
          expect(again.position).toEqual(first.position);
          expect(again.events).toEqual(first.events);
          expect(await store.readStream(stream)).toHaveLength(2);
        },
      );

      it('answers like the first also after later events', async () => {
        await store.appendToStream(stream, events(1), { expectedRevision: 1 });
        const again = await store.appendToStream(stream, batch, { expectedRevision: 'no_stream' });
        expect(again.events).toEqual(first.events);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('rejects a batch that repeats only some of the ids', async () => {
        await conflict(store.appendToStream(stream, [batch[0], anEvent()], { expectedRevision: 'no_stream' }));
        expect(await store.readStream(stream)).toHaveLength(2);
      });
    });

    describe('given events in many streams', () => {
      let streams: string[];
      let appended: RecordedEvent[];
      let before: LogPosition | null;
      beforeAll(async () => {
        before = await store.headPosition();
        streams = Array.from({ length: 12 }, () => uniqueStream('shop'));
        appended = [];
        for (let round = 0; round < 3; round += 1) {
          for (const stream of streams) appended.push(...(await store.appendToStream(stream, events(1, `Round${round}`))).events);
        }
        await untilVisible(store, appended[appended.length - 1].position);
      });

      it('keeps every stream whole and in order', async () => {
        for (const stream of streams) {
          expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Round0', 'Round1', 'Round2']);
        }
      });

      it('reads the global log after a position in append order', async () => {
        const all = ours(await store.readAll({ after: before, limit: 1000 }), streams);
        expect(all.map((e) => e.metadata.eventId)).toEqual(appended.map((e) => e.metadata.eventId));
        expect(increasing(all.map((e) => e.position))).toBe(true);
        expect(all).toEqual(appended);
      });

      it('pages the global log strictly after each batch\'s last position without gaps or repeats', async () => {
        const paged: RecordedEvent[] = [];
        let after = before;
        for (;;) {
          const batch = await store.readAll({ after, limit: 5 });
          if (batch.length === 0) break;
          expect(batch.length).toBeLessThanOrEqual(5);
          paged.push(...batch);
          after = batch[batch.length - 1].position;
        }
        expect(ours(paged, streams).map((e) => e.metadata.eventId)).toEqual(appended.map((e) => e.metadata.eventId));
      });

      it('starts right after the given position', async () => {
        const [next] = await store.readAll({ after: appended[9].position, limit: 1 });
        expect(next.metadata.eventId).toBe(appended[10].metadata.eventId);
      });

      it('reports the head as the last appended position', async () => {
        const head = await store.headPosition();
        expect(head).toEqual(appended[appended.length - 1].position);
        expect(await store.readAll({ after: head, limit: 10 })).toEqual([]);
      });
    });
  });
}
