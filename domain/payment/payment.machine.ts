import { assign, setup } from 'xstate';
import type { PaymentClosed, PaymentCreated, PaymentEvent, PaymentFailed, PaymentSucceeded, RefundRequested } from './payment.events';

/**
 * The payment lifecycle (DESIGN.md §7): created with a QR → succeeded | failed | closed; refunds are taken from a
 * succeeded payment one request at a time or concurrently, each ending refunded or failed; the payment is
 * `refunded` once every fen has gone back. A success reported after the payment was closed still counts
 * (money moved; the payment process refunds it).
 */
export type RefundStatus = 'pending' | 'refunded' | 'failed';
export interface RefundRecord extends Omit<RefundRequested['data'], 'refundId'> { status: RefundStatus; failure: string | null }

export interface PaymentContext {
  payment: PaymentCreated['data'] | null;
  success: PaymentSucceeded['data'] | null;
  failure: PaymentFailed['data'] | null;
  closed: PaymentClosed['data'] | null;
  refunds: Record<string, RefundRecord>;
}

const emptyPaymentContext: PaymentContext = { payment: null, success: null, failure: null, closed: null, refunds: {} };

const ofType = <T extends PaymentEvent['type']>(event: PaymentEvent, type: T): Extract<PaymentEvent, { type: T }> | null =>
  (event.type === type ? event as Extract<PaymentEvent, { type: T }> : null);

const sumRefunds = (c: PaymentContext, statuses: RefundStatus[]): number =>
  Object.values(c.refunds).filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.amount, 0);

/** fen still available to refund: paid minus refunded and pending */
export const refundableAmount = (c: PaymentContext): number =>
  (c.success?.amount ?? 0) - sumRefunds(c, ['pending', 'refunded']);

export const refundedAmount = (c: PaymentContext): number => sumRefunds(c, ['refunded']);

/** refunds asked of the provider whose outcome is not recorded yet */
export const pendingIds = (c: PaymentContext): string[] =>
  Object.entries(c.refunds).filter(([, r]) => r.status === 'pending').map(([id]) => id);

const settles = (c: PaymentContext, event: PaymentEvent): string | null => {
  const e = ofType(event, 'PaymentRefunded') ?? ofType(event, 'RefundFailed');
  return e && c.refunds[e.data.refundId]?.status === 'pending' ? e.data.refundId : null;
};

const setRefund = (c: PaymentContext, refundId: string, patch: Partial<RefundRecord>): Record<string, RefundRecord> =>
  ({ ...c.refunds, [refundId]: { ...c.refunds[refundId], ...patch } });

export const paymentMachine = setup({
  types: { context: {} as PaymentContext, events: {} as PaymentEvent },
  guards: {
    refundable: ({ context, event }) => {
      const e = ofType(event, 'RefundRequested');
      return e !== null && !(e.data.refundId in context.refunds) && e.data.amount <= refundableAmount(context)
        && (context.payment?.orderIds.includes(e.data.orderId) ?? false);
    },
    settlesLastFen: ({ context, event }) => {
      const id = settles(context, event);
      return id !== null && event.type === 'PaymentRefunded'
        && refundedAmount(context) + context.refunds[id].amount === (context.success?.amount ?? -1);
    },
    settlesWhileOthersPending: ({ context, event }) => {
      const id = settles(context, event);
      return id !== null && pendingIds(context).some((other) => other !== id);
    },
    settlesLastPending: ({ context, event }) => settles(context, event) !== null && pendingIds(context).length === 1,
  },
  actions: {
    recordCreated: assign(({ event }) => ({ payment: ofType(event, 'PaymentCreated')?.data ?? null })),
    recordSucceeded: assign(({ event }) => ({ success: ofType(event, 'PaymentSucceeded')?.data ?? null })),
    recordFailed: assign(({ event }) => ({ failure: ofType(event, 'PaymentFailed')?.data ?? null })),
    recordClosed: assign(({ event }) => ({ closed: ofType(event, 'PaymentClosed')?.data ?? null })),
    recordRefundRequested: assign(({ context, event }) => {
      const e = ofType(event, 'RefundRequested');
      if (!e) return {};
      const { refundId, ...refund } = e.data;
      return { refunds: { ...context.refunds, [refundId]: { ...refund, status: 'pending' as const, failure: null } } };
    }),
    recordRefunded: assign(({ context, event }) => {
      const e = ofType(event, 'PaymentRefunded');
      return e ? { refunds: setRefund(context, e.data.refundId, { status: 'refunded' }) } : {};
    }),
    recordRefundFailed: assign(({ context, event }) => {
      const e = ofType(event, 'RefundFailed');
      return e ? { refunds: setRefund(context, e.data.refundId, { status: 'failed', failure: e.data.reason }) } : {};
    }),
  },
}).createMachine({
  id: 'payment',
  context: emptyPaymentContext,
  initial: 'notCreated',
  states: {
    notCreated: { on: { PaymentCreated: { target: 'awaitingPayment', actions: 'recordCreated' } } },
    awaitingPayment: {
      on: {
        PaymentSucceeded: { target: 'succeeded', actions: 'recordSucceeded' },
        PaymentFailed: { target: 'failed', actions: 'recordFailed' },
        PaymentClosed: { target: 'closed', actions: 'recordClosed' },
      },
    },
    succeeded: {
      initial: 'settled',
      states: {
        settled: { on: { RefundRequested: { guard: 'refundable', target: 'refunding', actions: 'recordRefundRequested' } } },
        refunding: {
          on: {
            RefundRequested: { guard: 'refundable', actions: 'recordRefundRequested' },
            PaymentRefunded: [
              { guard: 'settlesLastFen', target: '#payment.refunded', actions: 'recordRefunded' },
              { guard: 'settlesWhileOthersPending', actions: 'recordRefunded' },
              { guard: 'settlesLastPending', target: 'settled', actions: 'recordRefunded' },
            ],
            RefundFailed: [
              { guard: 'settlesWhileOthersPending', actions: 'recordRefundFailed' },
              { guard: 'settlesLastPending', target: 'settled', actions: 'recordRefundFailed' },
            ],
          },
        },
      },
    },
    failed: { type: 'final' },
    closed: { on: { PaymentSucceeded: { target: 'succeeded', actions: 'recordSucceeded' } } },
    refunded: { type: 'final' },
  },
});

export type PaymentMachine = typeof paymentMachine;
