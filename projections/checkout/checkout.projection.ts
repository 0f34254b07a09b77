/**
 * Checkout read model: which coupon claims are in use (the wallet's 已使用 and the settlement's offers) and which
 * payments cover which orders (pay / getUrl find an order's live QR here; the payment stream decides).
 *
 * coupon_uses(claim_id, user_id, coupon_id, shop_coupon_id, checkout_id, order_ids jsonb, reduction fen,
 *   state 'used' | 'released', used_at, released_at)
 * payments(payment_id, order_ids jsonb, collage_id, amount fen, status 'awaitingPayment' | 'succeeded' | 'failed' |
 *   'closed', code_url, expires_at, created_at, transaction_id, paid_at)
 * payment_orders(order_id, payment_id, created_at): every payment ever made for an order, newest last.
 */
import type pg from 'pg';
import { CouponUseEvent, couponUseEventTypes } from '../../domain/checkout/coupon-use.events';
import { PaymentEvent } from '../../domain/payment/payment.events';
import { streamCategory, type RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';

const PAYMENT_TYPES = ['PaymentCreated', 'PaymentSucceeded', 'PaymentFailed', 'PaymentClosed'] as const;

/** One change to apply, by kind; a batch is applied as runs of consecutive changes of one kind, in log order. */
type Change =
  | { kind: 'coupon-used'; row: { claim_id: number; user_id: number; coupon_id: number; shop_coupon_id: number; checkout_id: number; order_ids: number[]; reduction: number; used_at: string } }
  | { kind: 'coupon-released'; row: { claim_id: number; at: string } }
  | { kind: 'payment-created'; row: { payment_id: string; order_ids: number[]; collage_id: number; amount: number; code_url: string; expires_at: string; created_at: string } }
  | { kind: 'payment-succeeded'; row: { payment_id: string; transaction_id: string; paid_at: string } }
  | { kind: 'payment-ended'; row: { payment_id: string; status: 'failed' | 'closed' } };

function changeOf(event: RecordedEvent): Change | null {
  // event types are matched together with their stream category: another slice may reuse a name elsewhere
  const domainEvent = { type: event.type, data: event.data };
  const category = streamCategory(event.streamId);
  if (category === 'coupon-claim') {
    const e = CouponUseEvent.parse(domainEvent);
    const at = event.metadata.occurredAt;
    if (e.type === 'CouponUsed') {
      const u = e.data;
      return { kind: 'coupon-used', row: { claim_id: u.claimId, user_id: u.userId, coupon_id: u.couponId, shop_coupon_id: u.shopCouponId, checkout_id: u.checkoutId, order_ids: u.orderIds, reduction: u.reductionFen, used_at: at } };
    }
    if (e.type === 'CouponReleased') return { kind: 'coupon-released', row: { claim_id: e.data.claimId, at } };
    return null;
  }
  if (category !== 'payment') return null;
  const paymentId = event.streamId.slice('payment-'.length);
  const e = PaymentEvent.parse(domainEvent);
  switch (e.type) {
    case 'PaymentCreated': {
      const p = e.data;
      return { kind: 'payment-created', row: { payment_id: paymentId, order_ids: p.orderIds, collage_id: p.collageId, amount: p.amount, code_url: p.codeUrl, expires_at: p.expiresAt, created_at: p.createdAt } };
    }
    case 'PaymentSucceeded':
      return { kind: 'payment-succeeded', row: { payment_id: paymentId, transaction_id: e.data.transactionId, paid_at: e.data.paidAt } };
    case 'PaymentFailed':
    case 'PaymentClosed':
      return { kind: 'payment-ended', row: { payment_id: paymentId, status: e.type === 'PaymentFailed' ? 'failed' : 'closed' } };
    default:
      return null;
  }
}

/** The last change per key of a run (one statement may not touch a row twice). */
const lastPer = <R>(rows: R[], key: (row: R) => string | number): R[] => [...new Map(rows.map((r) => [key(r), r])).values()];

async function applyRun(tx: pg.PoolClient, s: string, kind: Change['kind'], rows: Change['row'][]): Promise<void> {
  const json = (list: unknown[]) => JSON.stringify(list);
  switch (kind) {
    case 'coupon-used':
      await tx.query(
        `insert into ${s}.coupon_uses (claim_id, user_id, coupon_id, shop_coupon_id, checkout_id, order_ids, reduction, state, used_at)
         select claim_id, user_id, coupon_id, shop_coupon_id, checkout_id, order_ids, reduction, 'used', used_at
         from jsonb_to_recordset($1::jsonb) as r(claim_id bigint, user_id bigint, coupon_id bigint, shop_coupon_id bigint,
           checkout_id bigint, order_ids jsonb, reduction bigint, used_at timestamptz)
         on conflict (claim_id) do update set user_id = excluded.user_id, checkout_id = excluded.checkout_id,
           order_ids = excluded.order_ids, reduction = excluded.reduction, state = 'used', used_at = excluded.used_at,
           released_at = null`,
        [json(lastPer(rows as { claim_id: number }[], (r) => r.claim_id))]);
      return;
    case 'coupon-released':
      await tx.query(
        `update ${s}.coupon_uses c set state = 'released', released_at = r.at
         from jsonb_to_recordset($1::jsonb) as r(claim_id bigint, at timestamptz) where c.claim_id = r.claim_id`,
        [json(lastPer(rows as { claim_id: number }[], (r) => r.claim_id))]);
      return;
    case 'payment-created':
      await tx.query(
        `insert into ${s}.payments (payment_id, order_ids, collage_id, amount, status, code_url, expires_at, created_at)
         select payment_id, order_ids, collage_id, amount, 'awaitingPayment', code_url, expires_at, created_at
         from jsonb_to_recordset($1::jsonb) as r(payment_id text, order_ids jsonb, collage_id bigint, amount bigint,
           code_url text, expires_at timestamptz, created_at timestamptz)
         on conflict (payment_id) do nothing`, [json(rows)]);
      await tx.query(
        `insert into ${s}.payment_orders (order_id, payment_id, created_at)
         select o::bigint, r.payment_id, r.created_at
         from jsonb_to_recordset($1::jsonb) as r(payment_id text, order_ids jsonb, created_at timestamptz),
           jsonb_array_elements_text(r.order_ids) as o
         on conflict do nothing`, [json(rows)]);
      return;
    case 'payment-succeeded':
      await tx.query(
        `update ${s}.payments p set status = 'succeeded', transaction_id = r.transaction_id, paid_at = r.paid_at
         from jsonb_to_recordset($1::jsonb) as r(payment_id text, transaction_id text, paid_at timestamptz)
         where p.payment_id = r.payment_id`,
        [json(lastPer(rows as { payment_id: string }[], (r) => r.payment_id))]);
      return;
    case 'payment-ended':
      await tx.query(
        `update ${s}.payments p set status = r.status
         from jsonb_to_recordset($1::jsonb) as r(payment_id text, status text)
         where p.payment_id = r.payment_id and p.status = 'awaitingPayment'`,
        [json(lastPer(rows as { payment_id: string }[], (r) => r.payment_id))]);
      return;
    default:
      return;
  }
}

/**
 * Set-based: a batch's changes in log order, cut into runs of one kind, one or two statements per run (a flash sale's
 * hundred payments are one insert, not two hundred). Within a run no row is touched twice out of order: the runs keep
 * every used → released → used sequence apart, and a run keeps the last change per key.
 */
async function applyChanges(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  let kind: Change['kind'] | null = null;
  let rows: Change['row'][] = [];
  for (const change of events.map(changeOf)) {
    if (!change) continue;
    if (change.kind !== kind && kind) {
      await applyRun(tx, schema, kind, rows);
      rows = [];
    }
    kind = change.kind;
    rows.push(change.row);
  }
  if (kind) await applyRun(tx, schema, kind, rows);
}

export const checkoutProjection: Projection = {
  name: 'checkout',
  version: 1,
  handles: [...couponUseEventTypes, ...PAYMENT_TYPES],
  tables: ['coupon_uses', 'payments', 'payment_orders'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table ${schema}.coupon_uses (
        claim_id bigint primary key,
        user_id bigint not null,
        coupon_id bigint not null,
        shop_coupon_id bigint not null,
        checkout_id bigint not null,
        order_ids jsonb not null,
        reduction bigint not null,
        state text not null,
        used_at timestamptz not null,
        released_at timestamptz
      )`);
    await tx.query(`create index coupon_uses_user on ${schema}.coupon_uses (user_id, state)`);
    await tx.query(`
      create table ${schema}.payments (
        payment_id text primary key,
        order_ids jsonb not null,
        collage_id bigint not null,
        amount bigint not null,
        status text not null,
        code_url text not null,
        expires_at timestamptz not null,
        created_at timestamptz not null,
        transaction_id text,
        paid_at timestamptz
      )`);
    await tx.query(`
      create table ${schema}.payment_orders (
        order_id bigint not null,
        payment_id text not null,
        created_at timestamptz not null,
        primary key (order_id, payment_id)
      )`);
  },
  apply: (tx: pg.PoolClient, event: RecordedEvent, schema: string) => applyChanges(tx, [event], schema),
  applyBatch: applyChanges,
};
