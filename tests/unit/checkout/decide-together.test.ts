/**
 * Steps decided on the streams as held and appended in one multi-stream append (services/checkout/decide-together.ts).
 * The memory store appends several streams in sequence, as EventStoreDB does: a stream that moved on answers null
 * with the steps before it recorded, and the step-by-step path (decideOn) then answers those from their command ids.
 */
import type { Decider } from '../../../domain/shared/decider';
import { DomainError } from '../../../domain/shared/errors';
import { decideOn, type StepContext } from '../../../services/processes/process-step';
import { appendDecided, decideStep } from '../../../services/processes/process-together';
import { MemoryStore } from './memory-store';

const NOW = new Date('2025-03-01T02:00:00.000Z');

type Counted = { type: 'Counted'; data: { n: number } };
/** Counts up to 2; Count with `refuse` is refused. */
const counter: Decider<{ type: 'Count'; refuse?: boolean }, Counted, number> = {
  initialState: 0,
  evolve: (n) => n + 1,
  decide: (command, n) => {
    if (command.refuse) throw new DomainError('orderStateChanged');
    return n >= 2 ? [] : [{ type: 'Counted', data: { n: n + 1 } }];
  },
};

class CountingStore extends MemoryStore {
  multi = 0;
  single = 0;
  override appendToStreams(...args: Parameters<MemoryStore['appendToStreams']>) {
    this.multi += 1;
    return super.appendToStreams(...args);
  }
  override appendToStream(...args: Parameters<MemoryStore['appendToStream']>) {
    this.single += 1;
    return super.appendToStream(...args);
  }
}

const ctxOf = (store: MemoryStore): StepContext => ({ store, clock: () => NOW, actor: { kind: 'system' }, correlationId: 'process-1', kind: 'checkout' });

describe('steps decided together', () => {
  it('are appended with one multi-stream append, each under its own command id, expecting the revision it was decided on', async () => {
    const store = new CountingStore();
    await store.seed('b-1', 'Counted', { n: 1 });
    const ctx = ctxOf(store);
    const held = await store.readStream('b-1');
    const a = decideStep(ctx, 'a-1', counter, { type: 'Count' }, 'process-1:a', []);
    const b = decideStep(ctx, 'b-1', counter, { type: 'Count' }, 'process-1:b', held);
    const appended = await appendDecided(ctx, [a!, b!]);
    expect(store.multi).toBe(1);
    expect(appended?.results.map((r) => r.state)).toEqual([1, 2]);
    expect(appended?.events.map((e) => [e.streamId, e.metadata.commandId, e.metadata.correlationId])).toEqual([
      ['a-1', 'process-1:a', 'process-1'], ['b-1', 'process-1:b', 'process-1'],
    ]);
    // the same steps one by one answer from the streams
    const again = await decideOn(ctx, 'b-1', counter, { type: 'Count' }, 'process-1:b');
    expect(again.repeated).toBe(true);
  });

  it('leave to the one-by-one path a step already recorded or deciding nothing', async () => {
    const store = new CountingStore();
    const ctx = ctxOf(store);
    await decideOn(ctx, 'a-1', counter, { type: 'Count' }, 'process-1:a');
    const held = await store.readStream('a-1');
    expect(decideStep(ctx, 'a-1', counter, { type: 'Count' }, 'process-1:a', held)).toBeNull();
    await decideOn(ctx, 'a-1', counter, { type: 'Count' }, 'process-1:a2');
    expect(decideStep(ctx, 'a-1', counter, { type: 'Count' }, 'process-1:a3', await store.readStream('a-1'))).toBeNull();
  });

  it('throw a refusal before anything is appended', () => {
    const ctx = ctxOf(new CountingStore());
    expect(() => decideStep(ctx, 'a-1', counter, { type: 'Count', refuse: true }, 'process-1:a', [])).toThrow(DomainError);
  });

  it('answer null when a held stream moved on; in sequence the steps before it are kept and answer as repeats', async () => {
    const store = new CountingStore();
    const ctx = ctxOf(store);
    const a = decideStep(ctx, 'a-1', counter, { type: 'Count' }, 'process-1:a', []);
    const b = decideStep(ctx, 'b-1', counter, { type: 'Count' }, 'process-1:b', []);
    await store.seed('b-1', 'Counted', { n: 1 }); // another process, meanwhile
    expect(await appendDecided(ctx, [a!, b!])).toBeNull();
    expect(store.types('a-1')).toEqual(['Counted']);
    const first = await decideOn(ctx, 'a-1', counter, { type: 'Count' }, 'process-1:a', { known: [] });
    const second = await decideOn(ctx, 'b-1', counter, { type: 'Count' }, 'process-1:b', { known: [] });
    expect([first.repeated, second.repeated]).toEqual([true, false]);
    expect(store.types('a-1')).toEqual(['Counted']);
    expect(store.types('b-1')).toEqual(['Counted', 'Counted']);
  });
});
