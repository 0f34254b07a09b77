/**
 * The PaymentCallbackHandler (registered with runtime.payments): every verified notification, each time it arrives.
 * SUCCESS → RecordPaymentSuccess on `payment-<id>` (the same transaction again records nothing) → the orders it
 * covers are paid (pay-orders.ts: group member first, PayOrder, refund when the order no longer awaited payment), and
 * the answer waits for the orders read model. The push on `order:<id>` with `{state, paymentState, code:'SUCCESS'}`
 * comes from the log on every instance (order-push.ts), whichever instance the callback reached. A notification
 * for a payment this system never created is acknowledged and logged (WeChat would otherwise re-send it for a day).
 * Other trade states carry no money: acknowledged. Throwing (the store is down) answers FAIL and WeChat retries.
 * A process killed between the money and its orders is finished by the `settle-payment` deadline (settlePayment).
 */
import { paymentDecider } from '../../domain/payment/payment.decider';
import { paymentStatus } from '../../domain/payment/payment.view';
import { withStreamLock } from '../commands/stream-lock';
import type { RecordedEvent } from '../event-store/event-store.port';
import type { PaymentCallbackHandler } from '../payments/payments';
import type { CheckoutDeps } from './checkout.deps';
import { decideOn, systemActor } from './decide-on';
import { payOrders, type MoneyIn } from './pay-orders';
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
        const recorded = await decideOn(contextOf(deps, streamId), streamId, paymentDecider, {
          type: 'RecordPaymentSuccess', data: { transactionId: result.transactionId, amount: result.amountFen },
        }, `callback:${result.transactionId}`, { known: held });
        const orderIds = recorded.state.context.payment?.orderIds ?? [];
        await payAndAnnounce(deps, { paymentId: result.paymentId, transactionId: result.transactionId, orderIds }, recorded);
      });
    },
    async paymentStatus(paymentId) {
      return paymentStatus(await loadPayment(deps, paymentId));
    },
  };
}

/**
 * The `settle-payment` deadline (projections/deadlines/deadline-rules.ts), due shortly after each PaymentSucceeded:
 * the orders the money covers are paid — or refunded when they no longer await payment — as the callback would have
 * done. After a completed callback every step answers from its command id and nothing is recorded or pushed; after a
 * process that died between recording the money and paying its orders, this finishes the job.
 */
export async function settlePayment(deps: CheckoutDeps, paymentId: string): Promise<void> {
  const streamId = paymentStream(paymentId);
  await withStreamLock(`process:${streamId}`, async () => {
    const { context } = await loadPayment(deps, paymentId);
    if (!context.success || !context.payment) return;
    const money = { paymentId, transactionId: context.success.transactionId, orderIds: context.payment.orderIds };
    const paid = await payAndAnnounce(deps, money, { repeated: true, events: [] });
    if (paid.changed) deps.log(`[checkout] payment ${paymentId}: orders ${money.orderIds.join(',')} settled after the callback stopped short`);
  });
}

const contextOf = (deps: CheckoutDeps, streamId: string) =>
  ({ store: deps.store, clock: deps.clock, actor: systemActor, correlationId: streamId });

/** Pays the orders; when something was recorded, waits until the orders read model has it (the push follows from the log). */
async function payAndAnnounce(deps: CheckoutDeps, money: MoneyIn, recorded: { repeated: boolean; events: RecordedEvent[] }) {
  const paid = await payOrders(deps, money);
  if (recorded.repeated && !paid.changed) return paid;
  await deps.waitFor([...recorded.events, ...paid.events], { projections: PAID_SCREEN_READ_MODELS });
  return paid;
}
