/**
 * Money arrived for some orders (a verified callback, or the system for an order that costs nothing): per order,
 * record the group member's payment first when it is a group buy (the collage says whether the group still forms:
 * PayOrder.groupForming → state 6, else 2; the payment that completes the group moves the other members from 6 to 2),
 * then PayOrder. An order that no longer awaits payment (closed meanwhile, or paid by another QR) is refunded from
 * this payment ('paid-after-close'). A paid order no longer counts against the shopper's unpaid caps: it is released
 * from `unpaid-holdings-<userId>` (checkout-steps.ts). Every command id derives from (payment, order): a repeated
 * callback is a no-op.
 */
import { unpaidHoldingsDecider } from '../../domain/checkout/unpaid-holdings.decider';
import { unpaidHoldingsStream } from '../../domain/checkout/unpaid-holdings.events';
import { orderDecider } from '../../domain/order/order.decider';
import { DomainError } from '../../domain/shared/errors';
import { collageDecider } from '../../domain/group-buy/collage.decider';
import type { RecordedEvent } from '../event-store/event-store.port';
import { collageStream } from './checkout-steps';
import { decideOn, processContext, type StepContext } from '../processes/process-step';
import { isAwaitingPayment, loadOrder, orderStream } from './order-stream';
import { refundFromPayment, type RefundDeps } from './refunds';

export interface MoneyIn {
  /** the payment stream's id, or `free-<orderId>` for an order that costs nothing */
  paymentId: string;
  transactionId: string;
  orderIds: readonly number[];
}

export interface PaidOrders {
  events: RecordedEvent[];
  refunded: number[];
  /** false when every step had been recorded before (a repeated callback) */
  changed: boolean;
}

/** The command id of paying order `orderId` from the process `correlationId` (`payment-<id>`). */
export const payOrderId = (correlationId: string, orderId: number): string => `${correlationId}:pay:${orderId}`;

const staleAnswer = (error: unknown): boolean =>
  error instanceof DomainError && (error.errorName === 'orderStateChanged' || error.errorName === 'collageStateChanged');

async function memberPaid(ctx: StepContext, collageId: number, orderId: number, out: RecordedEvent[]): Promise<boolean> {
  try {
    const r = await decideOn(ctx, collageStream(collageId), collageDecider,
      { type: 'RecordMemberPayment', data: { orderId } }, `${ctx.correlationId}:collage:${orderId}`);
    out.push(...r.events);
    const succeeded = r.events.find((e) => e.type === 'CollageSucceeded');
    if (succeeded) {
      const others = (succeeded.data as { orderIds: number[] }).orderIds.filter((id) => id !== orderId);
      for (const other of others) {
        try {
          const m = await decideOn(ctx, orderStream(other), orderDecider, { type: 'MarkGroupSucceeded', data: { collageId } },
            `collage-${collageId}:succeeded:${other}`);
          out.push(...m.events);
        } catch (error) {
          if (!staleAnswer(error)) throw error;
        }
      }
    }
    return r.state.matches('forming');
  } catch (error) {
    if (!staleAnswer(error)) throw error;
    return false;
  }
}

export async function payOrders(deps: RefundDeps, money: MoneyIn): Promise<PaidOrders> {
  const ctx = processContext(deps, 'payment', `payment-${money.paymentId}`);
  const out: RecordedEvent[] = [];
  const refunded: number[] = [];
  let changed = false;
  for (const orderId of money.orderIds) {
    const order = await loadOrder(deps.store, orderId);
    if (!order) continue;
    const collageId = order.placed.collageId;
    const groupForming = collageId > 0 && isAwaitingPayment(order) ? await memberPaid(ctx, collageId, orderId, out) : false;
    try {
      // the order as just read, unless the group step moved other orders (never this one) meanwhile
      const r = await decideOn(ctx, orderStream(orderId), orderDecider, {
        type: 'PayOrder',
        data: { paymentId: money.paymentId, transactionId: money.transactionId, amount: order.placed.price, groupForming },
      }, payOrderId(ctx.correlationId, orderId), { known: order.events });
      out.push(...r.events);
      const paidNow = !r.repeated && r.events.length > 0;
      changed ||= paidNow;
      // a repeated callback records nothing; an order whose release a crash cut short (or that was paid in one append
      // with its money, payment-callback.ts) is found paid when its room is next needed (releaseSettledHoldings)
      if (paidNow) {
        const { userId } = order.placed;
        const released = await decideOn(ctx, unpaidHoldingsStream(userId), unpaidHoldingsDecider,
          { type: 'ReleaseUnpaid', data: { userId, orderId, reason: 'paid' } }, `${ctx.correlationId}:holdings:${orderId}`);
        out.push(...released.events);
      }
    } catch (error) {
      if (!staleAnswer(error)) throw error;
      if (order.placed.price > 0 && !money.paymentId.startsWith('free-')) {
        out.push(...await refundFromPayment(deps, { paymentId: money.paymentId, orderId, amountFen: order.placed.price, reason: 'paid-after-close' }));
        refunded.push(orderId);
        changed = true;
      }
    }
  }
  return { events: out, refunded, changed };
}
