/**
 * What this process last knew of each hot stream (DESIGN.md §4: one flash-sale SKU, one activity's quota): its folded
 * state, its revision and the command ids it holds. Commands on a hot stream already queue one at a time behind the
 * stream lock; with this they decide on the known state and append with its revision as the expected one, instead of
 * re-reading a stream that grows by one event per buyer. Safe by construction: anything appended elsewhere (another
 * process, a command that did not queue) makes the append fail on its expected revision, and the caller forgets the
 * entry and reads the stream. A command id seen before is answered from the stream, as always.
 */
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import type { EventStore, LogPosition } from '../event-store/event-store.port';

export interface HotStreamState {
  decider: object;
  state: unknown;
  /** revision of the last event; -1 for an empty stream */
  revision: number;
  position: LogPosition | null;
  commandIds: Set<string>;
}

const KEPT = 1000;
/** Per store (a process may hold several: tests, benches), per stream, least recently used first. */
const byStore = new WeakMap<EventStore, Map<string, HotStreamState>>();

const knownIn = (store: EventStore): Map<string, HotStreamState> => {
  let known = byStore.get(store);
  if (!known) byStore.set(store, (known = new Map()));
  return known;
};

/** The entry for `streamId` in `store` when it was built by this decider. */
export function knownHotStream<State>(
  store: EventStore, streamId: string, decider: Decider<never, DomainEvent, State>,
): HotStreamState | null {
  const known = knownIn(store);
  const entry = known.get(streamId);
  if (!entry || entry.decider !== decider) return null;
  known.delete(streamId); // most recently used last
  known.set(streamId, entry);
  return entry;
}

export function rememberHotStream(store: EventStore, streamId: string, entry: HotStreamState): void {
  const known = knownIn(store);
  known.delete(streamId);
  known.set(streamId, entry);
  while (known.size > KEPT) known.delete(known.keys().next().value as string);
}

export function forgetHotStream(store: EventStore, streamId: string): void {
  knownIn(store).delete(streamId);
}
