/**
 * Reconciliation with the payment provider (issue 28, DESIGN.md §4 "outside systems are reconciled"): money the
 * provider took without telling us — a callback lost, or one WeChat Pay stopped re-sending — is found by asking it
 * (WeChat Pay v3 查询订单 by out_trade_no; the sandbox answers the same way) and recorded exactly as a callback would
 * be (recordMoneyIn: the same transaction id, so a callback arriving later records nothing twice). Asked:
 * - by the resumer, for a payment still awaiting its money RECONCILE_PENDING_PAYMENT_AFTER_MS after it was created;
 * - by `checkPay`, the shopper's poll, at most once per QUERY_EVERY_MS per payment in this process;
 * - when a close is refused with ORDERPAID (release-order-resources.ts): the money is recorded, and the order that no
 *   longer awaits payment is refunded from it (pay-orders.ts, 'paid-after-close').
 * A provider that cannot be reached leaves things as they are: the next ask (or the callback) tries again.
 */
import { PaymentProviderError, type PaymentResult } from '../payments/payment-provider';
import type { CheckoutDeps } from './checkout.deps';
import { recordMoneyIn } from './payment-callback';
import { checkoutStateOf } from './checkout-stream';
import { loadPayment } from './payment-service';

/** How often a shopper's poll may make this process ask the provider about one payment. */
export const QUERY_EVERY_MS = 10_000;
const lastAsked = new Map<string, number>();

/**
 * Asks the provider about `paymentId` and records money it reports; answers the provider's trade state, or null when
 * the payment is not awaiting money here or the provider could not answer.
 */
export async function reconcilePayment(deps: CheckoutDeps, paymentId: string): Promise<PaymentResult['tradeState'] | null> {
  const state = await loadPayment(deps, paymentId);
  if (!state.context.payment || (!state.matches('awaitingPayment') && !state.matches('closed'))) return null;
  let answer: PaymentResult;
  try {
    answer = await deps.payments.provider.queryPayment(paymentId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log(`[checkout] asking the provider about ${paymentId}: ${error.code} ${error.message}`);
    return null;
  }
  // REFUND: paid, then (some of it) refunded at the provider — the money came in first all the same
  if ((answer.tradeState === 'SUCCESS' || answer.tradeState === 'REFUND') && !state.context.success) {
    deps.log(`[checkout] payment ${paymentId}: the provider reports money the store had not recorded (${answer.transactionId}); recorded`);
    await recordMoneyIn(deps, { ...answer, tradeState: 'SUCCESS' });
  }
  return answer.tradeState;
}

/** The shopper's poll asks the provider too, but not more often than QUERY_EVERY_MS per payment. */
export async function reconcileOnPoll(deps: CheckoutDeps, paymentId: string): Promise<void> {
  const now = deps.clock().getTime();
  if (now - (lastAsked.get(paymentId) ?? 0) < QUERY_EVERY_MS) return;
  lastAsked.set(paymentId, now);
  if (lastAsked.size > 10_000) lastAsked.delete(lastAsked.keys().next().value as string);
  await reconcilePayment(deps, paymentId);
}

/**
 * Every payment that names `orderId`, newest first: those its checkout stream names (found there even while the
 * read model lags) and those the payments read model knows (a QR refreshed for the order alone).
 */
export async function paymentsNaming(deps: Pick<CheckoutDeps, 'store' | 'db'>, orderId: number, checkoutStreamId: string | null): Promise<string[]> {
  const named = checkoutStreamId?.startsWith('checkout-')
    ? checkoutStateOf(await deps.store.readStream(checkoutStreamId)).payments.filter((p) => p.orderIds.includes(orderId)).map((p) => p.paymentId)
    : [];
  const { rows } = await deps.db.query<{ payment_id: string }>(
    'select payment_id from payment_orders where order_id = $1 order by created_at desc', [orderId]);
  return [...new Set([...named.reverse(), ...rows.map((r) => r.payment_id)])];
}
