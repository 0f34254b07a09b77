import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getSimplePaths } from '@xstate/graph';
import { getMicrosteps, getNextTransitions, initialTransition } from 'xstate';
import type {
  AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject,
} from 'xstate';

/**
 * Model-based transition coverage (DESIGN.md §13). Walks every simple path of the machine with @xstate/graph
 * (sample events per event type, or a function of the snapshot giving the events to try there), then tries the
 * sample events once more from every reached snapshot so back-edges and self-transitions count as well.
 * Asserts nothing itself: tests do `expect(result.missing).toEqual([])`.
 *
 * A transition id is `<source state path> --<event type>--> <target state path>` (a targetless transition
 * targets its source; eventless ones use `always`). Two definitions that would share an id get their guard
 * appended (` [guardName]`) so a guarded variant cannot hide behind its twin.
 */
export interface TransitionCoverage { name: string; defined: string[]; covered: string[]; missing: string[]; percent: number }

export type SampleEvents<E extends EventObject = EventObject> = E[] | ((state: AnyMachineSnapshot) => E[]);

export interface CoverageOptions {
  /** Snapshot identity for the walk; defaults to value + context (the @xstate/graph default). */
  serializeState?: (state: AnyMachineSnapshot) => string;
  /** Input for the machine's initial snapshot. */
  input?: unknown;
}

const reportsDir = fileURLToPath(new URL('../../.reports/', import.meta.url));

const pathOf = (node: AnyStateNode): string => (node.path.length ? node.path.join('.') : '(machine)');

const eventLabel = (t: AnyTransitionDefinition): string => (t.eventType === '' ? 'always' : t.eventType);

const guardLabel = (t: AnyTransitionDefinition): string => {
  const guard: unknown = t.guard;
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'no guard';
};

function baseId(t: AnyTransitionDefinition): string {
  const targets: readonly AnyStateNode[] = t.target?.length ? t.target : [t.source];
  return `${pathOf(t.source)} --${eventLabel(t)}--> ${targets.map(pathOf).join(',')}`;
}

function allStateNodes(root: AnyStateNode): AnyStateNode[] {
  return [root, ...Object.values(root.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

/** Every transition the machine defines, keyed by definition so a fired transition maps to its id. */
function defineTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const definitions = allStateNodes(machine.root).flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
  const counts = new Map<string, number>();
  for (const t of definitions) counts.set(baseId(t), (counts.get(baseId(t)) ?? 0) + 1);
  return new Map(definitions.map((t) => {
    const id = baseId(t);
    return [t, (counts.get(id) ?? 0) > 1 ? `${id} [${guardLabel(t)}]` : id];
  }));
}

/** Eventless transitions taken after an event: matched by the microstep's resulting configuration. */
function eventlessTaken(machine: AnyStateMachine, from: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition[] {
  const micro = getMicrosteps(machine, from, event).map(([snapshot]) => snapshot as AnyMachineSnapshot);
  const taken: AnyTransitionDefinition[] = [];
  for (let i = 1; i < micro.length; i += 1) {
    const before = micro[i - 1];
    const after = micro[i];
    const candidate = getNextTransitions(before).find((t) => t.eventType === ''
      && (t.target ?? [t.source]).every((n: AnyStateNode) => after._nodes.includes(n)));
    if (candidate) taken.push(candidate);
  }
  return taken;
}

export function measureTransitionCoverage<E extends EventObject>(
  name: string, machine: AnyStateMachine, events: SampleEvents<E>, options: CoverageOptions = {},
): TransitionCoverage {
  const ids = defineTransitions(machine);
  const eventsAt = (state: AnyMachineSnapshot): EventObject[] => (typeof events === 'function' ? events(state) : events);
  const covered = new Set<string>();
  const tried = new Set<string>();
  const serialize = options.serializeState
    ?? ((s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, context: s.context }));

  const step = (from: AnyMachineSnapshot, event: EventObject): void => {
    const key = `${serialize(from)}|${JSON.stringify(event)}`;
    if (tried.has(key)) return;
    tried.add(key);
    const fired = [...machine.getTransitionData(from, event), ...eventlessTaken(machine, from, event)];
    for (const t of fired) covered.add(ids.get(t) ?? baseId(t));
  };

  const paths = getSimplePaths(machine, {
    events: eventsAt,
    input: options.input,
    serializeState: (s: AnyMachineSnapshot) => serialize(s),
  } as Parameters<typeof getSimplePaths>[1]);
  for (const path of paths) {
    for (const s of path.steps) step(s.state as AnyMachineSnapshot, s.event);
    const end = path.state as AnyMachineSnapshot;
    if (end.status === 'active') for (const e of eventsAt(end)) step(end, e);
  }
  // a machine whose initial state has no outgoing path still gets its initial snapshot tried
  const [initial] = initialTransition(machine, options.input);
  for (const e of eventsAt(initial)) step(initial, e);

  const defined = [...new Set(ids.values())].sort();
  const coveredList = defined.filter((id) => covered.has(id));
  const missing = defined.filter((id) => !covered.has(id));
  const percent = defined.length ? Math.round((coveredList.length / defined.length) * 1000) / 10 : 100;
  const result: TransitionCoverage = { name, defined, covered: coveredList, missing, percent };
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(`${reportsDir}transition-coverage-${name}.json`, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

