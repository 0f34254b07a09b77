/**
 * The PaymentCallbackHandler (registered with runtime.payments): every verified notification, each time it arrives.
 * SUCCESS → RecordPaymentSuccess on `payment-<id>` (the same transaction again records nothing) → the orders it
 * covers are paid (pay-orders.ts: group member first, PayOrder, refund when the order no longer awaited payment), and
 * the answer waits for the orders read model. The push on `order:<id>` with `{state, paymentState, code:'SUCCESS'}`
 * comes from the log on every instance (order-push.ts), whichever instance the callback reached. A notification
 * for a payment this system never created is acknowledged and logged (WeChat would otherwise re-send it for a day).
 * Other trade states carry no money: acknowledged. Throwing (the store is down) answers FAIL and WeChat retries.
 */
import { paymentDecider } from '../../domain/payment/payment.decider';
import { paymentStatus } from '../../domain/payment/payment.view';
import { withStreamLock } from '../commands/stream-lock';
import type { PaymentCallbackHandler } from '../payments/payments';
import type { CheckoutDeps } from './checkout.deps';
import { decideOn, systemActor } from './decide-on';
import { payOrders } from './pay-orders';
import { loadPayment, paymentStream } from './payment-service';

/**
 * What the paid push leads to (DESIGN.md §6 read-your-writes): 支付成功！ and then the order detail, from the orders read
 * model. Deadlines, sales counts and the payments table follow on their own.
 */
const PAID_SCREEN_READ_MODELS = ['orders'];

export function paymentCallbackHandler(deps: CheckoutDeps): PaymentCallbackHandler {
  return {
    async onPaymentResult(result) {
      if (result.tradeState !== 'SUCCESS') {
        deps.log(`[checkout] payment ${result.paymentId} notified ${result.tradeState}: nothing to record`);
        return;
      }
      const streamId = paymentStream(result.paymentId);
      await withStreamLock(`process:${streamId}`, async () => {
        const held = await deps.store.readStream(streamId);
        if (held.length === 0) {
          deps.log(`[checkout] payment ${result.paymentId} is not ours: notification acknowledged and ignored`);
          return;
        }
        const ctx = { store: deps.store, clock: deps.clock, actor: systemActor, correlationId: streamId };
        const recorded = await decideOn(ctx, streamId, paymentDecider, {
          type: 'RecordPaymentSuccess', data: { transactionId: result.transactionId, amount: result.amountFen },
        }, `callback:${result.transactionId}`, { known: held });
        const orderIds = recorded.state.context.payment?.orderIds ?? [];
        const paid = await payOrders(deps, { paymentId: result.paymentId, transactionId: result.transactionId, orderIds });
        if (recorded.repeated && !paid.changed) return;
        await deps.waitFor([...recorded.events, ...paid.events], { projections: PAID_SCREEN_READ_MODELS });
      });
    },
    async paymentStatus(paymentId) {
      return paymentStatus(await loadPayment(deps, paymentId));
    },
  };
}
