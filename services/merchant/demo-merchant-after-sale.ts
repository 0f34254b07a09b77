/**
 * The demo merchant's after-sale side (DESIGN.md §7): it agrees to every application (1 审核中) and takes in every
 * shipped-back return (3 退货中) `afterMs` after the after-sale reached that state, so a newcomer can walk refund-only
 * and return-and-refund paths in the browser without ops commands. `DEMO_MERCHANT_AFTER_SALE_AFTER_MS`
 * (services/config.ts): 30000 by default, 0 turns it off; in production it is off unless set (and then warned of at
 * start: with WeChat Pay keys its refunds are real). Like the shipping demo merchant it keeps no timer: each pass asks the
 * after-sales read model what has waited long enough, so a restart loses nothing.
 */
import { DomainError, Errors } from '../../domain/shared/errors';
import type { AfterSaleDeps } from '../after-sale/after-sale-command';
import { actOnAfterSale } from '../after-sale/merchant-actions';
import { createPoller, type Poller } from '../orders/poller';

const BATCH = 20;
const DEMO = { kind: 'merchant' as const, id: 'demo-merchant' };

export async function handleWaitingAfterSales(deps: AfterSaleDeps, afterMs: number, now: Date = deps.clock()): Promise<number> {
  const { rows } = await deps.db.query<{ after_id: string; after_state: number }>(
    `select after_id, after_state from after_sales
      where after_state in (1, 3) and updated_at <= $1 order by updated_at, after_id limit $2`,
    [new Date(now.getTime() - afterMs).toISOString(), BATCH]);
  let handled = 0;
  for (const row of rows) {
    const verb = row.after_state === 1 ? 'agree' : 'receive';
    try {
      await actOnAfterSale(deps, Number(row.after_id), verb, { actor: DEMO, commandId: `demo-merchant-${verb}` });
      handled += 1;
    } catch (error) {
      // withdrawn or handled by ops meanwhile: the read model was a moment behind
      if (error instanceof DomainError && error.code === Errors.afterSaleStateChanged.code) continue;
      throw error;
    }
  }
  return handled;
}

export function createDemoAfterSaleMerchant(deps: AfterSaleDeps, afterMs: number, pollMs = 1000): Poller {
  return createPoller('demo-merchant-after-sale', (now) => handleWaitingAfterSales(deps, afterMs, now), pollMs, deps.log);
}
