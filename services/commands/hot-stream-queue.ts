/**
 * Group commit on hot streams (DESIGN.md §4: one flash-sale SKU, one activity's quota). Commands on a hot stream
 * queue in this process in arrival order. While one append is in flight the next commands gather; the queue then
 * decides all of them, one after another, on the state this process knows (hot-streams.ts) and appends their events
 * in ONE append, with that state's revision as the expected one. A hundred buyers of one SKU so cost a handful of
 * commits instead of a hundred in a row, each waiting for the one before.
 *
 * Every command still gets its own answer: its own events (with its own command id, so its own event ids), the
 * revision and position of its last event and the state after it, or its own refusal (a refused command adds
 * nothing to the append and stops no one else). On any doubt — a stream not known yet, a command id this process
 * has seen, an append that lost to another process, an append that failed — the entry is forgotten and the
 * commands concerned take the full path one by one (decide-and-append.ts: read, answer a repeat from the stream,
 * decide, append, retry on conflict), after which the stream is read and remembered again.
 */
import { fold, type Decider, type DomainEvent } from '../../domain/shared/decider';
import { WrongExpectedRevisionError, type EventStore, type NewEvent } from '../event-store/event-store.port';
import { toDomainEvent, toNewEvents } from './command-events';
import { decideAndAppend } from './decide-and-append';
import type { CommandResult, HandleCommandInput } from './handle-command';
import { forgetHotStream, knownHotStream, rememberHotStream, type HotStreamState } from './hot-streams';

/** Commands decided into one append at most (one transaction stays small). */
export const MAX_GROUP = 128;

type AnyInput = HandleCommandInput<unknown, DomainEvent, unknown>;

interface Waiting {
  input: AnyInput;
  resolve(result: CommandResult<unknown>): void;
  reject(error: unknown): void;
}

/** Per store (a process may hold several: tests, benches), per stream: the commands waiting for the next append. */
const queues = new WeakMap<EventStore, Map<string, Waiting[]>>();

const queuesOf = (store: EventStore): Map<string, Waiting[]> => {
  let byStream = queues.get(store);
  if (!byStream) queues.set(store, (byStream = new Map()));
  return byStream;
};

export function decideOnHotStream<Command, Event extends DomainEvent, State>(
  input: HandleCommandInput<Command, Event, State>,
): Promise<CommandResult<State>> {
  return new Promise<CommandResult<State>>((resolve, reject) => {
    const waiting: Waiting = { input: input as unknown as AnyInput, resolve: resolve as Waiting['resolve'], reject };
    const byStream = queuesOf(input.store);
    const queue = byStream.get(input.streamId);
    if (queue) {
      queue.push(waiting);
      return;
    }
    const fresh = [waiting];
    byStream.set(input.streamId, fresh);
    void drain(input.store, input.streamId, fresh, byStream);
  });
}

/** Runs groups until the queue is empty, then forgets it (a later command starts a new one). */
async function drain(store: EventStore, streamId: string, queue: Waiting[], byStream: Map<string, Waiting[]>): Promise<void> {
  try {
    while (queue.length > 0) await runGroup(queue.splice(0, MAX_GROUP));
  } finally {
    byStream.delete(streamId);
  }
}

interface Decided { waiting: Waiting; count: number; state: unknown }

async function runGroup(group: Waiting[]): Promise<void> {
  const { store, streamId, decider } = group[0].input;
  const known = () => knownHotStream(store, streamId, decider as Decider<never, DomainEvent, unknown>);
  if (!known()) await fullPath(group.shift() as Waiting); // the first command here reads the stream for the rest
  const entry = known();
  if (!entry) {
    for (const waiting of group) await fullPath(waiting);
    return;
  }
  const decided: Decided[] = [];
  const events: NewEvent[] = [];
  const oneByOne: Waiting[] = [];
  const seen = new Set<string>();
  let { state } = entry;
  for (const waiting of group) {
    const { input } = waiting;
    const id = input.commandId;
    if (input.decider !== entry.decider || (id !== undefined && (entry.commandIds.has(id) || seen.has(id)))) {
      oneByOne.push(waiting); // a repeat is answered from the stream
      continue;
    }
    try {
      const mine = input.decider.decide(input.command, state, { now: input.now });
      state = mine.reduce(input.decider.evolve, state);
      const newEvents = toNewEvents(mine, input);
      if (id !== undefined) seen.add(id);
      decided.push({ waiting, count: newEvents.length, state });
      events.push(...newEvents);
    } catch (error) {
      waiting.reject(error); // refused: adds nothing, stops no one else
    }
  }
  if (decided.length > 0) oneByOne.unshift(...await appendGroup(store, streamId, entry, decided, events, state));
  for (const waiting of oneByOne) await fullPath(waiting);
}

/** Appends the group's events at once and answers each command; answers the commands to retry one by one. */
async function appendGroup(
  store: EventStore, streamId: string, entry: HotStreamState, decided: Decided[], events: NewEvent[], state: unknown,
): Promise<Waiting[]> {
  if (events.length === 0) {
    for (const d of decided) {
      d.waiting.resolve({ events: [], nextRevision: entry.revision, position: entry.position, state: d.state, repeated: false });
    }
    return [];
  }
  let appended;
  try {
    appended = await store.appendToStream(streamId, events, { expectedRevision: entry.revision < 0 ? 'no_stream' : entry.revision });
  } catch (error) {
    forgetHotStream(store, streamId);
    if (error instanceof WrongExpectedRevisionError) return decided.map((d) => d.waiting); // appended elsewhere
    for (const d of decided) d.waiting.reject(error);
    return [];
  }
  if (appended.events.length !== events.length) {
    // the store kept some of these events from before (a repeat it recognised by event id): read it, one by one
    forgetHotStream(store, streamId);
    return decided.map((d) => d.waiting);
  }
  let offset = 0;
  let revision = entry.revision;
  let position = entry.position;
  for (const d of decided) {
    const mine = appended.events.slice(offset, offset + d.count);
    offset += d.count;
    const last = mine.at(-1);
    if (last) ({ revision, position } = last);
    if (d.waiting.input.commandId !== undefined) entry.commandIds.add(d.waiting.input.commandId);
    d.waiting.resolve({ events: mine, nextRevision: revision, position, state: d.state, repeated: false });
  }
  Object.assign(entry, { state, revision: appended.nextRevision, position: appended.position });
  return [];
}

/** The full path for one command; then the stream is read and remembered for the groups after it, refusal or not. */
async function fullPath(waiting: Waiting): Promise<void> {
  const { input } = waiting;
  let outcome: { result: CommandResult<unknown> } | { error: unknown };
  try {
    outcome = { result: await decideAndAppend(input) };
  } catch (error) {
    outcome = { error };
  }
  try {
    await remember(input);
  } catch {
    forgetHotStream(input.store, input.streamId);
  }
  if ('result' in outcome) waiting.resolve(outcome.result);
  else waiting.reject(outcome.error);
}

async function remember(input: AnyInput): Promise<void> {
  const stored = await input.store.readStream(input.streamId);
  const last = stored.at(-1);
  rememberHotStream(input.store, input.streamId, {
    decider: input.decider,
    state: fold(input.decider, stored.map((event) => toDomainEvent<DomainEvent>(event))),
    revision: last?.revision ?? -1,
    position: last?.position ?? null,
    commandIds: new Set(stored.flatMap((event) => (event.metadata.commandId ? [event.metadata.commandId] : []))),
  });
}
