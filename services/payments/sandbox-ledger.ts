/**
 * The sandbox's side of the counter: what "WeChat" knows of each Native order and refund (not our business state,
 * which lives in the payment streams). It lets the sandbox fail the way WeChat does: a closed or expired order cannot
 * be paid, a paid one cannot be closed, refunds cannot exceed what was paid, and a repeated confirmation re-sends
 * the same transaction.
 */
import type { Database, Queryable } from '../db/database';
import { migrate } from '../db/migrate';

export type SandboxTradeState = 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED';

export interface SandboxOrder {
  paymentId: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
  tradeState: SandboxTradeState;
  transactionId: string | null;
  successTime: Date | null;
}

export interface SandboxRefund { refundId: string; paymentId: string; amountFen: number; providerRefundId: string }

export async function migrateSandboxLedger(db: Database): Promise<void> {
  await migrate(db, 'sandbox-wechatpay', [
    `create table if not exists sandbox_wechatpay_orders (
       payment_id text primary key,
       amount_fen integer not null,
       description text not null,
       expires_at timestamptz not null,
       trade_state text not null,
       transaction_id text,
       success_time timestamptz,
       created_at timestamptz not null
     )`,
    `create table if not exists sandbox_wechatpay_refunds (
       refund_id text primary key,
       payment_id text not null,
       amount_fen integer not null,
       provider_refund_id text not null,
       created_at timestamptz not null
     )`,
  ]);
}

interface OrderRow {
  payment_id: string; amount_fen: number; description: string; expires_at: Date | string; trade_state: SandboxTradeState;
  transaction_id: string | null; success_time: Date | string | null;
}

const toOrder = (row: OrderRow): SandboxOrder => ({
  paymentId: row.payment_id,
  amountFen: Number(row.amount_fen),
  description: row.description,
  expiresAt: new Date(row.expires_at),
  tradeState: row.trade_state,
  transactionId: row.transaction_id,
  successTime: row.success_time === null ? null : new Date(row.success_time),
});

export async function findSandboxOrder(db: Queryable, paymentId: string): Promise<SandboxOrder | null> {
  const { rows } = await db.query<OrderRow>(`select * from sandbox_wechatpay_orders where payment_id = $1`, [paymentId]);
  return rows[0] ? toOrder(rows[0]) : null;
}

/** Inserts an unpaid order, or refreshes the expiry of an unpaid one with the same amount; answers the stored row. */
export async function openSandboxOrder(
  db: Queryable, order: Pick<SandboxOrder, 'paymentId' | 'amountFen' | 'description' | 'expiresAt'>, now: Date,
): Promise<SandboxOrder> {
  // one statement: the inserted or refreshed row, else (paid, closed, another amount) the row as it stands
  const { rows } = await db.query<OrderRow>(
    `with upserted as (
       insert into sandbox_wechatpay_orders (payment_id, amount_fen, description, expires_at, trade_state, created_at)
       values ($1, $2, $3, $4, 'NOTPAY', $5)
       on conflict (payment_id) do update set expires_at = excluded.expires_at, description = excluded.description
         where sandbox_wechatpay_orders.trade_state = 'NOTPAY' and sandbox_wechatpay_orders.amount_fen = excluded.amount_fen
       returning *)
     select * from upserted
     union all
     select * from sandbox_wechatpay_orders where payment_id = $1 and not exists (select 1 from upserted)`,
    [order.paymentId, order.amountFen, order.description, order.expiresAt.toISOString(), now.toISOString()],
  );
  if (!rows[0]) throw new Error(`sandbox order ${order.paymentId} vanished`);
  return toOrder(rows[0]);
}

/** NOTPAY → SUCCESS once; later calls leave the first transaction in place. */
export async function markSandboxPaid(db: Queryable, paymentId: string, transactionId: string, at: Date): Promise<void> {
  await db.query(
    `update sandbox_wechatpay_orders set trade_state = 'SUCCESS', transaction_id = $2, success_time = $3
     where payment_id = $1 and trade_state = 'NOTPAY'`,
    [paymentId, transactionId, at.toISOString()],
  );
}

export async function markSandboxState(db: Queryable, paymentId: string, from: SandboxTradeState, to: SandboxTradeState): Promise<void> {
  await db.query(`update sandbox_wechatpay_orders set trade_state = $3 where payment_id = $1 and trade_state = $2`, [paymentId, from, to]);
}

export async function findSandboxRefund(db: Queryable, refundId: string): Promise<SandboxRefund | null> {
  const { rows } = await db.query<{ refund_id: string; payment_id: string; amount_fen: number; provider_refund_id: string }>(
    `select * from sandbox_wechatpay_refunds where refund_id = $1`, [refundId]);
  const row = rows[0];
  return row ? { refundId: row.refund_id, paymentId: row.payment_id, amountFen: Number(row.amount_fen), providerRefundId: row.provider_refund_id } : null;
}

export async function refundedFen(db: Queryable, paymentId: string): Promise<number> {
  const { rows } = await db.query<{ total: number }>(
    `select coalesce(sum(amount_fen), 0)::int as total from sandbox_wechatpay_refunds where payment_id = $1`, [paymentId]);
  return Number(rows[0]?.total ?? 0);
}

export async function recordSandboxRefund(db: Queryable, refund: SandboxRefund, at: Date): Promise<void> {
  await db.query(
    `insert into sandbox_wechatpay_refunds (refund_id, payment_id, amount_fen, provider_refund_id, created_at)
     values ($1, $2, $3, $4, $5) on conflict (refund_id) do nothing`,
    [refund.refundId, refund.paymentId, refund.amountFen, refund.providerRefundId, at.toISOString()],
  );
}

export interface SandboxBillRefund extends SandboxRefund { at: Date; transactionId: string | null; totalFen: number }

/** Orders paid within [from, to): the payment lines of that day's bill. */
export async function sandboxOrdersPaidBetween(db: Queryable, from: Date, to: Date): Promise<SandboxOrder[]> {
  const { rows } = await db.query<OrderRow>(
    `select * from sandbox_wechatpay_orders where success_time >= $1 and success_time < $2 order by success_time, payment_id`,
    [from.toISOString(), to.toISOString()]);
  return rows.map(toOrder);
}

/** Refunds accepted within [from, to), with their payment's transaction and amount: the refund lines of that day's bill. */
export async function sandboxRefundsBetween(db: Queryable, from: Date, to: Date): Promise<SandboxBillRefund[]> {
  const { rows } = await db.query<{
    refund_id: string; payment_id: string; amount_fen: number; provider_refund_id: string; created_at: Date | string;
    transaction_id: string | null; total_fen: number;
  }>(
    `select r.refund_id, r.payment_id, r.amount_fen, r.provider_refund_id, r.created_at, o.transaction_id, o.amount_fen as total_fen
     from sandbox_wechatpay_refunds r join sandbox_wechatpay_orders o on o.payment_id = r.payment_id
     where r.created_at >= $1 and r.created_at < $2 order by r.created_at, r.refund_id`,
    [from.toISOString(), to.toISOString()]);
  return rows.map((row) => ({
    refundId: row.refund_id, paymentId: row.payment_id, amountFen: Number(row.amount_fen), providerRefundId: row.provider_refund_id,
    at: new Date(row.created_at), transactionId: row.transaction_id, totalFen: Number(row.total_fen),
  }));
}
