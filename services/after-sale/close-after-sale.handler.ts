/**
 * Deadline kind `close-after-sale` (projections/deadlines): nobody acted within 3 days — the merchant on an
 * application (1), the shopper after a refusal (6) or on an agreed return not shipped back (10) — so it closes (9)
 * and the order hears it. A deadline the after-sale moved past answers 300010, which the scheduler records as stale.
 */
import type { DeadlineHandler } from '../scheduler/deadline-handler';
import { runAfterSaleCommand, SYSTEM, type AfterSaleDeps } from './after-sale-command';
import { settleOrderSide } from './after-sale-order';

export const closeUnhandledAfterSale = (deps: Pick<AfterSaleDeps, 'store' | 'waitFor' | 'clock' | 'log'>): DeadlineHandler =>
  async (deadline) => {
    const result = await runAfterSaleCommand(deps, deadline.entityId, { type: 'CloseUnhandledAfterSale', dueAt: deadline.dueAt },
      SYSTEM, deadline.commandId);
    await settleOrderSide(deps, result.state);
  };
