/**
 * Which deadline an event starts or makes moot (DESIGN.md §4 "time-based transitions"). One row per (kind, stream):
 * - close-unpaid-order  OrderPlaced.paymentDeadline; gone once paid, cancelled, closed or deleted
 * - auto-confirm        OrderShipped / AutoConfirmResumed.autoConfirmAt; gone on AutoConfirmPaused, ReceiptConfirmed,
 *                       cancellation, full refund or deletion
 * - fail-collage        CollageOpened.deadline; gone once the group succeeded or failed
 * - close-after-sale    the autoCloseAt of the after-sale's latest event: every after-sale event either sets the
 *                       deadline of the state it enters or clears it (as the after-sale context does)
 * - resume-process      the one resumer's row per process stream (services/processes/process-resumer.ts; fired
 *                       PROCESS_RESUME_AFTER_MS after the instant here): set at each event after which the process
 *                       may still have steps to take, cleared by its final event (processResumeChange below)
 * - abandon-checkout    CheckoutStarted.deadline (startedAt + CHECKOUT_DEADLINE_MS for checkouts recorded without one);
 *                       gone once the checkout completed, failed or was abandoned: a checkout a crash stopped between
 *                       reserving and placing is given up then and what it reserved comes back
 * `dueText` is the instant exactly as the event wrote it (or, for settle-refund, computed from it):
 * CloseUnhandledAfterSale{dueAt} is compared as a string.
 */
import { CHECKOUT_DEADLINE_MS } from '../../domain/checkout/checkout.events';
import { streamCategory } from '../../services/event-store/event-store.port';

export const DEADLINE_KINDS = [
  'close-unpaid-order', 'auto-confirm', 'fail-collage', 'close-after-sale', 'abandon-checkout', 'resume-process',
] as const;

/**
 * A payment still awaiting its money this long after it was created is asked about at the provider (issue 28: a
 * callback WeChat Pay stopped re-sending must not leave money unrecorded).
 */
export const RECONCILE_PENDING_PAYMENT_AFTER_MS = 5 * 60_000;
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
export const PAYMENT_TYPES = ['PaymentCreated', 'PaymentSucceeded', 'PaymentFailed', 'PaymentClosed', 'RefundRequested', 'PaymentRefunded', 'RefundFailed'];
export const CHECKOUT_TYPES = ['CheckoutStarted', 'CheckoutCommitted', 'CheckoutCompleted', 'CheckoutFailed', 'CheckoutAbandoned'];

const text = (data: unknown, field: string): string | null => {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
};

const after = (instant: string | null, ms: number): string | null =>
  instant && new Date(Date.parse(instant) + ms).toISOString();

const setOrIgnore = (kind: DeadlineKind, dueText: string | null): DeadlineChange[] => (dueText ? [{ op: 'set', kind, dueText }] : []);

/** What a deadline rule reads of an event: `occurredAt` only for the resumer's row. */
export interface DeadlineEvent { type: string; streamId: string; data: unknown; metadata?: { occurredAt?: string } }

export function deadlineChanges(event: DeadlineEvent): DeadlineChange[] {
  const resume = processResumeChange(event);
  return resume ? [...lifecycleChanges(event), resume] : lifecycleChanges(event);
}

/**
 * The resumer's row of a process stream (issue 28: every process reaches a final state without an ops command):
 * - checkout    open from CheckoutStarted; CheckoutFailed and CheckoutAbandoned re-arm it (the give-back to finish);
 *               CheckoutCompleted ends it
 * - payment     PaymentCreated arms it RECONCILE_PENDING_PAYMENT_AFTER_MS later (ask the provider about money that may
 *               have come without its callback); PaymentSucceeded (its orders to pay, or refund), RefundRequested and a
 *               refund's outcome (refunds still pending) re-arm it; PaymentFailed and PaymentClosed end it
 * - after-sale  every event: its state says what the order side, the refund and the stock still need
 * - collage     CollageSucceeded (the other members' orders move on) and CollageFailed (theirs close and are refunded)
 * - order       OrderCancelled: what the order held comes back, it leaves its group, a paid amount is refunded
 */
export function processResumeChange(event: DeadlineEvent): DeadlineChange | null {
  const at = event.metadata?.occurredAt;
  const set = (offsetMs = 0): DeadlineChange | null => {
    const due = at && !Number.isNaN(Date.parse(at)) ? new Date(Date.parse(at) + offsetMs).toISOString() : null;
    return due ? { op: 'set', kind: 'resume-process', dueText: due } : null;
  };
  const clear: DeadlineChange = { op: 'clear', kind: 'resume-process' };
  switch (streamCategory(event.streamId)) {
    case 'checkout':
      if (event.type === 'CheckoutCompleted') return clear;
      return ['CheckoutStarted', 'CheckoutCommitted', 'CheckoutFailed', 'CheckoutAbandoned'].includes(event.type) ? set() : null;
    case 'payment':
      if (event.type === 'PaymentCreated') return set(RECONCILE_PENDING_PAYMENT_AFTER_MS);
      if (event.type === 'PaymentFailed' || event.type === 'PaymentClosed') return clear;
      return ['PaymentSucceeded', 'RefundRequested', 'PaymentRefunded', 'RefundFailed'].includes(event.type) ? set() : null;
    case 'after-sale':
      return set();
    case 'collage':
      return event.type === 'CollageSucceeded' || event.type === 'CollageFailed' ? set() : null;
    case 'order':
      return event.type === 'OrderCancelled' ? set() : null;
    default:
      return null;
  }
}

function lifecycleChanges(event: DeadlineEvent): DeadlineChange[] {
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
    case 'checkout': {
      if (event.type === 'CheckoutCommitted') return [];
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
