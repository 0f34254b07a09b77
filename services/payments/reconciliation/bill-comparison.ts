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
  const report = (kind: DifferenceKind, paymentId: string, provider: string | null, store: string, refundId?: string) =>
    differences.push({ kind, paymentId, ...(refundId === undefined ? {} : { refundId }), provider, store });
  const paidInBill = new Set<string>();
  const refundsInBill = new Set<string>();

  for (const line of lines) {
    const known = facts.get(line.paymentId);
    if (line.tradeState === 'REFUND' && line.refundId !== undefined) {
      refundsInBill.add(line.refundId);
      const refund = known?.refunds.get(line.refundId);
      const provider = `refund ${yuan(line.refundFen ?? 0)} ${line.refundStatus ?? ''}`.trim();
      if (!refund) report('refund-not-recorded', line.paymentId, provider, 'no such refund', line.refundId);
      else if (refund.amountFen !== line.refundFen) report('refund-amount-differs', line.paymentId, provider, `refund ${yuan(refund.amountFen)}`, line.refundId);
      // a bill is a snapshot: a refund PROCESSING then is no difference while the store still waits for its outcome
      else if (line.refundStatus === 'SUCCESS' && refund.status !== 'refunded') report('refund-not-recorded', line.paymentId, provider, `refund ${refund.status}`, line.refundId);
      continue;
    }
    const provider = `${line.tradeState} ${yuan(line.amountFen)} ${line.transactionId}`;
    if (line.tradeState !== 'SUCCESS') {
      if (known?.success) report('recorded-paid-not-at-provider', line.paymentId, provider, storeSuccess(known));
      continue;
    }
    paidInBill.add(line.paymentId);
    if (!known?.success) {
      report('paid-not-recorded', line.paymentId, provider, known?.exists ? 'not paid' : 'no such payment');
      continue;
    }
    if (known.success.amountFen !== line.amountFen) report('amount-differs', line.paymentId, provider, storeSuccess(known));
    if (known.success.transactionId !== line.transactionId) report('transaction-differs', line.paymentId, provider, storeSuccess(known));
  }

  for (const paymentId of recorded.paid) {
    const known = facts.get(paymentId);
    if (!paidInBill.has(paymentId) && known?.success) report('recorded-paid-not-at-provider', paymentId, null, storeSuccess(known));
  }
  for (const { paymentId, refundId } of recorded.refunds) {
    const refund = facts.get(paymentId)?.refunds.get(refundId);
    // a refund still requested (the provider's answer pending or lost) moved no money on our books yet
    if (!refundsInBill.has(refundId) && refund?.status === 'refunded') {
      report('refund-recorded-not-at-provider', paymentId, null, `refund ${yuan(refund.amountFen)} refunded`, refundId);
    }
  }
  return differences.sort((a, b) => a.paymentId.localeCompare(b.paymentId) || a.kind.localeCompare(b.kind)
    || (a.refundId ?? '').localeCompare(b.refundId ?? ''));
}

const storeSuccess = (facts: PaymentFacts): string =>
  facts.success ? `SUCCESS ${yuan(facts.success.amountFen)} ${facts.success.transactionId}` : 'not paid';
