/**
 * Daily reconciliation with the payment provider (DESIGN.md §4 "Outside systems are reconciled"): the provider's
 * bill of one Shanghai day against the payment streams, every difference reported with its payment id and kind
 * (bill-comparison.ts). Nothing is changed here: a lost payment is recorded by the payment process from a query
 * (provider.queryPayment), and the report says what is left to look at.
 *
 *   const report = await reconcileBill({ provider, store, eventsDb }, '2026-12-06');
 *   report.differences   // [] when the books agree
 */
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import { PaymentProviderError, type PaymentProvider } from '../payment-provider';
import { shanghaiDate, shanghaiDayBounds } from '../shanghai-day';
import { compareBill, type BillDifference } from './bill-comparison';
import { paymentFactsOf, type PaymentFacts } from './payment-facts';
import { recordedBetween } from './recorded-payments.sql';

export interface ReconcileDeps {
  provider: Pick<PaymentProvider, 'tradeBill' | 'queryPayment' | 'queryRefund'>;
  store: Pick<EventStore, 'readStream'>;
  /** The database holding the events table (PostgreSQL or PGlite). */
  eventsDb: Queryable;
}

export interface ReconciliationReport {
  billDate: string;
  /** Detail lines in the provider's bill. */
  billLines: number;
  /** Payments compared (in the bill, or recorded paid or refunded that day). */
  paymentsChecked: number;
  differences: BillDifference[];
}

export async function reconcileBill(deps: ReconcileDeps, billDate: string): Promise<ReconciliationReport> {
  const day = shanghaiDayBounds(billDate);
  const lines = await deps.provider.tradeBill(billDate);
  const recorded = await recordedBetween(deps.eventsDb, day.from, day.to);
  const paymentIds = new Set([...lines.map((l) => l.paymentId), ...recorded.paid, ...recorded.refunds.map((r) => r.paymentId)]);
  const facts = new Map<string, PaymentFacts>();
  for (const paymentId of paymentIds) facts.set(paymentId, paymentFactsOf(paymentId, await deps.store.readStream(`payment-${paymentId}`)));
  const differences: BillDifference[] = [];
  for (const candidate of compareBill(lines, facts, recorded)) {
    const settled = candidate.provider === null ? await askProvider(deps, candidate, billDate) : candidate;
    if (settled) differences.push(settled);
  }
  return { billDate, billLines: lines.length, paymentsChecked: paymentIds.size, differences };
}

/**
 * A store fact the day's bill lacks: the provider is asked. Known to it on another day (paid just before midnight and
 * recorded after it, say), it belongs to that day's bill and is no difference here; otherwise its answer is reported.
 */
async function askProvider(deps: ReconcileDeps, candidate: BillDifference, billDate: string): Promise<BillDifference | null> {
  try {
    if (candidate.refundId !== undefined) {
      const refund = await deps.provider.queryRefund(candidate.refundId);
      return refund.status === 'SUCCESS' ? null : { ...candidate, provider: `absent from the bill; refund ${refund.status}` };
    }
    const payment = await deps.provider.queryPayment(candidate.paymentId);
    const paid = payment.tradeState === 'SUCCESS' || payment.tradeState === 'REFUND';
    if (paid && payment.successTime !== null && shanghaiDate(new Date(payment.successTime)) !== billDate) return null;
    return { ...candidate, provider: `absent from the bill; query: ${payment.tradeState}${payment.successTime ? ` paid ${payment.successTime}` : ''}` };
  } catch (error) {
    const answer = error instanceof PaymentProviderError ? error.code : error instanceof Error ? error.message : String(error);
    return { ...candidate, provider: `absent from the bill; query: ${answer}` };
  }
}
