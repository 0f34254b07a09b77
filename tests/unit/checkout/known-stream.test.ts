/**
 * A step that already holds its stream (`known`, services/commands/decide-and-append.ts) decides on it without a
 * read; the expected revision guards the guess, so a stale picture costs one read and never changes the answer —
 * not even for a command that may not retry on conflict.
 */
import { handleCommand } from '../../../services/commands/handle-command';
import type { Decider } from '../../../domain/shared/decider';
import type { RecordedEvent } from '../../../services/event-store/event-store.port';
import { MemoryStore } from './memory-store';

const NOW = new Date('2025-03-01T02:00:00.000Z');

/** A counter that only counts up to 2: at 2, Add decides nothing. */
type Added = { type: 'Added'; data: { by: number } };
const counter: Decider<{ type: 'Add' }, Added, number> = {
  initialState: 0,
  evolve: (n) => n + 1,
  decide: (_command, n) => (n >= 2 ? [] : [{ type: 'Added', data: { by: n + 1 } }]),
};

class CountingStore extends MemoryStore {
  reads = 0;
  override async readStream(streamId: string) {
    this.reads += 1;
    return super.readStream(streamId);
  }
}

const add = (store: CountingStore, known: readonly RecordedEvent[] | undefined, commandId: string) => handleCommand({
  store, streamId: 'counter-1', decider: counter, command: { type: 'Add' }, now: NOW, actor: { kind: 'system' }, commandId, known,
});

describe('deciding on a stream the caller already holds', () => {
  it('appends to a stream known to be new without reading it', async () => {
    const store = new CountingStore();
    const r = await add(store, [], 'a');
    expect(store.reads).toBe(0);
    expect(r.state).toBe(1);
    expect(store.types('counter-1')).toEqual(['Added']);
  });

  it('reads and decides again when the stream moved on, even without conflict retries', async () => {
    const store = new CountingStore();
    await store.seed('counter-1', 'Added', { by: 1 });
    const r = await add(store, [], 'a');
    expect(store.reads).toBe(1);
    expect(r.state).toBe(2);
    expect(r.events.map((e) => e.data)).toEqual([{ by: 2 }]);
    expect(store.conflicts).toBe(1);
  });

  it('answers a command the held stream already records, without a read or an append', async () => {
    const store = new CountingStore();
    const first = await add(store, [], 'a');
    const again = await add(store, first.events, 'a');
    expect(again.repeated).toBe(true);
    expect(again.events.map((e) => e.metadata.eventId)).toEqual(first.events.map((e) => e.metadata.eventId));
    expect(store.reads).toBe(0);
    expect(store.types('counter-1')).toEqual(['Added']);
  });

  it('checks a decision of nothing against the stream itself', async () => {
    const store = new CountingStore();
    await store.seed('counter-1', 'Added', { by: 1 });
    const held = await store.readStream('counter-1');
    store.reads = 0;
    // a picture claiming the counter is already at 2: the decider would decide nothing on it
    const claimed = [...held, { ...held[0], revision: 1 }];
    const r = await add(store, claimed, 'b');
    expect(store.reads).toBe(1);
    expect(r.events.map((e) => e.data)).toEqual([{ by: 2 }]);
    expect(store.types('counter-1')).toEqual(['Added', 'Added']);
  });
});
