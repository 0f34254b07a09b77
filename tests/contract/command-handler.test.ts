/**
 * handleCommand (DESIGN.md §4) against every event store backend present, with a counter decider:
 * read → fold → decide → append at the revision read; bounded retries; idempotency by commandId.
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/shared/errors';
import { CONFLICT_ATTEMPTS, handleCommand } from '../../services/commands/handle-command';
import { WrongExpectedRevisionError, type Actor, type EventStore } from '../../services/event-store/event-store.port';
import { backendsForContract, type OpenedStore } from '../support/backends';
import { counterDecider, type CounterCommand } from './command-handler.counter';

type Counter = ReturnType<typeof counterDecider>;
import { uniqueStream } from './event-store.fixtures';

const backends = await backendsForContract('command-handler');
const now = new Date('2025-03-01T08:00:00.000Z');
const shopper: Actor = { kind: 'user', id: '42' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Makes two handlers really race: the first two stream reads are held until both have happened, so both decide
 * on the same revision. Counts the conflicts the store then reports.
 */
function racing(store: EventStore, parties = 2) {
  const seen = { conflicts: 0 };
  const held: Array<() => void> = [];
  const wrapped: EventStore = {
    ...store,
    readStream: async (...args) => {
      const events = await store.readStream(...args);
      if (held.length < parties) {
        await new Promise<void>((resolve) => {
          held.push(resolve);
          if (held.length === parties) held.forEach((release) => release());
        });
      }
      return events;
    },
    appendToStream: (...args) => store.appendToStream(...args).catch((error: unknown) => {
      if (error instanceof WrongExpectedRevisionError) seen.conflicts += 1;
      throw error;
    }),
  };
  return { store: wrapped, seen };
}

for (const backend of backends) {
  describe(`handling commands on ${backend.name}`, () => {
    let opened: OpenedStore;
    let store: EventStore;
    let streamId: string;
    beforeAll(async () => {
      opened = await backend.open();
      store = opened.store;
    }, 180_000);
    afterAll(async () => opened?.close());
    beforeEach(() => { streamId = uniqueStream('counter'); });

    interface Extra { commandId?: string; retryOnConflict?: boolean; store?: EventStore; decider?: Counter }
    const handle = (command: CounterCommand, { decider = counterDecider(), ...extra }: Extra = {}) =>
      handleCommand({ store, streamId, decider, command, now, actor: shopper, ...extra });

    describe('given a new stream', () => {
      it('appends the decided event at revision 0 with full metadata and answers its position and state', async () => {
        const result = await handle({ type: 'Increment', by: 3 }, { commandId: 'cmd-1' });
        expect(result.nextRevision).toBe(0);
        expect(result.repeated).toBe(false);
        expect(result.state).toEqual({ value: 3 });
        expect(result.position).toEqual(result.events[0].position);
        const [stored] = await store.readStream(streamId);
        expect(stored).toEqual(result.events[0]);
        expect(stored).toMatchObject({ type: 'Incremented', data: { by: 3, at: now.toISOString() } });
        expect(stored.metadata).toEqual({
          eventId: expect.stringMatching(UUID), commandId: 'cmd-1', correlationId: 'cmd-1', causationId: 'cmd-1',
          actor: shopper, occurredAt: now.toISOString(), schemaVersion: 1,
        });
      });

      it('answers revision -1 and no position for a command that decides nothing', async () => {
        const result = await handle({ type: 'Inspect' });
        expect(result).toEqual({ events: [], nextRevision: -1, position: null, state: { value: 0 }, repeated: false });
        expect(await store.readStream(streamId)).toEqual([]);
      });

      it('keeps explicit correlation and causation ids, and gives fresh event ids without a commandId', async () => {
        const result = await handleCommand({
          store, streamId, decider: counterDecider(), command: { type: 'IncrementTwice', by: 1 }, now, actor: shopper,
          correlationId: 'corr-9', causationId: 'evt-8',
        });
        expect(result.events.map((e) => e.revision)).toEqual([0, 1]);
        expect(result.events[0].metadata).toEqual({
          eventId: expect.stringMatching(UUID), correlationId: 'corr-9', causationId: 'evt-8', actor: shopper,
          occurredAt: now.toISOString(), schemaVersion: 1,
        });
        expect(result.events[0].metadata.eventId).not.toBe(result.events[1].metadata.eventId);
      });
    });

    describe('given a stream with history', () => {
      beforeEach(async () => {
        await handle({ type: 'Increment', by: 4 });
        await handle({ type: 'Increment', by: 4 });
      });

      it('decides against the folded state and appends after the last revision', async () => {
        const result = await handle({ type: 'Increment', by: 2 });
        expect(result.nextRevision).toBe(2);
        expect(result.state).toEqual({ value: 10 });
      });

      it('lets a rejection through and appends nothing', async () => {
        const error = await handle({ type: 'Increment', by: 3 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe('400');
        expect(await store.readStream(streamId)).toHaveLength(2);
      });

      it('answers the current revision and position for a command that decides nothing', async () => {
        const result = await handle({ type: 'Inspect' });
        const stored = await store.readStream(streamId);
        expect(result).toMatchObject({ events: [], nextRevision: 1, position: stored[1].position, state: { value: 8 } });
      });
    });

    describe('given a command repeated with the same commandId', () => {
      it('answers like the first time without deciding again or appending', async () => {
        const decider = counterDecider();
        const first = await handle({ type: 'IncrementTwice', by: 2 }, { commandId: 'pay-77', decider });
        await handle({ type: 'Increment', by: 1 }, { decider });
        const again = await handle({ type: 'IncrementTwice', by: 2 }, { commandId: 'pay-77', decider });
        expect(decider.calls.decide).toBe(2);
        expect(again).toEqual({ ...first, repeated: true });
        expect(await store.readStream(streamId)).toHaveLength(3);
      });

      it('records the command once when both copies race, and both answer with its events', async () => {
        const commandId = randomUUID();
        const race = racing(store);
        const [a, b] = await Promise.all([
          handle({ type: 'Increment', by: 5 }, { commandId, store: race.store }),
          handle({ type: 'Increment', by: 5 }, { commandId, store: race.store }),
        ]);
        expect(a.events).toEqual(b.events);
        expect(await store.readStream(streamId)).toHaveLength(1);
      });
    });

    describe('given two handlers racing on one stream', () => {
      it('retries the loser when the command may retry, so both effects land', async () => {
        const race = racing(store);
        const results = await Promise.all([
          handle({ type: 'Increment', by: 1 }, { retryOnConflict: true, store: race.store }),
          handle({ type: 'Increment', by: 2 }, { retryOnConflict: true, store: race.store }),
        ]);
        expect(race.seen.conflicts).toBe(1);
        expect(results.map((r) => r.nextRevision).sort()).toEqual([0, 1]);
        expect((await store.readStream(streamId)).map((e) => (e.data as { by: number }).by).sort()).toEqual([1, 2]);
      });

      it('answers concurrency (409) to the loser when the command must not retry', async () => {
        const race = racing(store);
        const outcomes = await Promise.allSettled([
          handle({ type: 'Increment', by: 1 }, { store: race.store }), handle({ type: 'Increment', by: 2 }, { store: race.store }),
        ]);
        expect(race.seen.conflicts).toBe(1);
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(rejected).toHaveLength(1);
        expect(rejected[0].reason).toBeInstanceOf(DomainError);
        expect(rejected[0].reason).toMatchObject({ code: '409', errorName: 'concurrency' });
        expect(await store.readStream(streamId)).toHaveLength(1);
      });

      it(`gives up after ${CONFLICT_ATTEMPTS} attempts when every append conflicts`, async () => {
        let appends = 0;
        const alwaysLosing: EventStore = {
          ...store,
          appendToStream: async (stream, _events, options) => {
            appends += 1;
            throw new WrongExpectedRevisionError(stream, options?.expectedRevision ?? 'any', 99);
          },
        };
        await expect(handle({ type: 'Increment', by: 1 }, { retryOnConflict: true, store: alwaysLosing }))
          .rejects.toMatchObject({ errorName: 'concurrency' });
        expect(appends).toBe(CONFLICT_ATTEMPTS);
      });
    });
  });
}
