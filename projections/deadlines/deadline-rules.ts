/**
 * Which deadline an event starts or makes moot (DESIGN.md §4 "time-based transitions"). One row per (kind, stream):
 * - close-unpaid-order  OrderPlaced.paymentDeadline; gone once paid, cancelled, closed or deleted
 * - auto-confirm        OrderShipped / AutoConfirmResumed.autoConfirmAt; gone on AutoConfirmPaused, ReceiptConfirmed,
 *                       cancellation, full refund or deletion
 * - fail-collage        CollageOpened.deadline; gone once the group succeeded or failed
 * - close-after-sale    the autoCloseAt of the after-sale's latest event: every after-sale event either sets the
 *                       deadline of the state it enters or clears it (as the after-sale context does)
 * - settle-refund       RefundRequested.requestedAt + 2 minutes, per payment: the refunds of the payment still pending
 *                       then are asked again (services/checkout/refunds.ts); never cleared by an outcome, since
 *                       another refund of the same payment may still be pending — a firing with nothing left is a no-op
 * - settle-payment      PaymentSucceeded.paidAt + 10 s, per payment: the orders the money covers are paid (or refunded)
 *                       again (services/checkout/payment-callback.ts settlePayment). The callback does it at once; this
 *                       finishes it when the process died between recording the money and paying the orders (a
 *                       sandbox payment is never notified again). Never cleared: the orders' events live on other
 *                       streams, and every step's command id makes a firing after a completed callback a no-op
 * - abandon-checkout    CheckoutStarted.deadline (startedAt + CHECKOUT_DEADLINE_MS for checkouts recorded without one);
 *                       gone once the checkout completed, failed or was abandoned: a checkout a crash stopped between
 *                       reserving and placing is given up then and what it reserved comes back
 * `dueText` is the instant exactly as the event wrote it (or, for settle-refund, computed from it):
 * CloseUnhandledAfterSale{dueAt} is compared as a string.
 */
import { CHECKOUT_DEADLINE_MS } from '../../domain/checkout/checkout.events';
import { streamCategory } from '../../services/event-store/event-store.port';

export const DEADLINE_KINDS = [
  'close-unpaid-order', 'auto-confirm', 'fail-collage', 'close-after-sale', 'settle-refund', 'abandon-checkout',
  'settle-payment',
] as const;

/** How long after a refund is asked for its outcome is checked (WeChat usually settles within seconds to minutes). */
export const SETTLE_REFUND_AFTER_MS = 2 * 60_000;
/** How long after money is recorded its orders are checked (the callback pays them within milliseconds). */
export const SETTLE_PAYMENT_AFTER_MS = 10_000;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export type DeadlineChange =
  | { op: 'set'; kind: DeadlineKind; dueText: string }
  | { op: 'clear'; kind: DeadlineKind };

const ORDER_CLEARS: Record<string, readonly DeadlineKind[]> = {
  OrderPaid: ['close-unpaid-order'],
  OrderCancelled: ['close-unpaid-order', 'auto-confirm'],
  OrderRefundedInFull: ['close-unpaid-order', 'auto-confirm'],
  OrderDeleted: ['close-unpaid-order', 'auto-confirm'],
  ReceiptConfirmed: ['auto-confirm'],
  AutoConfirmPaused: ['auto-confirm'],
};

export const ORDER_TYPES = ['OrderPlaced', 'OrderShipped', 'AutoConfirmResumed', ...Object.keys(ORDER_CLEARS)];
export const COLLAGE_TYPES = ['CollageOpened', 'CollageSucceeded', 'CollageFailed'];
export const PAYMENT_TYPES = ['RefundRequested', 'PaymentSucceeded'];
export const CHECKOUT_TYPES = ['CheckoutStarted', 'CheckoutCompleted', 'CheckoutFailed', 'CheckoutAbandoned'];

const text = (data: unknown, field: string): string | null => {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
};

const after = (instant: string | null, ms: number): string | null =>
  instant && new Date(Date.parse(instant) + ms).toISOString();

const setOrIgnore = (kind: DeadlineKind, dueText: string | null): DeadlineChange[] => (dueText ? [{ op: 'set', kind, dueText }] : []);

export function deadlineChanges(event: { type: string; streamId: string; data: unknown }): DeadlineChange[] {
  switch (streamCategory(event.streamId)) {
    case 'order':
      if (event.type === 'OrderPlaced') return setOrIgnore('close-unpaid-order', text(event.data, 'paymentDeadline'));
      if (event.type === 'OrderShipped' || event.type === 'AutoConfirmResumed') {
        return setOrIgnore('auto-confirm', text(event.data, 'autoConfirmAt'));
      }
      return (ORDER_CLEARS[event.type] ?? []).map((kind) => ({ op: 'clear', kind }));
    case 'collage':
      if (event.type === 'CollageOpened') return setOrIgnore('fail-collage', text(event.data, 'deadline'));
      return event.type === 'CollageSucceeded' || event.type === 'CollageFailed' ? [{ op: 'clear', kind: 'fail-collage' }] : [];
    case 'payment': {
      if (event.type === 'PaymentSucceeded') return setOrIgnore('settle-payment', after(text(event.data, 'paidAt'), SETTLE_PAYMENT_AFTER_MS));
      const requestedAt = event.type === 'RefundRequested' ? text(event.data, 'requestedAt') : null;
      return setOrIgnore('settle-refund', after(requestedAt, SETTLE_REFUND_AFTER_MS));
    }
    case 'checkout': {
      if (event.type !== 'CheckoutStarted') return CHECKOUT_TYPES.includes(event.type) ? [{ op: 'clear', kind: 'abandon-checkout' }] : [];
      const startedAt = text(event.data, 'startedAt');
      return setOrIgnore('abandon-checkout', text(event.data, 'deadline') ?? after(startedAt, CHECKOUT_DEADLINE_MS));
    }
    case 'after-sale': {
      const due = text(event.data, 'autoCloseAt');
      return due ? [{ op: 'set', kind: 'close-after-sale', dueText: due }] : [{ op: 'clear', kind: 'close-after-sale' }];
    }
    default:
      return [];
  }
}

/** The numeric id at the end of a stream id (`order-12` → 12). */
export function entityIdOf(streamId: string): number {
  const id = Number(streamId.slice(streamId.lastIndexOf('-') + 1));
  return Number.isSafeInteger(id) ? id : 0;
}
