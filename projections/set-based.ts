/**
 * Helpers for projections that apply a batch set-based (`Projection.applyBatch`): cut the batch into runs of
 * consecutive events of one kind (a run becomes one statement; runs keep log order, so an event of another kind
 * between two runs still sees the first applied and not the second), and reduce a run to one item per key.
 */
/** Consecutive events of one kind (by default, one type), in log order. */
export function runsOf<T extends { type: string }>(events: readonly T[], kindOf: (event: T) => string = (event) => event.type): T[][] {
  const runs: T[][] = [];
  let lastKind: string | null = null;
  for (const event of events) {
    const kind = kindOf(event);
    const last = runs.at(-1);
    if (last && kind === lastKind) last.push(event);
    else runs.push([event]);
    lastKind = kind;
  }
  return runs;
}

/** The last item of each key, in the order keys were first seen: later items of a key replace earlier ones. */
export const lastByKey = <T, K>(items: readonly T[], keyOf: (item: T) => K): T[] =>
  [...new Map(items.map((item) => [keyOf(item), item] as const)).values()];

/** The first item of each key: later items of a key are dropped (what `on conflict do nothing` keeps). */
export function firstByKey<T, K>(items: readonly T[], keyOf: (item: T) => K): T[] {
  const first = new Map<K, T>();
  for (const item of items) if (!first.has(keyOf(item))) first.set(keyOf(item), item);
  return [...first.values()];
}
