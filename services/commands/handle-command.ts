/**
 * The write path (DESIGN.md §4): read the stream, fold it through the decider, decide, append with the revision
 * read as the expected one. Conflicts are retried a bounded number of times when the command does not depend on
 * what the client saw; otherwise they answer `concurrency`. A commandId already in the stream answers like the
 * first time: same events, no second effect, no second decision.
 */
import { fold, type Decider, type DomainEvent } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import {
  WrongExpectedRevisionError,
  type Actor, type EventStore, type LogPosition, type RecordedEvent,
} from '../event-store/event-store.port';
import { toDomainEvent, toNewEvents } from './command-events';
import { forgetHotStream, knownHotStream, rememberHotStream } from './hot-streams';
import { withStreamLock } from './stream-lock';

/** Attempts in all when retrying on conflict (the first try and three retries). */
export const CONFLICT_ATTEMPTS = 4;

export interface HandleCommandInput<Command, Event extends DomainEvent, State> {
  store: EventStore;
  streamId: string;
  decider: Decider<Command, Event, State>;
  command: Command;
  now: Date;
  actor: Actor;
  /** Idempotency key: a command already handled under it is answered from the stream. */
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  /** Only for commands whose outcome does not depend on what the client saw. */
  retryOnConflict?: boolean;
  /**
   * Hot streams (one flash-sale SKU): queue behind other commands on this stream in this process (stream-lock.ts)
   * instead of racing them; conflicts with other processes are still retried when retryOnConflict is set.
   */
  serialize?: boolean;
}

export interface CommandResult<State> {
  /** The events this command recorded (on a repeat: the ones the first handling recorded). */
  events: RecordedEvent[];
  /** Revision of the stream's last event after the command; -1 when the stream is still empty. */
  nextRevision: number;
  /** Log position to wait for (read-your-writes); null when the stream is still empty. */
  position: LogPosition | null;
  /** The stream's state after this command's events. */
  state: State;
  /** True when commandId had been handled before and this is its first answer again. */
  repeated: boolean;
}

export async function handleCommand<Command, Event extends DomainEvent, State>(
  input: HandleCommandInput<Command, Event, State>,
): Promise<CommandResult<State>> {
  return input.serialize ? withStreamLock(input.streamId, () => decideOnHotStream(input)) : decideAndAppend(input);
}

/** Under the stream lock: decide on the state this process knows (hot-streams.ts); on any doubt, the full path. */
async function decideOnHotStream<Command, Event extends DomainEvent, State>(
  input: HandleCommandInput<Command, Event, State>,
): Promise<CommandResult<State>> {
  const { store, streamId, decider, command, now, commandId } = input;
  const entry = knownHotStream(store, streamId, decider as Decider<never, DomainEvent, State>);
  if (entry && !(commandId && entry.commandIds.has(commandId))) {
    const state = entry.state as State;
    const decided = decider.decide(command, state, { now });
    if (decided.length === 0) return { events: [], nextRevision: entry.revision, position: entry.position, state, repeated: false };
    try {
      const appended = await store.appendToStream(streamId, toNewEvents(decided, input), {
        expectedRevision: entry.revision < 0 ? 'no_stream' : entry.revision,
      });
      const next = decided.reduce(decider.evolve, state);
      if (commandId) entry.commandIds.add(commandId);
      Object.assign(entry, { state: next, revision: appended.nextRevision, position: appended.position });
      return { ...appended, state: next, repeated: false };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      forgetHotStream(store, streamId); // appended elsewhere: read it
    }
  }
  const result = await decideAndAppend(input);
  await rememberFromStore(input);
  return result;
}

/** Reads the stream once more (rare: first command on it, or after a conflict) and remembers its folded state. */
async function rememberFromStore<Command, Event extends DomainEvent, State>(input: HandleCommandInput<Command, Event, State>): Promise<void> {
  const stored = await input.store.readStream(input.streamId);
  const last = stored.at(-1);
  rememberHotStream(input.store, input.streamId, {
    decider: input.decider,
    state: fold(input.decider, stored.map((event) => toDomainEvent<Event>(event))),
    revision: last?.revision ?? -1,
    position: last?.position ?? null,
    commandIds: new Set(stored.flatMap((event) => (event.metadata.commandId ? [event.metadata.commandId] : []))),
  });
}

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  input: HandleCommandInput<Command, Event, State>,
): Promise<CommandResult<State>> {
  const { store, streamId, decider, command, now, commandId } = input;
  const attempts = input.retryOnConflict ? CONFLICT_ATTEMPTS : 1;
  for (let attempt = 1; ; attempt += 1) {
    const stored = await store.readStream(streamId);
    const repeat = commandId ? answerRepeat(decider, stored, commandId) : null;
    if (repeat) return repeat;
    const state = fold(decider, stored.map((event) => toDomainEvent<Event>(event)));
    const decided = decider.decide(command, state, { now });
    const last = stored.at(-1);
    if (decided.length === 0) {
      return { events: [], nextRevision: last?.revision ?? -1, position: last?.position ?? null, state, repeated: false };
    }
    try {
      const appended = await store.appendToStream(streamId, toNewEvents(decided, input), {
        expectedRevision: last ? last.revision : 'no_stream',
      });
      return { ...appended, state: decided.reduce(decider.evolve, state), repeated: false };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt < attempts) continue;
      // The winner of the race may have been this very command, sent twice: that is an answer, not a conflict.
      const again = commandId ? answerRepeat(decider, await store.readStream(streamId), commandId) : null;
      if (again) return again;
      throw new DomainError('concurrency');
    }
  }
}

function answerRepeat<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  stored: RecordedEvent[],
  commandId: string,
): CommandResult<State> | null {
  const events = stored.filter((event) => event.metadata.commandId === commandId);
  if (events.length === 0) return null;
  const last = events[events.length - 1];
  const upToLast = stored.filter((event) => event.revision <= last.revision).map((event) => toDomainEvent<Event>(event));
  return { events, nextRevision: last.revision, position: last.position, state: fold(decider, upToLast), repeated: true };
}
