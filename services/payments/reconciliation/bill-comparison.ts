/**
 * The provider's bill of one day against the store, line by line (pure: reconcile-bill.ts gathers both sides).
 * Every difference names its payment and its kind:
 *   paid-not-recorded                 the bill has the payment, the store has no PaymentSucceeded (a lost callback)
 *   recorded-paid-not-at-provider     the store recorded a success that day, the bill has no SUCCESS line for it
 *   amount-differs / transaction-differs   both have it, the amount or the transaction id is not the same
 *   refund-not-recorded               the bill has a refund the store never requested, or not as succeeded
 *   refund-recorded-not-at-provider   the store recorded a refund succeeded, the bill has no line for it
 *   refund-amount-differs             both have the refund, the amount is not the same
 * A store-side fact absent from the bill is only a candidate (`provider: null`): the provider may have dated it on the
 * next or previous day (a callback recorded after midnight), which reconcile-bill.ts asks the provider about.
 */
import type { BillLine } from '../payment-provider';
import type { PaymentFacts } from './payment-facts';
import type { RecordedInDay } from './recorded-payments.sql';

export const DIFFERENCE_KINDS = [
  'paid-not-recorded', 'recorded-paid-not-at-provider', 'amount-differs', 'transaction-differs',
  'refund-not-recorded', 'refund-recorded-not-at-provider', 'refund-amount-differs',
] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export interface BillDifference {
  kind: DifferenceKind;
  paymentId: string;
  refundId?: string;
  /** What the provider says; null while the fact is only absent from the bill (not yet asked). */
  provider: string | null;
  /** What the store says. */
  store: string;
}

export const yuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;

export function compareBill(lines: readonly BillLine[], facts: ReadonlyMap<string, PaymentFacts>, recorded: RecordedInDay): BillDifference[] {
  const differences: BillDifference[] = [];
  const factsOf = (paymentId: string): PaymentFacts | undefined => facts.get(paymentId);
  const paidInBill = new Set<string>();
  const refundsInBill = new Set<string>();

  for (const line of lines) {
    const known = factsOf(line.paymentId);
    if (line.tradeState === 'REFUND' && line.refundId !== undefined) {
      refundsInBill.add(line.refundId);
      const refund = known?.refunds.get(line.refundId);
      const provider = `refund ${yuan(line.refundFen ?? 0)} ${line.refundStatus ?? ''}`.trim();
      if (!refund) differences.push({ kind: 'refund-not-recorded', paymentId: line.paymentId, refundId: line.refundId, provider, store: 'no such refund' });
      else if (refund.amountFen !== line.refundFen) {
        differences.push({ kind: 'refund-amount-differs', paymentId: line.paymentId, refundId: line.refundId, provider, store: `refund ${yuan(refund.amountFen)}` });
      } else if (line.refundStatus === 'SUCCESS' && refund.status !== 'refunded') {
        differences.push({ kind: 'refund-not-recorded', paymentId: line.paymentId, refundId: line.refundId, provider, store: `refund ${refund.status}` });
      }
      continue;
    }
    const provider = `${line.tradeState} ${yuan(line.amountFen)} ${line.transactionId}`;
    if (line.tradeState !== 'SUCCESS') {
      if (known?.success) differences.push({ kind: 'recorded-paid-not-at-provider', paymentId: line.paymentId, provider, store: storeSuccess(known) });
      continue;
    }
    paidInBill.add(line.paymentId);
    if (!known?.success) {
      differences.push({ kind: 'paid-not-recorded', paymentId: line.paymentId, provider, store: known?.exists ? 'not paid' : 'no such payment' });
      continue;
    }
    if (known.success.amountFen !== line.amountFen) {
      differences.push({ kind: 'amount-differs', paymentId: line.paymentId, provider, store: storeSuccess(known) });
    }
    if (known.success.transactionId !== line.transactionId) {
      differences.push({ kind: 'transaction-differs', paymentId: line.paymentId, provider, store: storeSuccess(known) });
    }
  }

  for (const paymentId of recorded.paid) {
    const known = factsOf(paymentId);
    if (!paidInBill.has(paymentId) && known?.success) {
      differences.push({ kind: 'recorded-paid-not-at-provider', paymentId, provider: null, store: storeSuccess(known) });
    }
  }
  for (const { paymentId, refundId } of recorded.refunds) {
    const refund = factsOf(paymentId)?.refunds.get(refundId);
    // a refund still requested (the provider's answer pending or lost) moved no money on our books yet
    if (!refundsInBill.has(refundId) && refund?.status === 'refunded') {
      differences.push({ kind: 'refund-recorded-not-at-provider', paymentId, refundId, provider: null, store: `refund ${yuan(refund.amountFen)} refunded` });
    }
  }
  return differences.sort((a, b) => a.paymentId.localeCompare(b.paymentId) || a.kind.localeCompare(b.kind)
    || (a.refundId ?? '').localeCompare(b.refundId ?? ''));
}

const storeSuccess = (facts: PaymentFacts): string =>
  facts.success ? `SUCCESS ${yuan(facts.success.amountFen)} ${facts.success.transactionId}` : 'not paid';
