/**
 * The checkout read model applied set-based (projections/checkout/checkout.projection.ts): a batch is cut into runs
 * of one kind in log order, so a batch that uses, releases and uses a coupon again, and creates, pays and closes
 * payments, ends where applying its events one by one ends. Against real SQL (PGlite; PostgreSQL with DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../services/db/database';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { checkoutProjection } from '../../projections/checkout/checkout.projection';
import { freshPostgres, sharedPGlite } from '../support/backends';
import { uniqueName } from './projection.fixtures';

let position = 0n;
const recorded = (streamId: string, type: string, data: unknown, at = '2025-03-01T02:00:00.000Z'): RecordedEvent => {
  position += 1n;
  return {
    streamId, revision: 0, position: { commit: position, prepare: position }, recordedAt: at, type, data,
    metadata: { eventId: randomUUID(), actor: { kind: 'system' }, occurredAt: at, schemaVersion: 1 },
  };
};
const used = (claimId: number, checkoutId: number, at: string) => recorded(`coupon-claim-${claimId}`, 'CouponUsed', {
  claimId, userId: 9, couponId: 3, shopCouponId: 0, checkoutId, orderIds: [checkoutId * 10], reductionFen: 500,
}, at);
const created = (paymentId: string, orderIds: number[]) => recorded(`payment-${paymentId}`, 'PaymentCreated', {
  paymentId, orderIds, collageId: 0, amount: 3790, provider: 'sandbox', codeUrl: `http://x/pay/sandbox/${paymentId}`,
  createdAt: '2025-03-01T02:00:00.000Z', expiresAt: '2025-03-01T03:00:00.000Z',
});

const batch: RecordedEvent[] = [
  used(77, 1, '2025-03-01T02:00:00.000Z'),
  recorded('coupon-claim-77', 'CouponReleased', { claimId: 77, checkoutId: 1, reason: 'checkout-failed' }, '2025-03-01T02:01:00.000Z'),
  used(77, 2, '2025-03-01T02:02:00.000Z'),
  used(78, 3, '2025-03-01T02:02:00.000Z'),
  created('JSA', [101]),
  created('JSB', [102, 103]),
  created('JSC', [104]),
  recorded('payment-JSA', 'PaymentSucceeded', { transactionId: '4200A', amount: 3790, paidAt: '2025-03-01T02:05:00.000Z' }),
  recorded('payment-JSB', 'PaymentClosed', { reason: 'expired', closedAt: '2025-03-01T03:00:00.000Z' }),
  recorded('payment-JSA', 'PaymentClosed', { reason: 'expired', closedAt: '2025-03-01T03:00:00.000Z' }),
  recorded('order-101', 'OrderPlaced', {}),
];

async function applyInOneBatch(db: Database) {
  const schema = uniqueName('co');
  return db.transaction(async (tx) => {
    await tx.query(`create schema ${schema}`);
    await checkoutProjection.migrate(tx, schema);
    await checkoutProjection.applyBatch?.(tx, batch.filter((e) => checkoutProjection.handles.includes(e.type)), schema);
    const coupons = await tx.query(`select claim_id::int, checkout_id::int, state, used_at, released_at from ${schema}.coupon_uses order by claim_id`);
    const payments = await tx.query(`select payment_id, status, transaction_id, order_ids from ${schema}.payments order by payment_id`);
    const orders = await tx.query(`select order_id::int, payment_id from ${schema}.payment_orders order by order_id`);
    await tx.query(`drop schema ${schema} cascade`);
    return { coupons: coupons.rows, payments: payments.rows, orders: orders.rows };
  });
}

const expectations = (result: Awaited<ReturnType<typeof applyInOneBatch>>) => {
  expect(result.coupons).toEqual([
    { claim_id: 77, checkout_id: 2, state: 'used', used_at: new Date('2025-03-01T02:02:00.000Z'), released_at: null },
    { claim_id: 78, checkout_id: 3, state: 'used', used_at: new Date('2025-03-01T02:02:00.000Z'), released_at: null },
  ]);
  expect(result.payments).toEqual([
    { payment_id: 'JSA', status: 'succeeded', transaction_id: '4200A', order_ids: [101] },
    { payment_id: 'JSB', status: 'closed', transaction_id: null, order_ids: [102, 103] },
    { payment_id: 'JSC', status: 'awaitingPayment', transaction_id: null, order_ids: [104] },
  ]);
  expect(result.orders).toEqual([
    { order_id: 101, payment_id: 'JSA' }, { order_id: 102, payment_id: 'JSB' }, { order_id: 103, payment_id: 'JSB' },
    { order_id: 104, payment_id: 'JSC' },
  ]);
};

describe('the checkout read model applying one batch', () => {
  it('on PGlite ends as the events tell one by one: a coupon used again after its release, payments paid, closed, open', async () => {
    expectations(await applyInOneBatch(await sharedPGlite()));
  });

  it('on PostgreSQL the same', async () => {
    const fresh = await freshPostgres('checkout_projection');
    if (!fresh) {
      console.warn('[checkout-projection] PostgreSQL skipped: DATABASE_URL not set');
      return;
    }
    try {
      expectations(await applyInOneBatch(fresh.db));
    } finally {
      await fresh.drop();
    }
  });
});
