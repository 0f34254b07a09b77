/**
 * Starting or refreshing a WeChat Native payment for orders, and the pay info the web shows (spec §3 Pay info:
 * money, orderId, collageId, url = the QR image, plus codeUrl). Nothing here marks anything paid.
 *
 * One payment covers the orders of one checkout; the QR expires with their payment deadline (placed + 1 hour).
 * Refreshing (`/order/pay`, `/order/getUrl`) reuses the live payment when it covers exactly the orders asked for — as
 * the checkout's stream names it (checkout-payment.ts), never as a lagging read model shows it — and makes a new one
 * otherwise (the checkout's QR expired, or one order of a multi-shop checkout is paid on its own).
 * A payment left behind stays payable until it expires; if it is paid after all, the orders it names that no longer
 * await payment are refunded from it (pay-orders.ts).
 */
import { paymentDecider } from '../../domain/payment/payment.decider';
import { fold } from '../../domain/shared/decider';
import type { CreatePayment } from '../../domain/payment/payment.commands';
import type { PaymentEvent } from '../../domain/payment/payment.events';
import { fail } from '../../domain/shared/errors';
import { toDomainEvent } from '../commands/command-events';
import type { RecordedEvent } from '../event-store/event-store.port';
import { payQrPath } from '../payments/qr-code';
import type { CheckoutDeps } from './checkout.deps';
import { decideOn, processContext, shopperActor, type ProcessKind } from '../processes/process-step';
import type { LoadedOrder } from './order-stream';

export interface PayInfo {
  /** yuan */
  money: number;
  orderId: number;
  orderIds: number[];
  collageId: number;
  /** where the QR image is served (payQrPath); '' when there is nothing to pay */
  url: string;
  codeUrl: string;
  paymentId: string;
}

export function payInfoOf(
  p: { money: number; orderIds: number[]; collageId: number; codeUrl: string; paymentId: string | null },
): PayInfo {
  return {
    money: p.money / 100,
    orderId: p.orderIds[0],
    orderIds: p.orderIds,
    collageId: p.collageId,
    url: p.codeUrl && p.paymentId ? payQrPath(p.paymentId) : '',
    codeUrl: p.codeUrl,
    paymentId: p.paymentId ?? '',
  };
}

export const paymentStream = (paymentId: string): string => `payment-${paymentId}`;

const paymentStateOf = (events: readonly RecordedEvent[]) => fold(paymentDecider, events.map((e) => toDomainEvent<PaymentEvent>(e)));

export async function loadPayment(deps: Pick<CheckoutDeps, 'store'>, paymentId: string) {
  return paymentStateOf(await deps.store.readStream(paymentStream(paymentId)));
}

/**
 * The live payment covering exactly these orders, if any (read model first, the stream decides): only for orders no
 * checkout placed — a checkout's orders find theirs on the checkout stream (checkout-payment.ts).
 */
async function livePaymentFor(deps: CheckoutDeps, orderIds: readonly number[], now: Date) {
  const { rows } = await deps.db.query<{ payment_id: string; order_ids: number[] }>(
    `select p.payment_id, p.order_ids from payment_orders po join payments p on p.payment_id = po.payment_id
     where po.order_id = $1 and p.status = 'awaitingPayment' and p.expires_at > $2
     order by po.created_at desc`, [orderIds[0], now.toISOString()]);
  const wanted = [...orderIds].sort((a, b) => a - b).join(',');
  for (const row of rows) {
    if ([...row.order_ids].map(Number).sort((a, b) => a - b).join(',') !== wanted) continue;
    const state = await loadPayment(deps, row.payment_id);
    const payment = state.context.payment;
    if (state.matches('awaitingPayment') && payment && Date.parse(payment.expiresAt) > now.getTime()) return payment;
  }
  return null;
}

/** An order as a payment needs it: its id and what placing it recorded. */
export type PayableOrder = Pick<LoadedOrder, 'orderId' | 'placed'>;

/** What a payment for `orders` asks: their price, until the earliest payment deadline (订单状态已变更 when nothing is left). */
export function paymentTermsOf(orders: readonly PayableOrder[], now: Date): { amount: number; expiresAt: Date } {
  const amount = orders.reduce((sum, o) => sum + o.placed.price, 0);
  const expiresAt = new Date(Math.min(...orders.map((o) => Date.parse(o.placed.paymentDeadline))));
  if (amount <= 0 || expiresAt.getTime() <= now.getTime()) fail('orderStateChanged');
  return { amount, expiresAt };
}

export interface PaymentStart { paymentId: string; codeUrl: string; amount: number; events: RecordedEvent[] }

/** The command id of creating payment `paymentId` for the process `correlationId`. */
export const createPaymentId = (correlationId: string, paymentId: string): string => `${correlationId}:create-payment:${paymentId}`;

/**
 * Payment `paymentId` for `orders` made at the provider (the QR's code url), and the CreatePayment command that records
 * it; nothing is recorded here.
 */
export async function paymentAtProvider(
  deps: Pick<CheckoutDeps, 'payments' | 'clock'>, orders: readonly PayableOrder[], paymentId: string,
): Promise<{ codeUrl: string; amount: number; command: CreatePayment }> {
  const { amount, expiresAt } = paymentTermsOf(orders, deps.clock());
  const first = orders[0].placed.lines[0];
  const description = orders.length === 1 && orders[0].placed.lines.length === 1
    ? first.productName : `${first.productName}等${orders.reduce((n, o) => n + o.placed.lines.length, 0)}件商品`;
  const { codeUrl } = await deps.payments.provider.createNativePayment({ paymentId, amountFen: amount, description, expiresAt });
  const collageId = orders.find((o) => o.placed.collageId > 0)?.placed.collageId ?? 0;
  return {
    codeUrl,
    amount,
    command: {
      type: 'CreatePayment',
      data: {
        paymentId, orderIds: orders.map((o) => o.orderId), collageId, amount, provider: deps.payments.provider.kind, codeUrl,
        expiresAt: expiresAt.toISOString(),
      },
    },
  };
}

/**
 * A payment for `orders` (all awaiting payment, all of `userId`): the live one, or a new one through the provider.
 * A checkout's first payment has its id in the plan (`paymentId`): its own stream answers a resumed checkout (one
 * started by this very request, `fresh`, cannot have one yet), and no other payment can cover orders the checkout has
 * only just placed, so the live lookup is skipped. Refreshing (no `paymentId`) looks for the live one first and makes
 * a new id. When another process created the same payment meanwhile, its recorded code url is the answer.
 */
export async function startPayment(
  deps: CheckoutDeps, userId: number, orders: readonly LoadedOrder[],
  options: {
    paymentId?: string; correlationId: string; kind: ProcessKind; /** the checkout was started by this very request */ fresh?: boolean;
  },
): Promise<PaymentStart> {
  const now = deps.clock();
  const orderIds = orders.map((o) => o.orderId);
  if (!options.paymentId) {
    const live = await livePaymentFor(deps, orderIds, now);
    if (live) return { paymentId: live.paymentId, codeUrl: live.codeUrl, amount: live.amount, events: [] };
  }
  paymentTermsOf(orders, now); // nothing payable: 订单状态已变更 before anything is read or asked of the provider
  const paymentId = options.paymentId ?? deps.ids.paymentId(now);
  const stream = options.paymentId && !options.fresh ? await deps.store.readStream(paymentStream(paymentId)) : [];
  const earlier = paymentStateOf(stream);
  if (earlier.context.payment) {
    const p = earlier.context.payment;
    return { paymentId, codeUrl: p.codeUrl, amount: p.amount, events: [] };
  }
  const { codeUrl, amount, command } = await paymentAtProvider(deps, orders, paymentId);
  const created = await decideOn(processContext(deps, options.kind, options.correlationId, shopperActor(userId)),
    paymentStream(paymentId), paymentDecider, command, createPaymentId(options.correlationId, paymentId), { known: stream });
  return { paymentId, codeUrl: created.state.context.payment?.codeUrl ?? codeUrl, amount, events: created.events };
}
