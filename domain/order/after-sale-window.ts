/**
 * How long a completed order (4 已完成) accepts after-sales (issue 29). The shop chooses the window
 * (AFTER_SALE_WINDOW_DAYS, services/config.ts) and the caller passes it with the receipt command, since the domain has
 * no configuration; it never goes below the law's floor, 七天无理由退货 after receipt (消费者权益保护法 §25).
 * ReceiptConfirmed records the closing instant, so a later change of the setting does not move promised deadlines.
 */
import type { ReceiptConfirmed } from './order.events';

export const AFTER_SALE_WINDOW_MIN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant after-sales close for a receipt confirmed at `confirmedAt` with a window of `days`. */
export function afterSaleUntilFrom(confirmedAt: Date, days: number): string {
  return new Date(confirmedAt.getTime() + Math.max(AFTER_SALE_WINDOW_MIN_DAYS, days) * DAY_MS).toISOString();
}

/**
 * The recorded closing instant; a receipt confirmed before the window existed gets the legal floor (confirmedAt +
 * 7 days): the shopper was promised no longer, and the law grants no less.
 */
export const afterSaleUntilOf = (e: ReceiptConfirmed['data']): string =>
  e.afterSaleUntil ?? afterSaleUntilFrom(new Date(e.confirmedAt), AFTER_SALE_WINDOW_MIN_DAYS);

/** Past the recorded closing instant (the instant itself still accepts). */
export const isAfterSaleWindowClosed = (afterSaleUntil: string | null | undefined, now: Date): boolean =>
  afterSaleUntil !== null && afterSaleUntil !== undefined && now.getTime() > Date.parse(afterSaleUntil);
