/**
 * The order's side of an after-sale (domain/order/order-after-sale.decide.ts): the order holds the lines while the
 * after-sale is open (auto-confirm paused), and hears how it ended — refunded (4), refund refused after the return
 * (8) or closed (9) — so its lines show `afterState`, `ifAfter` follows, the remaining auto-confirm time resumes,
 * and an order whose every line is refunded closes (5). Refunded units go back to stock (origin-contract §6). Every
 * step is keyed by the after-sale and its state: repeating one records nothing twice.
 */
import type { AfterSaleSnapshot } from '../../domain/after-sale/after-sale.machine';
import { afterStateOf } from '../../domain/after-sale/after-sale.machine';
import type { AfterSaleOutcome } from '../../domain/order/order.events';
import { DomainError, Errors } from '../../domain/shared/errors';
import { stockDecider } from '../../domain/stock/stock.decider';
import { skuStream } from '../../domain/stock/stock.events';
import { handleCommand } from '../commands/handle-command';
import { runOrderCommand } from '../orders/order-command';
import { SYSTEM, type AfterSaleDeps } from './after-sale-command';

type OrderSideDeps = Pick<AfterSaleDeps, 'store' | 'waitFor' | 'clock' | 'log'>;

const outcomes: Partial<Record<number, AfterSaleOutcome>> = { 4: 'refunded', 8: 'refund-refused', 9: 'closed' };

/** Tells the order how the after-sale ended, when it has; a no-op in every other state. */
export async function settleOrderSide(deps: OrderSideDeps, state: AfterSaleSnapshot): Promise<void> {
  const application = state.context.application;
  const afterState = afterStateOf(state);
  const outcome = afterState === null ? undefined : outcomes[afterState];
  if (!application || afterState === null || !outcome) return;
  const refundAmount = afterState === 4 ? application.priceFen : 0;
  try {
    await runOrderCommand(deps, application.orderId, {
      type: 'CloseAfterSale', data: { afterSaleId: application.afterId, outcome, afterState, refundAmount },
    }, SYSTEM, `after-sale-${application.afterId}:close:${afterState}`);
  } catch (error) {
    // the order no longer holds it (closed before): nothing of the order's changes
    if (!(error instanceof DomainError && error.code === Errors.orderStateChanged.code)) throw error;
    deps.log(`[after-sale] order ${application.orderId} does not hold after-sale ${application.afterId}`);
  }
  if (afterState === 4) await returnStock(deps, application.afterId, application.lines);
}

/** A refused return taken to the platform: the order holds the lines again while the platform decides. */
export async function reopenOnOrder(deps: OrderSideDeps, state: AfterSaleSnapshot): Promise<void> {
  const a = state.context.application;
  if (!a) return;
  await runOrderCommand(deps, a.orderId, {
    type: 'OpenAfterSale',
    data: { afterSaleId: a.afterId, afterType: a.afterType, lines: a.lines.map(({ skuId, number }) => ({ skuId, number })) },
  }, SYSTEM, `after-sale-${a.afterId}:reopen`);
}

async function returnStock(deps: OrderSideDeps, afterId: number, lines: ReadonlyArray<{ skuId: number; number: number }>): Promise<void> {
  for (const line of lines) {
    const result = await handleCommand({
      store: deps.store, streamId: skuStream(line.skuId), decider: stockDecider,
      command: { type: 'RestockSku', data: { skuId: line.skuId, added: line.number, listedQuantity: 0 } },
      now: deps.clock(), actor: SYSTEM, commandId: `after-sale-${afterId}:restock`, correlationId: `after-sale-${afterId}`,
      retryOnConflict: true, serialize: true,
    });
    if (result.events.length > 0) await deps.waitFor(result);
  }
}
