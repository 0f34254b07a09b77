/**
 * `npm run ops -- payments reconcile [--date yyyy-MM-dd]`: the provider's bill of a Shanghai day (default yesterday)
 * against the store (services/payments/reconciliation), every difference printed; the command exits 1 when there
 * is any, so a cron or CI step notices.
 */
import { reconcileBill, type ReconciliationReport } from '../payments/reconciliation/reconcile-bill';
import { formatReconciliation } from '../payments/reconciliation/reconciliation.format';
import { isBillDate, shanghaiYesterday } from '../payments/shanghai-day';
import type { Runtime } from '../runtime';

export type PaymentsCommand = { kind: 'payments-reconcile'; date: string | null };

export const PAYMENTS_USAGE = 'payments reconcile [--date yyyy-MM-dd]   the provider\'s daily bill against the store (default: yesterday, Shanghai)';

/** `reconcile [--date D]`, or null when malformed. */
export function parsePaymentsArgs(args: readonly string[]): PaymentsCommand | null {
  const [verb, ...rest] = args;
  if (verb !== 'reconcile') return null;
  if (rest.length === 0) return { kind: 'payments-reconcile', date: null };
  if (rest.length === 2 && rest[0] === '--date' && isBillDate(rest[1])) return { kind: 'payments-reconcile', date: rest[1] };
  return null;
}

/** The report as text; a report with differences sets the exit code. */
export function reportOutcome(report: ReconciliationReport): string {
  if (report.differences.length > 0) process.exitCode = 1;
  return formatReconciliation(report);
}

export async function runPaymentsDirect(runtime: Runtime, command: PaymentsCommand): Promise<string> {
  if (!runtime.eventsDb) throw new Error('payments reconcile reads the events table: it needs the PostgreSQL or PGlite event store');
  const billDate = command.date ?? shanghaiYesterday(runtime.clock());
  return reportOutcome(await reconcileBill({ provider: runtime.payments.provider, store: runtime.store, eventsDb: runtime.eventsDb }, billDate));
}

export const reconcilePath = (command: PaymentsCommand): string =>
  `/payments/reconcile${command.date ? `?date=${encodeURIComponent(command.date)}` : ''}`;
