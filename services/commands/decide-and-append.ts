/**
 * The full write path of one command (DESIGN.md §4): read the stream, answer a command id it already holds from it,
 * fold, decide, append with the revision read as the expected one, and on a conflict read again (a bounded number of
 * attempts when the command allows retries).
 *
 * A caller that holds the whole stream already (it read it a moment ago, or made it with the command before) passes
 * it as `known`: the first attempt decides on it instead of reading. The expected revision guards the guess — a
 * stream that moved on refuses the append, and the command is read and decided again, without that counting as one
 * of its conflict attempts. A guess on which the decider decides nothing is checked by a read too, so a stale picture
 * costs one read and never changes an answer.
 */
import { fold, type Decider, type DomainEvent } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import { WrongExpectedRevisionError, type RecordedEvent } from '../event-store/event-store.port';
import { toDomainEvent, toNewEvents } from './command-events';
import type { CommandResult, HandleCommandInput } from './handle-command';

/** Attempts in all when retrying on conflict (the first try and three retries). */
export const CONFLICT_ATTEMPTS = 4;

export async function decideAndAppend<Command, Event extends DomainEvent, State>(
  input: HandleCommandInput<Command, Event, State>,
): Promise<CommandResult<State>> {
  const { store, streamId, decider, command, now, commandId } = input;
  const attempts = input.retryOnConflict ? CONFLICT_ATTEMPTS : 1;
  let guess = input.known;
  for (let attempt = 1; ; attempt += 1) {
    const guessed = guess !== undefined;
    const stored = guess ? [...guess] : await store.readStream(streamId);
    guess = undefined;
    const repeat = commandId ? answerRepeat(decider, stored, commandId) : null;
    if (repeat) return repeat;
    const state = fold(decider, stored.map((event) => toDomainEvent<Event>(event)));
    const decided = decider.decide(command, state, { now });
    const last = stored.at(-1);
    if (decided.length === 0) {
      if (guessed) {
        attempt -= 1;
        continue;
      }
      return { events: [], nextRevision: last?.revision ?? -1, position: last?.position ?? null, state, repeated: false };
    }
    try {
      const appended = await store.appendToStream(streamId, toNewEvents(decided, input), {
        expectedRevision: last ? last.revision : 'no_stream',
      });
      return { ...appended, state: decided.reduce(decider.evolve, state), repeated: false };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (guessed) {
        attempt -= 1;
        continue;
      }
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
