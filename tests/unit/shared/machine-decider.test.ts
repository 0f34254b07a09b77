import { createMachine, fromPromise, transition, type AnyStateMachine } from 'xstate';
import { collageMachine } from '../../../domain/group-buy/collage.machine';
import { orderMachine } from '../../../domain/order/order.machine';
import { initialSnapshot, nextSnapshot } from '../../../domain/shared/machine-decider';
import { orderLog } from '../../support/generated-logs';

/** Every stream of `category` in the generated order log folded through `step`: value and context per stream. */
function foldLog(machine: AnyStateMachine, category: string, step: typeof nextSnapshot): string[] {
  const streams = new Map<string, Array<{ type: string; data: unknown }>>();
  for (const event of orderLog(400, 'machine-decider')) {
    if (!event.streamId.startsWith(`${category}-`)) continue;
    streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), { type: event.type, data: event.data }]);
  }
  return [...streams.values()].map((events) => {
    let snapshot = initialSnapshot(machine);
    for (const event of events) snapshot = step(machine, snapshot, event as never);
    return JSON.stringify({ value: snapshot.value, status: snapshot.status, context: snapshot.context });
  });
}

const xstateTransition: typeof nextSnapshot = (machine, snapshot, event) => transition(machine, snapshot, event)[0];

describe('nextSnapshot: xstate transitions on a reused inert scope', () => {
  it.each([['order', orderMachine], ['collage', collageMachine]] as const)(
    'folds every %s stream of a generated log exactly as xstate transition() does', (category, machine) => {
      const ours = foldLog(machine, category, nextSnapshot);
      expect(ours.length).toBeGreaterThan(20);
      expect(ours).toEqual(foldLog(machine, category, xstateTransition));
    });

  it('gives a machine with child actors a fresh scope per transition, as xstate does', () => {
    // a child with a system id registers in its scope's system: in one shared scope the second transition would
    // find the first one's child there and throw
    const machine = createMachine({
      initial: 'idle',
      states: {
        idle: { on: { GO: 'working' } },
        working: { invoke: { src: fromPromise(() => new Promise<void>(() => undefined)), systemId: 'worker' } },
      },
    });
    const idle = initialSnapshot(machine);
    const first = nextSnapshot(machine, idle, { type: 'GO' });
    const second = nextSnapshot(machine, idle, { type: 'GO' });
    expect(first.value).toBe('working');
    expect(second.value).toBe('working');
    expect(Object.keys(second.children)).toHaveLength(1);
  });
});
