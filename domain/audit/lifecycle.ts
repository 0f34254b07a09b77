import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { initialSnapshot, nextSnapshot } from '../shared/machine-decider';

/**
 * The extension point of the audit timeline: a lifecycle knows which event types it handles, folds them through
 * its machine (telling whether the machine accepted each one), names the state the API shows, and writes a
 * Chinese summary. Order, payment and collage lifecycles are built in; the after-sale slice plugs its own in.
 */
export interface TimelineStatus { code: number | string; name: string }

export interface RecordedFact { type: string; data: unknown }

export interface TimelineLifecycle {
  name: string;
  handles(type: string): boolean;
  /** a fresh instance state (one per stream or, without stream ids, one per lifecycle) */
  initial(): AnyMachineSnapshot;
  apply(state: AnyMachineSnapshot, event: RecordedFact): { state: AnyMachineSnapshot; accepted: boolean };
  status(state: AnyMachineSnapshot): TimelineStatus | null;
  /** the summary of an event, with the state before it (e.g. to name an order line) */
  summarize(event: RecordedFact, before: AnyMachineSnapshot): string;
  /** the machine and the event types folded through it (the auditor's offline transition tables: machine-table.ts) */
  definition?: { machine: AnyStateMachine; types: readonly string[] };
}

export interface MachineLifecycleSpec {
  name: string;
  types: readonly string[];
  status(state: AnyMachineSnapshot): TimelineStatus | null;
  summarize(event: RecordedFact, before: AnyMachineSnapshot): string;
}

/** A lifecycle from an xstate machine whose events are the recorded `{ type, data }` facts. */
export function machineLifecycle(machine: AnyStateMachine, spec: MachineLifecycleSpec): TimelineLifecycle {
  const types = new Set(spec.types);
  return {
    name: spec.name,
    handles: (type) => types.has(type),
    initial: () => initialSnapshot(machine) as AnyMachineSnapshot,
    apply: (state, event) => {
      const accepted = state.can(event);
      return { state: accepted ? nextSnapshot(machine, state, event) as AnyMachineSnapshot : state, accepted };
    },
    status: spec.status,
    summarize: spec.summarize,
    definition: { machine, types: spec.types },
  };
}
