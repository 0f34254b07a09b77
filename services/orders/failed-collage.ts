/**
 * Group-buy consequences of closing an order: the order leaves its collage; when the one leaving opened the group,
 * the group fails (`CollageFailed{leader-left}`) and every other member order closes (`CancelForFailedGroup`), its
 * stock and coupons go back and what was paid is refunded. `closeOrdersOfFailedCollage` is also what a collage
 * failing at its deadline calls for: the `fail-collage` deadline handler below (`FailCollageAtDeadline` →
 * `CollageFailed{deadline, orderIds}`; a group that succeeded or failed already answers 600003, stale).
 * Every step is keyed (commandId, refundId), so running it again after a failure finishes the work without doubling it.
 */
import { collageDecider } from '../../domain/group-buy/collage.decider';
import type { CollageLeaveReason } from '../../domain/group-buy/collage.events';
import { DomainError, Errors } from '../../domain/shared/errors';
import { handleCommand } from '../commands/handle-command';
import type { DeadlineHandler } from '../scheduler/deadline-handler';
import { runOrderCommand, type OrderServiceDeps } from './order-command';
import { refundOrder } from './refund-order';

const isStale = (error: unknown, code: string): boolean => error instanceof DomainError && error.code === code;

export async function leaveCollage(
  deps: OrderServiceDeps, collageId: number, orderId: number, reason: CollageLeaveReason,
): Promise<void> {
  let failedOrderIds: number[] | null = null;
  try {
    const result = await handleCommand({
      store: deps.store, streamId: `collage-${collageId}`, decider: collageDecider,
      command: { type: 'LeaveCollage', data: { orderId, reason } }, now: deps.clock(), actor: { kind: 'system' },
      commandId: `leave:${orderId}`, retryOnConflict: true,
    });
    for (const event of result.events) {
      if (event.type === 'CollageFailed') failedOrderIds = (event.data as { orderIds: number[] }).orderIds;
    }
    if (result.events.length > 0) await deps.waitFor(result);
  } catch (error) {
    // the group already succeeded or failed, or this order never joined it: nothing to leave
    if (isStale(error, Errors.collageStateChanged.code)) return;
    throw error;
  }
  if (failedOrderIds) await closeOrdersOfFailedCollage(deps, collageId, failedOrderIds);
}

export async function closeOrdersOfFailedCollage(deps: OrderServiceDeps, collageId: number, orderIds: readonly number[]): Promise<void> {
  for (const orderId of orderIds) {
    let refund: { paymentId: string; amount: number } | null = null;
    try {
      const result = await runOrderCommand(deps, orderId, { type: 'CancelForFailedGroup', data: { collageId } },
        { kind: 'system' }, `group-failed:${collageId}`);
      const c = result.state.context;
      if (c.payment && (c.cancelled?.refundAmount ?? 0) > 0) refund = { paymentId: c.payment.paymentId, amount: c.cancelled?.refundAmount ?? 0 };
    } catch (error) {
      // closed by its own deadline or by its shopper before the group failed: that path released it
      if (isStale(error, Errors.orderStateChanged.code)) continue;
      throw error;
    }
    await deps.releaseOrderResources(orderId);
    if (refund) {
      await refundOrder(deps, { ...refund, orderId, reason: 'group-failed', refundId: `group-failed-${orderId}` });
    }
  }
}

export const failCollageAtDeadline = (deps: OrderServiceDeps): DeadlineHandler => async (deadline) => {
  const result = await handleCommand({
    store: deps.store, streamId: deadline.streamId, decider: collageDecider, command: { type: 'FailCollageAtDeadline', data: {} },
    now: deps.clock(), actor: { kind: 'system' }, commandId: deadline.commandId,
  });
  if (result.events.length > 0) await deps.waitFor(result);
  const failed = result.events.find((e) => e.type === 'CollageFailed');
  if (failed) await closeOrdersOfFailedCollage(deps, deadline.entityId, (failed.data as { orderIds: number[] }).orderIds);
};
