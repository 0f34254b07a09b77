import type { DomainEvent, Decider } from '../../../domain/shared/decider';
import { fold } from '../../../domain/shared/decider';
import { DomainError } from '../../../domain/shared/errors';

/**
 * Given/when/then for deciders: `given(decider, events).when(command, now)` gives the decided events, or the
 * DomainError the command was rejected with (`rejection`). Pure: no store, no clock.
 */
export interface Outcome<Event> { events: Event[]; rejection: DomainError | null }

export function given<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>, history: Event[]) {
  const state = fold(decider, history);
  return {
    state,
    when(command: Command, now: Date): Outcome<Event> {
      try {
        return { events: decider.decide(command, state, { now }), rejection: null };
      } catch (error) {
        if (error instanceof DomainError) return { events: [], rejection: error };
        throw error;
      }
    },
  };
}

/** The code and Chinese message of a rejection, for `expect(...).toEqual({ code, message })`. */
export const rejectionOf = <Event>(outcome: Outcome<Event>): { code: string; message: string } | null =>
  (outcome.rejection ? { code: outcome.rejection.code, message: outcome.rejection.message } : null);
