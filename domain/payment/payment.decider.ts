import type { SnapshotFrom } from 'xstate';
import type { DecideContext, Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import { acceptedBy, evolveThrough, initialSnapshot } from '../shared/machine-decider';
import type { PaymentCommand } from './payment.commands';
import type { PaymentEvent } from './payment.events';
import { paymentMachine, refundableAmount } from './payment.machine';

export type PaymentState = SnapshotFrom<typeof paymentMachine>;

/**
 * Callbacks are idempotent: the same success (same transaction id) or the same refund outcome decides no events;
 * a different transaction on a succeeded payment is rejected.
 */
function decidePayment(command: PaymentCommand, state: PaymentState, { now }: DecideContext): PaymentEvent[] {
  const c = state.context;
  const at = now.toISOString();
  switch (command.type) {
    case 'CreatePayment': {
      const { expiresAt, amount, ...rest } = command.data;
      if (c.payment) fail('paymentStateChanged');
      if (amount === 0) fail('freeOrder');
      return [{ type: 'PaymentCreated', data: { ...rest, amount, createdAt: at, expiresAt } }];
    }
    case 'RecordPaymentSuccess': {
      const { transactionId, amount } = command.data;
      if (c.success) return c.success.transactionId === transactionId ? [] : fail('paymentStateChanged');
      if (c.payment && amount !== c.payment.amount) fail('paymentAmountMismatch');
      return [{ type: 'PaymentSucceeded', data: { transactionId, amount, paidAt: at } }];
    }
    case 'RecordPaymentFailure':
      return [{ type: 'PaymentFailed', data: { reason: command.data.reason, failedAt: at } }];
    case 'ClosePayment':
      if (command.data.reason === 'expired' && c.payment && Date.parse(c.payment.expiresAt) > now.getTime()) {
        fail('paymentStateChanged');
      }
      return [{ type: 'PaymentClosed', data: { reason: command.data.reason, closedAt: at } }];
    case 'RequestRefund': {
      const { refundId, ...refund } = command.data;
      const earlier = c.refunds[refundId];
      if (earlier) return earlier.amount === refund.amount && earlier.orderId === refund.orderId ? [] : fail('paymentStateChanged');
      if (refund.amount === 0) fail('badRequest');
      if (c.success && refund.amount > refundableAmount(c)) fail('refundAmountExceeded');
      return [{ type: 'RefundRequested', data: { refundId, ...refund, requestedAt: at } }];
    }
    case 'RecordRefundSuccess':
      if (c.refunds[command.data.refundId]?.status === 'refunded') return [];
      return [{ type: 'PaymentRefunded', data: { refundId: command.data.refundId, refundedAt: at } }];
    case 'RecordRefundFailure':
      if (c.refunds[command.data.refundId]?.status === 'failed') return [];
      return [{ type: 'RefundFailed', data: { ...command.data, failedAt: at } }];
    default: {
      const unknown: never = command;
      return fail('badRequest', `unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: initialSnapshot(paymentMachine),
  evolve: evolveThrough(paymentMachine),
  decide: (command, state, context) =>
    acceptedBy(paymentMachine, state, decidePayment(command, state, context), 'paymentStateChanged'),
};
