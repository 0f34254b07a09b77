/**
 * What must hold after a process was killed after any one of its appends and the server came back (issue 28), read
 * from the whole database — the event store, the sandbox provider's ledger and the read models — so a boundary's
 * damage shows wherever it landed:
 * - money moved once: every payment the sandbox took (SUCCESS / REFUND) has exactly one PaymentSucceeded with the
 *   same transaction id and amount, and the store records no success the sandbox did not take; every refund the
 *   sandbox made has exactly one PaymentRefunded, none the sandbox did not make; per payment, refunded ≤ paid (in
 *   the ledger and in the store); an order is paid (OrderPaid) at most once;
 * - no order both refunded in full and shippable (2 待发货 / 3 待收货) in the read model;
 * - stock exact: per SKU touched, the `sku-<id>` stream and `sku_stock` say initial − units of orders not
 *   cancelled + units an after-sale refunded (restocked);
 * - no process left unfinished: every checkout ended (completed, failed or abandoned), no after-sale waits in
 *   2 退款中, every succeeded payment's orders are paid or refunded from it, no member of a succeeded group waits in
 *   6 待成团.
 */
import type { Queryable } from '../../../services/db/database';

interface EventRow { stream_id: string; type: string; data: Record<string, unknown> }

async function events(db: Queryable, where: string): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(`select stream_id, type, data from events where ${where} order by transaction_id, global_position`);
  return rows;
}

const byStream = (rows: readonly EventRow[]): Map<string, EventRow[]> => {
  const map = new Map<string, EventRow[]>();
  for (const row of rows) map.set(row.stream_id, [...(map.get(row.stream_id) ?? []), row]);
  return map;
};
const ofType = (rows: readonly EventRow[], type: string) => rows.filter((r) => r.type === type);
const num = (value: unknown): number => Number(value);

export async function moneyProblems(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const payments = byStream(await events(db, `stream_id like 'payment-%'`));
  const { rows: ledger } = await db.query<{ payment_id: string; amount_fen: number; trade_state: string; transaction_id: string | null }>(
    `select payment_id, amount_fen, trade_state, transaction_id from sandbox_wechatpay_orders`);
  const { rows: ledgerRefunds } = await db.query<{ refund_id: string; payment_id: string; amount_fen: number }>(
    'select refund_id, payment_id, amount_fen from sandbox_wechatpay_refunds');
  const taken = new Map(ledger.filter((l) => l.trade_state === 'SUCCESS' || l.trade_state === 'REFUND').map((l) => [l.payment_id, l]));

  for (const entry of taken.values()) {
    const successes = ofType(payments.get(`payment-${entry.payment_id}`) ?? [], 'PaymentSucceeded');
    if (successes.length !== 1) problems.push(`payment ${entry.payment_id}: the sandbox took the money, the store has ${successes.length} PaymentSucceeded`);
    for (const s of successes) {
      if (s.data.transactionId !== entry.transaction_id || num(s.data.amount) !== num(entry.amount_fen)) {
        problems.push(`payment ${entry.payment_id}: PaymentSucceeded ${String(s.data.transactionId)} ${String(s.data.amount)} fen, the sandbox ${entry.transaction_id} ${entry.amount_fen} fen`);
      }
    }
  }
  for (const [stream, rows] of payments) {
    const paymentId = stream.slice('payment-'.length);
    if (ofType(rows, 'PaymentSucceeded').length > 0 && !taken.has(paymentId)) problems.push(`payment ${paymentId}: PaymentSucceeded the sandbox never took`);
    const refunded = new Set(ofType(rows, 'PaymentRefunded').map((r) => String(r.data.refundId)));
    for (const refundId of refunded) {
      if (ofType(rows, 'PaymentRefunded').filter((r) => r.data.refundId === refundId).length !== 1) problems.push(`payment ${paymentId}: refund ${refundId} recorded twice`);
      if (!ledgerRefunds.some((l) => l.refund_id === refundId)) problems.push(`payment ${paymentId}: refund ${refundId} recorded, the sandbox made none`);
    }
    const paid = ofType(rows, 'PaymentSucceeded').reduce((n, r) => n + num(r.data.amount), 0);
    const requested = new Map(ofType(rows, 'RefundRequested').map((r) => [String(r.data.refundId), num(r.data.amount)]));
    const storeRefunded = [...refunded].reduce((n, id) => n + (requested.get(id) ?? 0), 0);
    if (storeRefunded > paid) problems.push(`payment ${paymentId}: the store refunded ${storeRefunded} fen of ${paid} paid`);
  }
  const ledgerRefundedPer = new Map<string, number>();
  for (const refund of ledgerRefunds) {
    const rows = payments.get(`payment-${refund.payment_id}`) ?? [];
    const recorded = rows.filter((r) => r.type === 'PaymentRefunded' && r.data.refundId === refund.refund_id).length;
    if (recorded !== 1) problems.push(`refund ${refund.refund_id} of payment ${refund.payment_id}: the sandbox refunded ${refund.amount_fen} fen, the store has ${recorded} PaymentRefunded`);
    ledgerRefundedPer.set(refund.payment_id, (ledgerRefundedPer.get(refund.payment_id) ?? 0) + num(refund.amount_fen));
  }
  for (const [paymentId, refunded] of ledgerRefundedPer) {
    const paid = num(taken.get(paymentId)?.amount_fen ?? 0);
    if (refunded > paid) problems.push(`payment ${paymentId}: the sandbox refunded ${refunded} fen of ${paid} paid`);
  }
  return problems;
}

interface OrderFacts { orderId: number; paid: number; cancelled: boolean; refundedInFull: boolean; collageId: number; lines: { skuId: number; number: number }[] }

async function orderFacts(db: Queryable): Promise<Map<number, OrderFacts>> {
  const orders = new Map<number, OrderFacts>();
  for (const [stream, rows] of byStream(await events(db, `stream_id like 'order-%'`))) {
    const placed = ofType(rows, 'OrderPlaced')[0];
    if (!placed) continue;
    const orderId = num(stream.slice('order-'.length));
    orders.set(orderId, {
      orderId,
      paid: ofType(rows, 'OrderPaid').length,
      cancelled: ofType(rows, 'OrderCancelled').length > 0,
      refundedInFull: ofType(rows, 'OrderRefundedInFull').length > 0,
      collageId: num(placed.data.collageId ?? 0),
      lines: (placed.data.lines as { skuId: number; number: number }[]).map((l) => ({ skuId: num(l.skuId), number: num(l.number) })),
    });
  }
  return orders;
}

export async function orderProblems(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const orders = await orderFacts(db);
  const { rows: model } = await db.query<{ order_id: string; state: number }>('select order_id, state from orders');
  const stateOf = new Map(model.map((r) => [num(r.order_id), num(r.state)]));
  for (const order of orders.values()) {
    if (order.paid > 1) problems.push(`order ${order.orderId} paid ${order.paid} times`);
    const state = stateOf.get(order.orderId);
    if (order.refundedInFull && (state === 2 || state === 3)) problems.push(`order ${order.orderId} refunded in full and still shippable (state ${state})`);
  }
  return problems;
}

export async function stockProblems(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const orders = await orderFacts(db);
  const sold = new Map<number, number>();
  const bump = (skuId: number, by: number) => sold.set(skuId, (sold.get(skuId) ?? 0) + by);
  for (const order of orders.values()) if (!order.cancelled) for (const line of order.lines) bump(line.skuId, line.number);
  for (const rows of byStream(await events(db, `stream_id like 'after-sale-%'`)).values()) {
    if (ofType(rows, 'AfterSaleRefundSucceeded').length === 0) continue;
    const submitted = ofType(rows, 'AfterSaleSubmitted')[0];
    for (const line of (submitted?.data.lines ?? []) as { skuId: number; number: number }[]) bump(num(line.skuId), -num(line.number));
  }
  const { rows: model } = await db.query<{ sku_id: string; available: number }>('select sku_id, available from sku_stock');
  const projected = new Map(model.map((r) => [num(r.sku_id), num(r.available)]));
  for (const [stream, rows] of byStream(await events(db, `stream_id like 'sku-%'`))) {
    const skuId = num(stream.slice('sku-'.length));
    const initial = ofType(rows, 'StockInitialised')[0];
    if (!initial) continue;
    const last = rows[rows.length - 1];
    const stored = num(last.type === 'StockInitialised' ? last.data.quantity : last.data.available);
    const expected = num(initial.data.quantity) - (sold.get(skuId) ?? 0);
    const detail = `initial ${String(initial.data.quantity)} − sold ${sold.get(skuId) ?? 0} = ${expected}`;
    if (stored !== expected) problems.push(`sku ${skuId}: its stream is off by ${stored - expected} (${stored} available, ${detail})`);
    const model = projected.get(skuId);
    if (model !== undefined && model !== expected) problems.push(`sku ${skuId}: sku_stock is off by ${model - expected} (${model} available, ${detail})`);
  }
  return problems;
}

const CHECKOUT_ENDS = ['CheckoutCompleted', 'CheckoutFailed', 'CheckoutAbandoned'];

export async function unfinishedProblems(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  for (const [stream, rows] of byStream(await events(db, `stream_id like 'checkout-%'`))) {
    if (!rows.some((r) => CHECKOUT_ENDS.includes(r.type))) problems.push(`${stream} has no final event (last: ${rows[rows.length - 1].type})`);
  }
  const { rows: refunding } = await db.query<{ after_id: string }>('select after_id from after_sales where after_state = 2');
  for (const r of refunding) problems.push(`after-sale ${r.after_id} waits in 2 退款中`);
  const orders = await orderFacts(db);
  for (const [stream, rows] of byStream(await events(db, `stream_id like 'payment-%'`))) {
    if (ofType(rows, 'PaymentSucceeded').length === 0) continue;
    const created = ofType(rows, 'PaymentCreated')[0];
    const refundedOrders = new Set(ofType(rows, 'RefundRequested').map((r) => num(r.data.orderId)));
    for (const orderId of (created?.data.orderIds ?? []) as number[]) {
      if ((orders.get(num(orderId))?.paid ?? 0) === 0 && !refundedOrders.has(num(orderId))) {
        problems.push(`${stream} succeeded but order ${orderId} is neither paid nor refunded from it`);
      }
    }
  }
  const { rows: waiting } = await db.query<{ order_id: string; collage_id: string }>(
    `select o.order_id, o.collage_id from orders o join order_collages c on c.collage_id = o.collage_id where o.state = 6 and c.state <> 0`);
  for (const r of waiting) problems.push(`order ${r.order_id} waits in 6 待成团 though group ${r.collage_id} is decided`);
  return problems;
}

/** Every invariant at once; empty when all hold. */
export async function processInvariantProblems(db: Queryable): Promise<string[]> {
  return [
    ...await moneyProblems(db), ...await orderProblems(db), ...await stockProblems(db), ...await unfinishedProblems(db),
  ];
}

/** A problem's identity: its text before the details in parentheses (a stock count moves on, its error does not). */
const identity = (problem: string): string => problem.split(' (')[0];

/** `problems` less those already `known` (there before: reported where they arose). */
export const withoutKnown = (problems: readonly string[], known: readonly string[]): string[] =>
  problems.filter((p) => !known.some((k) => identity(k) === identity(p)));

/**
 * The invariants' problems other than the `known` ones (there before: reported where they arose), given `settleMs`
 * for the read models to catch up with the store before a difference counts.
 */
export async function untilInvariantsHold(db: Queryable, known: readonly string[] = [], settleMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + settleMs;
  for (;;) {
    const problems = withoutKnown(await processInvariantProblems(db), known);
    if (problems.length === 0 || Date.now() > deadline) return problems;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
