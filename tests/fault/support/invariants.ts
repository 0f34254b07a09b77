/**
 * The one invariant check every fault scenario ends with (issue 10), from the event store (the `events` table) and
 * the read models (the public views):
 * - every acknowledged order exists exactly once: one `order-<id>` stream with one OrderPlaced, one `orders` row;
 * - no duplicates: each buyer made one checkout, so more than one order per buyer is a duplicate;
 * - stock = initial − sold per SKU, in the `sku-<id>` stream and in `sku_stock` (sold = units of orders not cancelled);
 * - each paid order has exactly one OrderPaid and exactly one effective payment (succeeded and not refunded); an order
 *   not paid has none; a buyer whose 确认支付 was answered has a paid order; the read model says the same.
 * Read models are given `settleMs` to catch up before a difference counts.
 */
import type { Queryable } from '../../../services/db/database';
import type { Acknowledged, BuyerOutcome } from './buyers';

export interface StockSnapshot { [skuId: number]: number }

export interface InvariantReport {
  acknowledged: number;
  found: number;
  duplicates: number;
  /** Σ over the SKUs of |store available − (initial − sold)|: 0 when stock adds up. */
  stockDelta: number;
  paid: number;
  problems: string[];
}

/** Available units per SKU now (the catalogue's stock for a SKU nobody reserved yet). */
export async function snapshotStock(db: Queryable, skuIds: readonly number[]): Promise<StockSnapshot> {
  const { rows } = await db.query<{ sku_id: string; available: number }>(
    `select s.sku_id, coalesce(st.available, s.stock)::int as available from skus s
     left join sku_stock st on st.sku_id = s.sku_id where s.sku_id = any($1::bigint[])`, [skuIds.map(String)]);
  return Object.fromEntries(rows.map((r) => [Number(r.sku_id), r.available]));
}

interface EventRow { stream_id: string; type: string; data: Record<string, unknown> }

async function eventsOf(db: Queryable, where: string, params: unknown[]): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    `select stream_id, type, data from events where ${where} order by transaction_id, global_position`, params);
  return rows;
}

interface StoreOrder { orderId: number; userId: number; placed: number; paid: number; cancelled: boolean; lines: { skuId: number; number: number }[] }

async function storeOrders(db: Queryable, userIds: readonly number[]): Promise<Map<number, StoreOrder>> {
  const rows = await eventsOf(db, `stream_id like 'order-%' and type in ('OrderPlaced', 'OrderPaid', 'OrderCancelled')`, []);
  const byStream = new Map<string, StoreOrder>();
  for (const row of rows) {
    const orderId = Number(row.stream_id.slice('order-'.length));
    const order = byStream.get(row.stream_id) ?? { orderId, userId: 0, placed: 0, paid: 0, cancelled: false, lines: [] };
    byStream.set(row.stream_id, order);
    if (row.type === 'OrderPlaced') {
      order.placed += 1;
      order.userId = Number(row.data.userId);
      order.lines = (row.data.lines as { skuId: number; number: number }[]).map((l) => ({ skuId: l.skuId, number: l.number }));
    } else if (row.type === 'OrderPaid') order.paid += 1;
    else order.cancelled = true;
  }
  const users = new Set(userIds);
  return new Map([...byStream.values()].filter((o) => users.has(o.userId)).map((o) => [o.orderId, o]));
}

/** Effective payments per order: succeeded payments covering it, less those refunded to it. */
async function effectivePayments(db: Queryable): Promise<Map<number, number>> {
  const rows = await eventsOf(db, `stream_id like 'payment-%'`, []);
  const covers = new Map<string, number[]>();
  const effective = new Map<number, number>();
  const bump = (orderId: number, by: number) => effective.set(orderId, (effective.get(orderId) ?? 0) + by);
  for (const row of rows) {
    if (row.type === 'PaymentCreated') covers.set(row.stream_id, row.data.orderIds as number[]);
    if (row.type === 'PaymentSucceeded') for (const id of covers.get(row.stream_id) ?? []) bump(id, 1);
    if (row.type === 'RefundRequested' && (row.data.reason === 'paid-after-close' || row.data.reason === 'order-cancelled')) {
      bump(Number(row.data.orderId), -1);
    }
  }
  return effective;
}

async function storeAvailable(db: Queryable, skuId: number): Promise<number | null> {
  const rows = await eventsOf(db, 'stream_id = $1', [`sku-${skuId}`]);
  const last = rows[rows.length - 1];
  if (!last) return null;
  return Number(last.type === 'StockInitialised' ? last.data.quantity : last.data.available);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function checkInvariants(db: Queryable, input: {
  outcomes: readonly BuyerOutcome[];
  initialStock: StockSnapshot;
  settleMs?: number;
}): Promise<InvariantReport> {
  const acknowledged: Acknowledged[] = input.outcomes.flatMap((o) => (o.acknowledged ? [o.acknowledged] : []));
  const userIds = input.outcomes.map((o) => o.userId);
  const deadline = Date.now() + (input.settleMs ?? 15_000);
  for (;;) {
    const report = await checkOnce(db, acknowledged, input);
    if (report.problems.length === 0 || Date.now() > deadline) return report;
    await sleep(500);
  }

  async function checkOnce(q: Queryable, acks: Acknowledged[], given: typeof input): Promise<InvariantReport> {
    const problems: string[] = [];
    const orders = await storeOrders(q, userIds);
    const { rows: modelRows } = await q.query<{ order_id: string; n: number; payment_state: number }>(
      `select order_id, count(*)::int as n, max(payment_state)::int as payment_state from orders
       where user_id = any($1::bigint[]) group by order_id`, [userIds.map(String)]);
    const model = new Map(modelRows.map((r) => [Number(r.order_id), r]));

    let found = 0;
    for (const ack of acks) {
      for (const orderId of ack.orderIds) {
        const inStore = orders.get(orderId);
        const inModel = model.get(orderId);
        if (inStore?.placed === 1 && inModel?.n === 1) found += 1;
        if (!inStore) problems.push(`acknowledged order ${orderId} (buyer ${ack.userId}) is not in the store`);
        else if (inStore.placed !== 1) problems.push(`order ${orderId} placed ${inStore.placed} times in its stream`);
        if (!inModel) problems.push(`acknowledged order ${orderId} is not in the orders read model`);
      }
    }

    const perUser = new Map<number, number>();
    for (const order of orders.values()) perUser.set(order.userId, (perUser.get(order.userId) ?? 0) + 1);
    const duplicates = [...perUser.values()].reduce((n, count) => n + Math.max(0, count - 1), 0);
    if (duplicates > 0) problems.push(`${duplicates} duplicate order(s): ${[...perUser].filter(([, c]) => c > 1).map(([u, c]) => `buyer ${u} has ${c}`).join(', ')}`);

    const sold = new Map<number, number>();
    for (const order of orders.values()) {
      if (order.cancelled) continue;
      for (const line of order.lines) sold.set(line.skuId, (sold.get(line.skuId) ?? 0) + line.number);
    }
    let stockDelta = 0;
    const { rows: stockRows } = await q.query<{ sku_id: string; available: number }>(
      'select sku_id, available::int as available from sku_stock where sku_id = any($1::bigint[])',
      [Object.keys(given.initialStock)]);
    const modelStock = new Map(stockRows.map((r) => [Number(r.sku_id), r.available]));
    for (const [sku, initial] of Object.entries(given.initialStock)) {
      const skuId = Number(sku);
      const expected = initial - (sold.get(skuId) ?? 0);
      const stored = (await storeAvailable(q, skuId)) ?? initial;
      const projected = modelStock.get(skuId) ?? initial;
      stockDelta += Math.abs(stored - expected);
      if (stored !== expected) problems.push(`sku ${skuId}: store says ${stored} available, initial ${initial} − sold ${sold.get(skuId) ?? 0} = ${expected}`);
      if (projected !== expected) problems.push(`sku ${skuId}: sku_stock says ${projected} available, expected ${expected}`);
    }

    const effective = await effectivePayments(q);
    let paid = 0;
    for (const order of orders.values()) {
      const payments = effective.get(order.orderId) ?? 0;
      if (order.paid > 0) paid += 1;
      if (order.paid > 1) problems.push(`order ${order.orderId} has ${order.paid} OrderPaid events`);
      if (order.paid > 0 && payments !== 1) problems.push(`paid order ${order.orderId} has ${payments} effective payments`);
      if (order.paid === 0 && payments !== 0) problems.push(`unpaid order ${order.orderId} has ${payments} effective payment(s): money taken, order not paid`);
      const row = model.get(order.orderId);
      if (row && (row.payment_state === 1) !== (order.paid > 0)) problems.push(`order ${order.orderId}: read model payment_state ${row.payment_state}, store paid ${order.paid > 0}`);
    }
    for (const outcome of given.outcomes) {
      if (!outcome.paid || !outcome.acknowledged) continue;
      if (!outcome.acknowledged.orderIds.every((id) => (orders.get(id)?.paid ?? 0) > 0)) {
        problems.push(`buyer ${outcome.userId} confirmed payment but order ${outcome.acknowledged.orderIds.join(',')} is not paid in the store`);
      }
    }
    return { acknowledged: acks.reduce((n, a) => n + a.orderIds.length, 0), found, duplicates, stockDelta, paid, problems };
  }
}
