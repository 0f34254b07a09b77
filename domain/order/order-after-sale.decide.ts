import type { SnapshotFrom } from 'xstate';
import { fail } from '../shared/errors';
import { nextSnapshot } from '../shared/machine-decider';
import type { CloseAfterSale, OpenAfterSale } from './order.commands';
import { everyLineRefunded, hasOpenAfterSale, lineOf } from './order.context';
import type { OrderEvent } from './order.events';
import { orderMachine } from './order.machine';
import { isAfterSaleWindowClosed } from './after-sale-window';

type OrderState = SnapshotFrom<typeof orderMachine>;

/**
 * The order's side of an after-sale: lines are held while it is open, the receipt clock pauses with the first
 * open after-sale and resumes (with the remaining time) when the last one closes; when every line is refunded
 * the order closes. A completed order accepts after-sales until its window closes (after-sale-window.ts).
 */
export function decideAfterSale(command: OpenAfterSale | CloseAfterSale, state: OrderState, now: Date): OrderEvent[] {
  const at = now.toISOString();
  const c = state.context;
  if (command.type === 'OpenAfterSale') {
    if (command.data.lines.some((l) => !lineOf(c, l.skuId))) fail('orderLineNotFound');
    // the order keeps its own window: whichever path opens an after-sale, none opens on it once the window closed
    if (isAfterSaleWindowClosed(c.confirmed?.afterSaleUntil, now)) fail('afterSaleWindowClosed');
    const opened: OrderEvent = { type: 'AfterSaleOpened', data: { ...command.data, openedAt: at } };
    if (!state.matches({ awaitingReceipt: 'autoConfirmRunning' }) || c.autoConfirmAt === null) return [opened];
    const remainingMs = Math.max(0, Date.parse(c.autoConfirmAt) - now.getTime());
    return [opened, { type: 'AutoConfirmPaused', data: { remainingMs, pausedAt: at } }];
  }
  const closed: OrderEvent = { type: 'AfterSaleClosed', data: { ...command.data, closedAt: at } };
  const after = nextSnapshot(orderMachine, state, closed).context;
  if (everyLineRefunded(after)) return [closed, { type: 'OrderRefundedInFull', data: { closedAt: at } }];
  if (state.matches({ awaitingReceipt: 'autoConfirmPaused' }) && !hasOpenAfterSale(after)) {
    const autoConfirmAt = new Date(now.getTime() + (c.autoConfirmRemainingMs ?? 0)).toISOString();
    return [closed, { type: 'AutoConfirmResumed', data: { autoConfirmAt, resumedAt: at } }];
  }
  return [closed];
}
