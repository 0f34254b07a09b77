/**
 * The payment process on the resumer (services/processes/process-resumer.ts; the `resume-process` row of
 * `payment-<id>`, armed by PaymentCreated five minutes on, and by the money and every refund event): whatever stopped
 * it, the payment reaches a final state from its own stream —
 * - awaiting its money: the provider is asked (payment-reconcile.ts) and money it took is recorded and carried on;
 * - succeeded: its orders are paid, or refunded when they no longer await payment (settlePayment: every step answers
 *   from its stream when the callback did it already);
 * - refunds still pending (the provider answered PROCESSING, or could not be reached): asked again under the same
 *   refund id, so the provider answers the refund it already has rather than paying twice; still pending → throws,
 *   and the scheduler asks again with doubling backoff.
 */
import { withStreamLock } from '../commands/stream-lock';
import type { CheckoutDeps } from './checkout.deps';
import { settlePayment } from './payment-callback';
import { reconcilePayment } from './payment-reconcile';
import { loadPayment, paymentStream } from './payment-service';
import { settlePendingRefunds } from './refunds';

export async function resumePayment(deps: CheckoutDeps, streamId: string): Promise<void> {
  const paymentId = streamId.slice('payment-'.length);
  if ((await loadPayment(deps, paymentId)).matches('awaitingPayment')) await reconcilePayment(deps, paymentId);
  await withStreamLock(`process:${paymentStream(paymentId)}`, () => settlePayment(deps, paymentId));
  await settlePendingRefunds(deps, paymentId);
}
