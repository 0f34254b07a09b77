import type { AnyStateMachine } from 'xstate';

/**
 * A lifecycle machine as a plain transition table, for the auditor's offline verifier (services/audit/verify-bundle.mjs,
 * issue 31 §3), which runs without xstate: for every leaf state (a dotted path, `awaitingReceipt.autoConfirmPaused`)
 * and every recorded event type the machine handles, the leaves the event may lead to. A transition declared on an
 * ancestor applies to its leaves (xstate tries the leaf first, then its ancestors); one without a target stays in the
 * leaf; a target that is a compound state enters its initial leaf. Guards read the event's data and the machine's
 * context, which the table cannot carry: where several guarded transitions exist, each target is listed, and the
 * verifier follows every one of them (a set of possible states), so the table proves the shape of a history — no event
 * out of order, none the machine has no transition for — and the server's own audit (`ops audit order`) checks guards.
 *
 * Pure: the bundle (services/audit/proof-bundle.ts) stamps each table with its version, a sha256 of the table itself.
 */
export interface MachineTable {
  name: string;
  initial: string;
  /** the recorded event types the lifecycle folds through this machine */
  types: string[];
  transitions: Record<string, Record<string, string[]>>;
}

interface StateNodeLike {
  path: string[];
  type: string;
  states: Record<string, StateNodeLike>;
  parent?: StateNodeLike;
  initial?: { target?: readonly StateNodeLike[] };
  transitions: Map<string, ReadonlyArray<{ target?: readonly StateNodeLike[] }>>;
}

const leafName = (node: StateNodeLike): string => node.path.join('.');

function leavesOf(node: StateNodeLike): StateNodeLike[] {
  const children = Object.values(node.states);
  return children.length === 0 ? [node] : children.flatMap(leavesOf);
}

/** The leaf a target enters: itself when atomic, else its initial child's, down to a leaf. */
function entered(node: StateNodeLike): StateNodeLike {
  let current = node;
  while (Object.keys(current.states).length > 0) {
    const next = current.initial?.target?.[0];
    if (!next) throw new Error(`machine table: ${leafName(current)} has children but no initial state`);
    current = next;
  }
  return current;
}

function ancestry(leaf: StateNodeLike): StateNodeLike[] {
  const chain: StateNodeLike[] = [];
  for (let node: StateNodeLike | undefined = leaf; node && node.path.length > 0; node = node.parent) chain.push(node);
  return chain;
}

export function machineTable(name: string, machine: AnyStateMachine, types: readonly string[]): MachineTable {
  const root = machine.root as unknown as StateNodeLike;
  if (Object.values(root.states).some((s) => s.type === 'parallel')) throw new Error(`machine table: ${name} has parallel states`);
  const handled = new Set(types);
  const transitions: Record<string, Record<string, string[]>> = {};
  for (const leaf of leavesOf(root)) {
    const row: Record<string, string[]> = {};
    for (const node of ancestry(leaf)) {
      for (const [type, definitions] of node.transitions) {
        if (!handled.has(type)) continue;
        const targets = new Set(row[type] ?? []);
        for (const definition of definitions) {
          const target = definition.target?.[0];
          targets.add(target ? leafName(entered(target)) : leafName(leaf));
        }
        row[type] = [...targets].sort();
      }
    }
    transitions[leafName(leaf)] = Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)));
  }
  return { name, initial: leafName(entered(root)), types: [...types].sort(), transitions };
}
