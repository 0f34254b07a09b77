import { initialTransition, transition } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { fail } from './errors';
import type { ErrorName } from './errors';

/**
 * Glue between a lifecycle machine and a Decider (DESIGN.md §1 principle 2): the decider's state is the machine
 * snapshot, evolve is the machine's transition, and decided events must each be accepted by the machine in turn.
 */
export const initialSnapshot = <M extends AnyStateMachine>(machine: M): SnapshotFrom<M> =>
  initialTransition(machine as AnyStateMachine)[0] as SnapshotFrom<M>;

export const evolveThrough = <M extends AnyStateMachine>(machine: M) =>
  (state: SnapshotFrom<M>, event: EventFromLogic<M>): SnapshotFrom<M> =>
    transition(machine, state, event)[0] as SnapshotFrom<M>;

/** Returns the events when the machine accepts them one after the other; otherwise rejects with `error`. */
export function acceptedBy<M extends AnyStateMachine>(
  machine: M, state: SnapshotFrom<M>, events: EventFromLogic<M>[], error: ErrorName,
): EventFromLogic<M>[] {
  let snapshot = state;
  for (const event of events) {
    if (!(snapshot as AnyMachineSnapshot).can(event)) fail(error);
    snapshot = transition(machine, snapshot, event)[0] as SnapshotFrom<M>;
  }
  return events;
}
