/**
 * The PaymentCallbackHandler (registered with runtime.payments): every verified notification, each time it arrives.
 * SUCCESS → RecordPaymentSuccess on `payment-<id>` (the same transaction again records nothing) → the orders it
 * covers are paid (pay-orders.ts: group member first, PayOrder, refund when the order no longer awaited payment), and
 * the answer waits for the orders read model. The push on `order:<id>` with `{state, paymentState, code:'SUCCESS'}`
 * comes from the log on every instance (order-push.ts), whichever instance the callback reached. A notification
 * for a payment this system never created is acknowledged and logged (WeChat would otherwise re-send it for a day).
 * Other trade states carry no money: acknowledged. Throwing (the store is down) answers FAIL and WeChat retries.
 * A process killed between the money and its orders is finished by the resumer (resume-payment.ts).
 */
import { unpaidHoldingsDecider } from '../../domain/checkout/unpaid-holdings.decider';
import { unpaidHoldingsStream } from '../../domain/checkout/unpaid-holdings.events';
import { orderDecider } from '../../domain/order/order.decider';
import type { PaymentCommand } from '../../domain/payment/payment.commands';
import { paymentDecider } from '../../domain/payment/payment.decider';
import { DomainError } from '../../domain/shared/errors';
import { paymentStatus } from '../../domain/payment/payment.view';
import { withStreamLock } from '../commands/stream-lock';
import type { RecordedEvent } from '../event-store/event-store.port';
import type { PaymentResult } from '../payments/payment-provider';
import type { PaymentCallbackHandler } from '../payments/payments';
import type { CheckoutDeps } from './checkout.deps';
import { decideOn, processContext, type StepContext } from '../processes/process-step';
import { appendDecided, decideStep, type DecidedStep } from '../processes/process-together';
import { isAwaitingPayment, loadOrder, orderStream } from './order-stream';
import { payOrderId, payOrders, type MoneyIn } from './pay-orders';
import { loadPayment, paymentStream } from './payment-service';

/**
 * What the paid push leads to (DESIGN.md §6 read-your-writes): 支付成功！ and then the order detail, from the orders read
 * model. Deadlines, sales counts and the payments table follow on their own.
 */
const PAID_SCREEN_READ_MODELS = ['orders'];

export function paymentCallbackHandler(deps: CheckoutDeps): PaymentCallbackHandler {
  return {
    onPaymentResult: (result) => recordMoneyIn(deps, result),
    async paymentStatus(paymentId) {
      return paymentStatus(await loadPayment(deps, paymentId));
    },
  };
}

/**
 * Money the provider says arrived (a verified callback, or its answer to a query: payment-reconcile.ts), recorded
 * once per transaction, then the orders it covers paid — or refunded when they no longer await payment. Anything but
 * SUCCESS carries no money: nothing is recorded.
 */
export async function recordMoneyIn(deps: CheckoutDeps, result: PaymentResult): Promise<void> {
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
    const ctx = contextOf(deps, streamId);
    const success: PaymentCommand = {
      type: 'RecordPaymentSuccess', data: { transactionId: result.transactionId, amount: result.amountFen },
    };
    const commandId = `callback:${result.transactionId}`;
    if (await paidTogether(deps, ctx, held, success, commandId, result)) return;
    const recorded = await decideOn(ctx, streamId, paymentDecider, success, commandId, { known: held });
    const orderIds = recorded.state.context.payment?.orderIds ?? [];
    await payAndAnnounce(deps, { paymentId: result.paymentId, transactionId: result.transactionId, orderIds }, recorded);
  });
}

/**
 * The payment's money carried to its orders (the resumer, resume-payment.ts): paid — or refunded when they no longer
 * await payment — as the callback would have done. After a completed callback every step answers from its command id
 * and nothing is recorded or pushed; after a process that died between recording the money and paying its orders,
 * this finishes the job. Runs under the caller's process lock.
 */
export async function settlePayment(deps: CheckoutDeps, paymentId: string): Promise<void> {
  const { context } = await loadPayment(deps, paymentId);
  if (!context.success || !context.payment) return;
  const money = { paymentId, transactionId: context.success.transactionId, orderIds: context.payment.orderIds };
  const paid = await payAndAnnounce(deps, money, { repeated: true, events: [] });
  if (paid.changed) deps.log(`[checkout] payment ${paymentId}: orders ${money.orderIds.join(',')} settled after the callback stopped short`);
}

const contextOf = (deps: CheckoutDeps, streamId: string): StepContext => processContext(deps, 'payment', streamId);

/**
 * The money and the orders it pays in ONE multi-stream append (decide-together.ts): PaymentSucceeded and each order's
 * OrderPaid, under the command ids the step-by-step path uses (`callback:<transaction>`, `payment-<id>:pay:<order>`),
 * so all or none is recorded on PostgreSQL — no money without its orders paid — and the callback waits for one append
 * where it took two. Only when every order simply awaits payment outside a group buy; a repeated callback, a group buy
 * (the collage decides first), an order closed meanwhile (refunded instead) or a stream that moved on answers false,
 * having recorded nothing (on EventStoreDB's sequence possibly the money first), and the steps are taken one by one;
 * the settle-payment deadline still finishes a process killed between them there.
 */
async function paidTogether(
  deps: CheckoutDeps, ctx: StepContext, held: readonly RecordedEvent[], success: PaymentCommand, commandId: string,
  result: PaymentResult,
): Promise<boolean> {
  const money = decideStep(ctx, ctx.correlationId, paymentDecider, success, commandId, held);
  if (!money) return false;
  const orderIds = money.state.context.payment?.orderIds ?? [];
  if (orderIds.length === 0) return false;
  const orders = await Promise.all(orderIds.map((orderId) => loadOrder(deps.store, orderId)));
  const steps: DecidedStep[] = [money];
  for (const order of orders) {
    if (!order || order.placed.collageId > 0 || !isAwaitingPayment(order)) return false;
    let paid: DecidedStep | null;
    try {
      paid = decideStep(ctx, orderStream(order.orderId), orderDecider, {
        type: 'PayOrder',
        data: { paymentId: result.paymentId, transactionId: result.transactionId, amount: order.placed.price, groupForming: false },
      }, payOrderId(ctx.correlationId, order.orderId), order.events);
    } catch (error) {
      if (error instanceof DomainError) return false; // the one-by-one path records the money, then answers this
      throw error;
    }
    if (!paid) return false;
    steps.push(paid);
  }
  // a single order's room on its shopper's unpaid holdings goes in the same append (several: found paid when their
  // room is next needed, unpaid-order-limits.ts releaseSettledHoldings)
  if (orders.length === 1 && orders[0]) {
    const { userId } = orders[0].placed;
    const holdings = await deps.store.readStream(unpaidHoldingsStream(userId));
    const released = decideStep(ctx, unpaidHoldingsStream(userId), unpaidHoldingsDecider,
      { type: 'ReleaseUnpaid', data: { userId, orderId: orders[0].orderId, reason: 'paid' } }, `${ctx.correlationId}:holdings:${orders[0].orderId}`,
      holdings);
    if (released) steps.push(released);
  }
  const appended = await appendDecided(ctx, steps);
  if (!appended) return false;
  await deps.waitFor(appended.events, { projections: PAID_SCREEN_READ_MODELS });
  return true;
}

/** Pays the orders; when something was recorded, waits until the orders read model has it (the push follows from the log). */
async function payAndAnnounce(deps: CheckoutDeps, money: MoneyIn, recorded: { repeated: boolean; events: RecordedEvent[] }) {
  const paid = await payOrders(deps, money);
  if (recorded.repeated && !paid.changed) return paid;
  await deps.waitFor([...recorded.events, ...paid.events], { projections: PAID_SCREEN_READ_MODELS });
  return paid;
}
