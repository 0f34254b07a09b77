/**
 * Deadline kind `auto-confirm` (projections/deadlines): at `autoConfirmAt` (shipping + 15 days, or the remaining time
 * after an after-sale) receipt confirms itself. A paused, already confirmed or early order rejects the command with
 * 400001, which the scheduler records as stale. The deadline's commandId makes a second firing answer from the stream.
 */
import type { DeadlineHandler } from '../scheduler/deadline-handler';
import { receiptConfirmationData, runOrderCommand, type OrderCommandDeps, type OrderServiceDeps } from './order-command';

export const autoConfirmReceipt = (deps: OrderCommandDeps & Pick<OrderServiceDeps, 'afterSaleWindowDays'>): DeadlineHandler => async (deadline) => {
  await runOrderCommand(deps, deadline.entityId, { type: 'ConfirmReceiptAutomatically', data: receiptConfirmationData(deps) }, { kind: 'system' },
    deadline.commandId);
};
