/**
 * What the cluster bench checks afterwards in the orders read model: every order it paid has payment state 1, in
 * order state 2 (paid, awaiting shipment) or 3 (shipped: the cluster runs the demo merchant, which ships paid orders
 * after DEMO_MERCHANT_SHIP_AFTER_MS). Polled briefly, so a worker still applying the last callbacks is not mistaken
 * for a lost payment; whatever is not paid is named by state.
 */
import type { Queryable } from '../../../services/db/database';

export interface PaidCheck { paid: number; expected: number; others: string }

export async function untilPaid(db: Queryable, orderIds: readonly number[], timeoutMs = 30_000): Promise<PaidCheck> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ state: number; payment_state: number; n: string }>(
      'select state, payment_state, count(*) as n from orders where order_id = any($1::bigint[]) group by state, payment_state',
      [orderIds.map(String)]);
    const isPaid = (r: { state: number; payment_state: number }) => (r.state === 2 || r.state === 3) && r.payment_state === 1;
    const paid = rows.filter(isPaid).reduce((n, r) => n + Number(r.n), 0);
    const found = rows.reduce((n, r) => n + Number(r.n), 0);
    if (paid === orderIds.length || Date.now() > deadline) {
      const others = rows.filter((r) => !isPaid(r)).map((r) => `${r.n} in state ${r.state}/payment ${r.payment_state}`);
      if (found < orderIds.length) others.push(`${orderIds.length - found} missing`);
      return { paid, expected: orderIds.length, others: others.join(', ') };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
