/**
 * What the scheduler hands to the slice that owns a kind of deadline, and which failures mean "already moot".
 * Handlers turn a due deadline into the domain's ordinary command (DESIGN.md §4):
 *   close-unpaid-order → CloseUnpaidOrder on `order-<entityId>` (then the order process: collage leave, stock, payment close)
 *   auto-confirm       → ConfirmReceiptAutomatically on `order-<entityId>`
 *   fail-collage       → FailCollageAtDeadline on `collage-<entityId>` (then its members' orders and refunds)
 *   close-after-sale   → CloseUnhandledAfterSale{dueAt} on `after-sale-<entityId>` (dueAt verbatim)
 *   settle-refund      → the payment's pending refunds asked again on `payment-<id>` (streamId; entityId is 0)
 *   settle-payment     → the orders of a succeeded payment paid (or refunded), as its callback would have (streamId)
 * Pass `commandId` to handleCommand: a deadline fired again after a crash then answers from the stream.
 */
import { DomainError } from '../../domain/shared/errors';
import type { DeadlineKind } from '../../projections/deadlines/deadline-rules';

export type { DeadlineKind } from '../../projections/deadlines/deadline-rules';

export interface DueDeadline {
  kind: DeadlineKind;
  /** The stream the deadline belongs to (`order-12`, `collage-3`, `after-sale-7`). */
  streamId: string;
  /** The id at the end of the stream id. */
  entityId: number;
  /** The instant exactly as the event wrote it. */
  dueAt: string;
  /** 1 on the first try. */
  attempt: number;
  /** Stable for this deadline instance: `deadline:<kind>:<streamId>:<dueAt>`. */
  commandId: string;
}

/** Resolves when handled; throws to be retried with backoff, unless the error is a stale rejection. */
export type DeadlineHandler = (deadline: DueDeadline) => Promise<void>;

/** The machines' answers to a deadline that no longer applies (paid, confirmed, group settled, after-sale moved on). */
export const STALE_DEADLINE_CODES: readonly string[] = ['400001', '600003', '300010'];

export const isStaleDeadlineError = (error: unknown): boolean =>
  error instanceof DomainError && STALE_DEADLINE_CODES.includes(error.code);

export const deadlineCommandId = (kind: DeadlineKind, streamId: string, dueAt: string): string =>
  `deadline:${kind}:${streamId}:${dueAt}`;
