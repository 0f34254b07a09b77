/**
 * The order stream records an after-sale when it opens (afterState 1) and when it ends (4, 8, 9); what happens in
 * between (2 退款中, 3 退货中, 6, 7, 10) lives on the after-sale's stream. The order screens show each line's and the
 * order's `afterState` as it is now, so the rows are completed from the after-sales read model: one query per answer.
 */
import type { Queryable } from '../../db/database';
import type { OrderRecord } from './order.queries';

export async function withLiveAfterStates(db: Queryable, rows: OrderRecord[]): Promise<OrderRecord[]> {
  const ids = [...new Set(rows.flatMap((r) => r.lines.map((l) => l.afterSaleId).filter((id): id is number => id !== null)))];
  if (ids.length === 0) return rows;
  const { rows: states } = await db.query<{ after_id: string; after_state: number }>(
    'select after_id, after_state from after_sales where after_id = any($1::bigint[])', [ids]);
  const now = new Map(states.map((s) => [Number(s.after_id), s.after_state]));
  return rows.map((row) => {
    const lines = row.lines.map((l) => (l.afterSaleId !== null && now.has(l.afterSaleId) ? { ...l, afterState: now.get(l.afterSaleId) ?? l.afterState } : l));
    const latest = lines.filter((l) => l.afterSaleId !== null).sort((a, b) => (b.afterSaleId ?? 0) - (a.afterSaleId ?? 0))[0];
    return { ...row, lines, after_state: latest?.afterState ?? row.after_state };
  });
}
