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

async function applyCouponUse(tx: pg.PoolClient, s: string, event: CouponUseEvent, at: string): Promise<void> {
  if (event.type === 'CouponUsed') {
    const u = event.data;
    await tx.query(
      `insert into ${s}.coupon_uses (claim_id, user_id, coupon_id, shop_coupon_id, checkout_id, order_ids, reduction, state, used_at)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, 'used', $8)
       on conflict (claim_id) do update set user_id = excluded.user_id, checkout_id = excluded.checkout_id,
         order_ids = excluded.order_ids, reduction = excluded.reduction, state = 'used', used_at = excluded.used_at,
         released_at = null`,
      [u.claimId, u.userId, u.couponId, u.shopCouponId, u.checkoutId, JSON.stringify(u.orderIds), u.reductionFen, at]);
    return;
  }
  if (event.type === 'CouponReleased') {
    await tx.query(`update ${s}.coupon_uses set state = 'released', released_at = $2 where claim_id = $1`, [event.data.claimId, at]);
  }
}

async function applyPayment(tx: pg.PoolClient, s: string, paymentId: string, event: PaymentEvent): Promise<void> {
  switch (event.type) {
    case 'PaymentCreated': {
      const p = event.data;
      await tx.query(
        `insert into ${s}.payments (payment_id, order_ids, collage_id, amount, status, code_url, expires_at, created_at)
         values ($1, $2::jsonb, $3, $4, 'awaitingPayment', $5, $6, $7) on conflict (payment_id) do nothing`,
        [paymentId, JSON.stringify(p.orderIds), p.collageId, p.amount, p.codeUrl, p.expiresAt, p.createdAt]);
      await tx.query(
        `insert into ${s}.payment_orders (order_id, payment_id, created_at)
         select o::bigint, $1, $3 from jsonb_array_elements_text($2::jsonb) as o on conflict do nothing`,
        [paymentId, JSON.stringify(p.orderIds), p.createdAt]);
      return;
    }
    case 'PaymentSucceeded':
      await tx.query(`update ${s}.payments set status = 'succeeded', transaction_id = $2, paid_at = $3 where payment_id = $1`,
        [paymentId, event.data.transactionId, event.data.paidAt]);
      return;
    case 'PaymentFailed':
    case 'PaymentClosed':
      await tx.query(`update ${s}.payments set status = $2 where payment_id = $1 and status = 'awaitingPayment'`,
        [paymentId, event.type === 'PaymentFailed' ? 'failed' : 'closed']);
      return;
    default:
      return;
  }
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
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    // event types are matched together with their stream category: another slice may reuse a name elsewhere
    const domainEvent = { type: event.type, data: event.data };
    const category = streamCategory(event.streamId);
    if (category === 'coupon-claim') {
      await applyCouponUse(tx, schema, CouponUseEvent.parse(domainEvent), event.metadata.occurredAt);
    } else if (category === 'payment') {
      await applyPayment(tx, schema, event.streamId.slice('payment-'.length), PaymentEvent.parse(domainEvent));
    }
  },
};
