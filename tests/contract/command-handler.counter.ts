/** A tiny decider for the command handler's tests: a counter that refuses to pass 10. */
import { fail } from '../../domain/shared/errors';
import type { Decider } from '../../domain/shared/decider';

export type CounterCommand =
  | { type: 'Increment'; by: number }
  | { type: 'IncrementTwice'; by: number }
  | { type: 'Inspect' };
export type CounterEvent = { type: 'Incremented'; data: { by: number; at: string } };
export interface CounterState { value: number }

export const LIMIT = 10;

export function counterDecider(calls = { decide: 0 }): Decider<CounterCommand, CounterEvent, CounterState> & { calls: { decide: number } } {
  return {
    calls,
    initialState: { value: 0 },
    evolve: (state, event) => ({ value: state.value + event.data.by }),
    decide(command, state, { now }) {
      calls.decide += 1;
      const incremented = (by: number): CounterEvent => ({ type: 'Incremented', data: { by, at: now.toISOString() } });
      switch (command.type) {
        case 'Increment':
          if (state.value + command.by > LIMIT) fail('badRequest');
          return [incremented(command.by)];
        case 'IncrementTwice':
          if (state.value + 2 * command.by > LIMIT) fail('badRequest');
          return [incremented(command.by), incremented(command.by)];
        case 'Inspect':
          return [];
        default: {
          const unknown: never = command;
          return unknown;
        }
      }
    },
  };
}
