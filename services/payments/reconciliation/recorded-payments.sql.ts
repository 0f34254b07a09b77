/**
 * The store's side of a bill day: which payments it recorded paid, and which refunds it recorded, within [from, to).
 * One query on the events table by type and recorded time (PostgreSQL / PGlite): reading the whole log through
 * EventStore.readAll would be slow for a big log. The payments found are then read stream by stream (payment-facts.ts).
 * It reads `refundId` from the stored data, not upcast: the schema snapshot test (tests/unit/events) refuses a version
 * bump of these three types until this query is taught the older shapes.
 */
import type { Queryable } from '../../db/database';

export interface RecordedInDay {
  /** Payments with a PaymentSucceeded recorded that day. */
  paid: string[];
  /** Refunds requested or recorded refunded that day. */
  refunds: Array<{ paymentId: string; refundId: string }>;
}

const PREFIX = 'payment-';

export async function recordedBetween(db: Queryable, from: Date, to: Date): Promise<RecordedInDay> {
  const { rows } = await db.query<{ stream_id: string; type: string; refund_id: string | null }>(
    `select distinct stream_id, type, data->>'refundId' as refund_id from events
     where type in ('PaymentSucceeded', 'RefundRequested', 'PaymentRefunded')
       and recorded_at >= $1 and recorded_at < $2 and stream_id like '${PREFIX}%'`,
    [from.toISOString(), to.toISOString()],
  );
  const paid = new Set<string>();
  const refunds = new Map<string, { paymentId: string; refundId: string }>();
  for (const row of rows) {
    const paymentId = row.stream_id.slice(PREFIX.length);
    if (row.type === 'PaymentSucceeded') paid.add(paymentId);
    else if (row.refund_id) refunds.set(row.refund_id, { paymentId, refundId: row.refund_id });
  }
  return { paid: [...paid].sort(), refunds: [...refunds.values()] };
}
