/**
 * The checkout process decider: started once (the same request again records nothing; another request under the same
 * Idempotency-Key is 重复请求), then completed or failed exactly once.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { CheckoutCompleted, CheckoutEvent, CheckoutFailed, CheckoutStarted } from './checkout.events';

export interface CheckoutState {
  readonly started: CheckoutStarted['data'] | null;
  readonly completed: CheckoutCompleted['data'] | null;
  readonly failed: CheckoutFailed['data'] | null;
}

export type CheckoutCommand =
  | { type: 'StartCheckout'; data: Omit<CheckoutStarted['data'], 'startedAt'> }
  | { type: 'CompleteCheckout'; data: Omit<CheckoutCompleted['data'], 'completedAt'> }
  | { type: 'FailCheckout'; data: Omit<CheckoutFailed['data'], 'failedAt'> };

function evolve(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'CheckoutStarted': return { ...state, started: event.data };
    case 'CheckoutCompleted': return { ...state, completed: event.data };
    case 'CheckoutFailed': return { ...state, failed: event.data };
    default: {
      const unknown: never = event;
      throw new Error(`unknown checkout event ${(unknown as { type: string }).type}`);
    }
  }
}

function decide(command: CheckoutCommand, state: CheckoutState, now: Date): CheckoutEvent[] {
  const at = now.toISOString();
  const finished = state.completed !== null || state.failed !== null;
  switch (command.type) {
    case 'StartCheckout':
      if (state.started) return state.started.requestHash === command.data.requestHash ? [] : fail('duplicateRequest');
      return [{ type: 'CheckoutStarted', data: { ...command.data, startedAt: at } }];
    case 'CompleteCheckout':
      if (state.completed) return [];
      if (!state.started || finished) return fail('orderStateChanged');
      return [{ type: 'CheckoutCompleted', data: { ...command.data, completedAt: at } }];
    case 'FailCheckout':
      if (state.failed) return [];
      if (!state.started || finished) return fail('orderStateChanged');
      return [{ type: 'CheckoutFailed', data: { ...command.data, failedAt: at } }];
    default: {
      const unknown: never = command;
      return fail('badRequest', `unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const checkoutDecider: Decider<CheckoutCommand, CheckoutEvent, CheckoutState> = {
  initialState: { started: null, completed: null, failed: null },
  evolve,
  decide: (command, state, { now }) => decide(command, state, now),
};
