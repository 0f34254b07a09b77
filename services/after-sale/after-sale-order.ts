/**
 * The order's side of an after-sale (domain/order/order-after-sale.decide.ts), steps of the after-sale process: the
 * order holds the lines while the after-sale is open (auto-confirm paused), and hears how it ended — refunded (4),
 * refund refused after the return (8) or closed (9) — so its lines show `afterState`, `ifAfter` follows, the
 * remaining auto-confirm time resumes, and an order whose every line is refunded closes (5). Refunded units go back
 * to stock (origin-contract §6). Every step is keyed by the after-sale and its state: repeating one (the resumer
 * after a crash) records nothing twice.
 */
import type { AfterSaleSnapshot } from '../../domain/after-sale/after-sale.machine';
import { afterStateOf } from '../../domain/after-sale/after-sale.machine';
import type { CloseAfterSale } from '../../domain/order/order.commands';
import { orderDecider } from '../../domain/order/order.decider';
import type { AfterSaleOutcome } from '../../domain/order/order.events';
import { DomainError, Errors } from '../../domain/shared/errors';
import { stockDecider } from '../../domain/stock/stock.decider';
import { skuStream } from '../../domain/stock/stock.events';
import { decideOn } from '../processes/process-step';
import { orderStream } from '../orders/order-command';
import { afterSaleProcess, type AfterSaleDeps } from './after-sale-command';

type OrderSideDeps = Pick<AfterSaleDeps, 'store' | 'waitFor' | 'clock' | 'log'>;

const outcomes: Partial<Record<number, AfterSaleOutcome>> = { 4: 'refunded', 8: 'refund-refused', 9: 'closed' };

/** The order's command telling it how the after-sale ended, and its command id; null while it has not ended. */
export function orderSideClose(state: AfterSaleSnapshot): { orderId: number; command: CloseAfterSale; commandId: string } | null {
  const application = state.context.application;
  const afterState = afterStateOf(state);
  const outcome = afterState === null ? undefined : outcomes[afterState];
  if (!application || afterState === null || !outcome) return null;
  const refundAmount = afterState === 4 ? application.priceFen : 0;
  return {
    orderId: application.orderId,
    command: { type: 'CloseAfterSale', data: { afterSaleId: application.afterId, outcome, afterState, refundAmount } },
    commandId: `after-sale-${application.afterId}:close:${afterState}`,
  };
}

/** Tells the order how the after-sale ended, when it has, and restocks refunded units; a no-op in every other state. */
export async function settleOrderSide(deps: OrderSideDeps, state: AfterSaleSnapshot): Promise<void> {
  const close = orderSideClose(state);
  const application = state.context.application;
  if (!close || !application) return;
  const ctx = afterSaleProcess(deps, application.afterId);
  try {
    const result = await decideOn(ctx, orderStream(close.orderId), orderDecider, close.command, close.commandId);
    if (result.events.length > 0) await deps.waitFor(result);
  } catch (error) {
    // the order no longer holds it (closed before): nothing of the order's changes
    if (!(error instanceof DomainError && error.code === Errors.orderStateChanged.code)) throw error;
    deps.log(`[after-sale] order ${application.orderId} does not hold after-sale ${application.afterId}`);
  }
  if (afterStateOf(state) === 4) await returnStock(deps, application.afterId, application.lines);
}

/** The order holds the after-sale's lines (an application, or a refused return taken to the platform). */
export async function holdOnOrder(deps: OrderSideDeps, state: AfterSaleSnapshot, step: 'open' | 'reopen'): Promise<void> {
  const a = state.context.application;
  if (!a) return;
  const result = await decideOn(afterSaleProcess(deps, a.afterId), orderStream(a.orderId), orderDecider, {
    type: 'OpenAfterSale',
    data: { afterSaleId: a.afterId, afterType: a.afterType, lines: a.lines.map(({ skuId, number }) => ({ skuId, number })) },
  }, `after-sale-${a.afterId}:${step}`);
  if (result.events.length > 0) await deps.waitFor(result);
}

async function returnStock(deps: OrderSideDeps, afterId: number, lines: ReadonlyArray<{ skuId: number; number: number }>): Promise<void> {
  const ctx = afterSaleProcess(deps, afterId);
  for (const line of lines) {
    const result = await decideOn(ctx, skuStream(line.skuId), stockDecider,
      { type: 'RestockSku', data: { skuId: line.skuId, added: line.number, listedQuantity: 0 } },
      `after-sale-${afterId}:restock`, { hot: true });
    if (result.events.length > 0) await deps.waitFor(result);
  }
}
