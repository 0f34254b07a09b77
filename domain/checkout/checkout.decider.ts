/**
 * The checkout process decider: started once (the same request again records nothing; another request under the same
 * Idempotency-Key is 重复请求), then completed, failed or abandoned (at its deadline) exactly once. A deadline that
 * finds it completed or failed is stale (订单状态已变更) and records nothing. Committed (CheckoutCommitted: its orders
 * may be placed) only while neither failed nor abandoned, and once committed it can no longer fail or be abandoned:
 * whoever records first decides whether the process goes forward or gives back. Completing an uncommitted checkout
 * (its orders placed in the same append) records the commitment with the completion.
 *
 * It also keeps the payments named for its orders, newest last: a new one is named only in place of the one the
 * caller saw as the latest for the same orders (`supersedes`), so two refreshes racing on two API instances cannot
 * both add a live QR (the loser is told 409 and looks again).
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type {
  CheckoutAbandoned, CheckoutCommitted, CheckoutCompleted, CheckoutEvent, CheckoutFailed, CheckoutPaymentRequested, CheckoutStarted,
} from './checkout.events';

export interface NamedPayment { readonly paymentId: string; readonly orderIds: readonly number[] }

export interface CheckoutState {
  readonly started: CheckoutStarted['data'] | null;
  readonly committed: boolean;
  readonly completed: CheckoutCompleted['data'] | null;
  readonly failed: CheckoutFailed['data'] | null;
  readonly abandoned: CheckoutAbandoned['data'] | null;
  /** every payment named for the checkout's orders, oldest first (the plan's own first) */
  readonly payments: readonly NamedPayment[];
}

export type CheckoutCommand =
  | { type: 'StartCheckout'; data: Omit<CheckoutStarted['data'], 'startedAt'> }
  | { type: 'CommitCheckout'; data: { orderIds: number[] } }
  | { type: 'CompleteCheckout'; data: Omit<CheckoutCompleted['data'], 'completedAt'> }
  | { type: 'FailCheckout'; data: Omit<CheckoutFailed['data'], 'failedAt'> }
  | { type: 'RequestCheckoutPayment'; data: Omit<CheckoutPaymentRequested['data'], 'requestedAt'> & { supersedes: string | null } }
  | { type: 'AbandonCheckout'; data: Omit<CheckoutAbandoned['data'], 'abandonedAt'> };

const sameOrders = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((id, i) => id === [...b].sort((x, y) => x - y)[i]);

/** The newest payment named for exactly these orders, if any. */
export function latestPaymentFor(state: CheckoutState, orderIds: readonly number[]): NamedPayment | null {
  for (let i = state.payments.length - 1; i >= 0; i -= 1) if (sameOrders(state.payments[i].orderIds, orderIds)) return state.payments[i];
  return null;
}

function evolve(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'CheckoutStarted': {
      const { plan } = event.data;
      const payable = plan.orders.filter((o) => o.payable > 0).map((o) => o.orderId);
      const payments = plan.paymentId && payable.length > 0 ? [{ paymentId: plan.paymentId, orderIds: payable }] : [];
      return { ...state, started: event.data, payments };
    }
    case 'CheckoutCommitted': return { ...state, committed: true };
    case 'CheckoutCompleted': return { ...state, committed: true, completed: event.data };
    case 'CheckoutFailed': return { ...state, failed: event.data };
    case 'CheckoutAbandoned': return { ...state, abandoned: event.data };
    case 'CheckoutPaymentRequested':
      return { ...state, payments: [...state.payments, { paymentId: event.data.paymentId, orderIds: event.data.orderIds }] };
    default: {
      const unknown: never = event;
      throw new Error(`unknown checkout event ${(unknown as { type: string }).type}`);
    }
  }
}

const committed = (orderIds: number[], at: string): CheckoutCommitted => ({ type: 'CheckoutCommitted', data: { orderIds, committedAt: at } });

function decide(command: CheckoutCommand, state: CheckoutState, now: Date): CheckoutEvent[] {
  const at = now.toISOString();
  const finished = state.completed !== null || state.failed !== null || state.abandoned !== null;
  switch (command.type) {
    case 'StartCheckout':
      if (state.started) return state.started.requestHash === command.data.requestHash ? [] : fail('duplicateRequest');
      return [{ type: 'CheckoutStarted', data: { ...command.data, startedAt: at } }];
    case 'CommitCheckout':
      if (state.committed && state.started) return [];
      if (!state.started || finished) return fail('orderStateChanged');
      return [committed(command.data.orderIds, at)];
    case 'CompleteCheckout': {
      if (state.completed) return [];
      if (!state.started || finished) return fail('orderStateChanged');
      const completed: CheckoutEvent = { type: 'CheckoutCompleted', data: { ...command.data, completedAt: at } };
      return state.committed ? [completed] : [committed(command.data.orderIds, at), completed];
    }
    case 'FailCheckout':
      if (state.failed) return [];
      if (!state.started || finished || state.committed) return fail('orderStateChanged');
      return [{ type: 'CheckoutFailed', data: { ...command.data, failedAt: at } }];
    case 'RequestCheckoutPayment': {
      const { supersedes, ...data } = command.data;
      if (state.payments.some((p) => p.paymentId === data.paymentId)) return [];
      if (!state.started) return fail('orderStateChanged');
      if ((latestPaymentFor(state, data.orderIds)?.paymentId ?? null) !== supersedes) return fail('concurrency');
      return [{ type: 'CheckoutPaymentRequested', data: { ...data, requestedAt: at } }];
    }
    case 'AbandonCheckout':
      if (state.abandoned) return [];
      if (!state.started || finished || state.committed) return fail('orderStateChanged');
      return [{ type: 'CheckoutAbandoned', data: { ...command.data, abandonedAt: at } }];
    default: {
      const unknown: never = command;
      return fail('badRequest', `unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const checkoutDecider: Decider<CheckoutCommand, CheckoutEvent, CheckoutState> = {
  initialState: { started: null, committed: false, completed: null, failed: null, abandoned: null, payments: [] },
  evolve,
  decide: (command, state, { now }) => decide(command, state, now),
};
