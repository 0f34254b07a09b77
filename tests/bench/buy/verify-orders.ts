/**
 * What the Buy benchmarks check afterwards in the orders read model: every order they paid is in state 2 (paid,
 * awaiting shipment). The read model is polled briefly, so a projection still applying the last callbacks is not
 * mistaken for a lost payment; whatever is still not paid is named by state.
 */
import type { Queryable } from '../../../services/db/database';

export interface PaidCheck { paid: number; expected: number; others: string }

export async function untilOrdersPaid(db: Queryable, orderIds: readonly number[], timeoutMs = 5000): Promise<PaidCheck> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ state: number; payment_state: number; n: string }>(
      `select state, payment_state, count(*) as n from orders where order_id = any($1::bigint[]) group by state, payment_state`,
      [orderIds.map(String)]);
    const paid = rows.filter((r) => r.state === 2 && r.payment_state === 1).reduce((n, r) => n + Number(r.n), 0);
    const found = rows.reduce((n, r) => n + Number(r.n), 0);
    if (paid === orderIds.length || Date.now() > deadline) {
      const others = rows.filter((r) => !(r.state === 2 && r.payment_state === 1)).map((r) => `${r.n} in state ${r.state}/payment ${r.payment_state}`);
      if (found < orderIds.length) others.push(`${orderIds.length - found} missing`);
      return { paid, expected: orderIds.length, others: others.join(', ') };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
