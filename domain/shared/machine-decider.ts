import { createActor, initialTransition, transition } from 'xstate';
import type { ActorScope, AnyMachineSnapshot, AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';
import { fail } from './errors';
import type { ErrorName } from './errors';

/**
 * Glue between a lifecycle machine and a Decider (DESIGN.md §1 principle 2): the decider's state is the machine
 * snapshot, evolve is the machine's transition, and decided events must each be accepted by the machine in turn.
 */
export const initialSnapshot = <M extends AnyStateMachine>(machine: M): SnapshotFrom<M> =>
  initialTransition(machine as AnyStateMachine)[0] as SnapshotFrom<M>;

type InertScope = ActorScope<AnyMachineSnapshot, EventFromLogic<AnyStateMachine>>;

const noop = (): void => undefined;

/** Per machine, the scope its pure transitions run in; null for a machine with child actors (xstate's own path). */
const inertScopes = new WeakMap<AnyStateMachine, InertScope | null>();

/** Whether any state of `machine` invokes an actor or the machine names actor implementations (spawn). */
function hasChildActors(machine: AnyStateMachine): boolean {
  if (Object.keys(machine.implementations.actors).length > 0) return true;
  const nodes = [machine.root];
  for (let node = nodes.pop(); node; node = nodes.pop()) {
    if (node.invoke.length > 0) return true;
    nodes.push(...Object.values(node.states));
  }
  return false;
}

function inertScopeOf(machine: AnyStateMachine): InertScope | null {
  let scope = inertScopes.get(machine);
  if (scope === undefined) {
    // what xstate's transition() builds on every call — an unstarted actor, which computes the machine's initial
    // snapshot in its constructor, plus two actor systems — made once: over half of a snapshot fold's time went there
    const self = hasChildActors(machine) ? null : createActor(machine);
    scope = self && {
      self, defer: noop, id: '', logger: noop, sessionId: '', stopChild: noop, system: self.system, emit: noop,
      actionExecutor: noop,
    } as unknown as InertScope;
    inertScopes.set(machine, scope);
  }
  return scope;
}

/**
 * The machine's next snapshot for `event`, as xstate's pure `transition()` computes it (its actions are not run;
 * ours have none but assignments, which are part of the snapshot). A machine without child actors reuses one inert
 * scope across calls: nothing in such a transition writes to the scope.
 */
export function nextSnapshot<M extends AnyStateMachine>(machine: M, snapshot: SnapshotFrom<M>, event: EventFromLogic<M>): SnapshotFrom<M> {
  const scope = inertScopeOf(machine);
  if (!scope) return transition(machine, snapshot, event)[0] as SnapshotFrom<M>;
  return machine.transition(snapshot, event, scope) as SnapshotFrom<M>;
}

export const evolveThrough = <M extends AnyStateMachine>(machine: M) =>
  (state: SnapshotFrom<M>, event: EventFromLogic<M>): SnapshotFrom<M> => nextSnapshot(machine, state, event);

/** Returns the events when the machine accepts them one after the other; otherwise rejects with `error`. */
export function acceptedBy<M extends AnyStateMachine>(
  machine: M, state: SnapshotFrom<M>, events: EventFromLogic<M>[], error: ErrorName,
): EventFromLogic<M>[] {
  let snapshot = state;
  for (const event of events) {
    if (!(snapshot as AnyMachineSnapshot).can(event)) fail(error);
    snapshot = nextSnapshot(machine, snapshot, event);
  }
  return events;
}
