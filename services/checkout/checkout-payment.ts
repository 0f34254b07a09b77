/**
 * The live QR of some of a checkout's orders, decided from the checkout's own stream (DESIGN.md §6: decisions never
 * trust a read model where the stream is the truth). The stream names every payment made for its orders (the plan's,
 * then each CheckoutPaymentRequested); the newest one naming exactly these orders is answered while its own stream
 * says it awaits payment and has not expired. Otherwise a new id is named on the checkout stream first — in place of
 * the one seen, so a second instance racing here is refused and finds the winner's — and then created at the
 * provider. A payment named but never created (a crash in between) is created under the name it has.
 */
import { checkoutDecider, latestPaymentFor } from '../../domain/checkout/checkout.decider';
import { isConflict } from '../commands/until-no-conflict';
import type { CheckoutDeps } from './checkout.deps';
import { checkoutStateOf } from './checkout-stream';
import { decideOn, processContext, shopperActor } from '../processes/process-step';
import type { LoadedOrder } from './order-stream';
import { loadPayment, paymentTermsOf, startPayment, type PaymentStart } from './payment-service';

/** Two refreshes naming a payment at once: the loser looks again this many times before answering 409. */
const RACES = 3;

export async function checkoutPayment(
  deps: CheckoutDeps, userId: number, orders: readonly LoadedOrder[], checkoutStreamId: string,
): Promise<PaymentStart> {
  const orderIds = orders.map((o) => o.orderId);
  const ctx = processContext(deps, 'checkout', checkoutStreamId, shopperActor(userId));
  for (let attempt = 1; ; attempt += 1) {
    const now = deps.clock();
    const stream = await deps.store.readStream(checkoutStreamId);
    const latest = latestPaymentFor(checkoutStateOf(stream), orderIds);
    if (latest) {
      const state = await loadPayment(deps, latest.paymentId);
      const p = state.context.payment;
      if (!p) return startPayment(deps, userId, orders, { paymentId: latest.paymentId, correlationId: checkoutStreamId, kind: 'checkout', fresh: true });
      if (state.matches('awaitingPayment') && Date.parse(p.expiresAt) > now.getTime()) {
        return { paymentId: p.paymentId, codeUrl: p.codeUrl, amount: p.amount, events: [] };
      }
    }
    paymentTermsOf(orders, now); // nothing payable any more: 订单状态已变更 before a name is recorded
    const paymentId = deps.ids.paymentId(now);
    try {
      const named = await decideOn(ctx, checkoutStreamId, checkoutDecider, {
        type: 'RequestCheckoutPayment', data: { paymentId, orderIds, supersedes: latest?.paymentId ?? null },
      }, `${checkoutStreamId}:request-payment:${paymentId}`, { known: stream });
      const created = await startPayment(deps, userId, orders, { paymentId, correlationId: checkoutStreamId, kind: 'checkout', fresh: true });
      return { ...created, events: [...named.events, ...created.events] };
    } catch (error) {
      if (!isConflict(error) || attempt >= RACES) throw error;
    }
  }
}
