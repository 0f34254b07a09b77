/**
 * The group buy's process (stream `collage-<id>`): what follows from a group's end, on the members' orders.
 * - Leaving: an order closed while its group forms leaves it; when the one leaving opened the group, the group fails
 *   (`CollageFailed{leader-left}`).
 * - Failed (its leader left, or its deadline came: the `fail-collage` deadline, `FailCollageAtDeadline` →
 *   `CollageFailed{deadline, orderIds}`; a group that succeeded or failed already answers 600003, stale): every member
 *   order closes (`CancelForFailedGroup`), its stock and coupons go back and what was paid is refunded.
 * - Succeeded: every member order waiting in 6 moves to 2 (the payment that completed it does this at once).
 * Each is a step of the `collage` process under a command id of the group and the order, so the resumer
 * (resumeCollage, armed by CollageSucceeded and CollageFailed) finishes after a crash what was cut short, and running
 * it again does nothing twice.
 */
import { collageDecider } from '../../domain/group-buy/collage.decider';
import type { CollageLeaveReason } from '../../domain/group-buy/collage.events';
import { orderDecider } from '../../domain/order/order.decider';
import { DomainError, Errors } from '../../domain/shared/errors';
import { withStreamLock } from '../commands/stream-lock';
import { decideOn, processContext, type StepContext } from '../processes/process-step';
import type { DeadlineHandler } from '../scheduler/deadline-handler';
import { orderStream, type OrderServiceDeps } from './order-command';
import { refundOrder } from './refund-order';

const isStale = (error: unknown, code: string): boolean => error instanceof DomainError && error.code === code;

const collageProcess = (deps: Pick<OrderServiceDeps, 'store' | 'clock'>, collageId: number): StepContext =>
  processContext(deps, 'collage', `collage-${collageId}`);

export async function leaveCollage(
  deps: OrderServiceDeps, collageId: number, orderId: number, reason: CollageLeaveReason,
): Promise<void> {
  let failedOrderIds: number[] | null = null;
  try {
    const result = await decideOn(collageProcess(deps, collageId), `collage-${collageId}`, collageDecider,
      { type: 'LeaveCollage', data: { orderId, reason } }, `leave:${orderId}`);
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
  const ctx = collageProcess(deps, collageId);
  for (const orderId of orderIds) {
    let refund: { paymentId: string; amount: number } | null = null;
    try {
      const result = await decideOn(ctx, orderStream(orderId), orderDecider, { type: 'CancelForFailedGroup', data: { collageId } },
        `group-failed:${collageId}`);
      if (result.events.length > 0) await deps.waitFor(result);
      const c = result.state.context;
      if (c.payment && (c.cancelled?.refundAmount ?? 0) > 0) refund = { paymentId: c.payment.paymentId, amount: c.cancelled?.refundAmount ?? 0 };
    } catch (error) {
      // closed by its own deadline or by its shopper before the group failed: that path released it
      if (isStale(error, Errors.orderStateChanged.code)) continue;
      throw error;
    }
    await deps.releaseOrderResources(orderId);
    if (refund) {
      await refundOrder(deps, ctx, { ...refund, orderId, reason: 'group-failed', refundId: `group-failed-${orderId}` });
    }
  }
}

/** Every member order still waiting in 6 moves on to 2 (a repeat of the completing payment's steps). */
async function markMembersSucceeded(deps: OrderServiceDeps, collageId: number, orderIds: readonly number[]): Promise<void> {
  const ctx = collageProcess(deps, collageId);
  for (const orderId of orderIds) {
    try {
      const m = await decideOn(ctx, orderStream(orderId), orderDecider, { type: 'MarkGroupSucceeded', data: { collageId } },
        `collage-${collageId}:succeeded:${orderId}`);
      if (m.events.length > 0) await deps.waitFor(m);
    } catch (error) {
      if (!isStale(error, Errors.orderStateChanged.code)) throw error; // already moved on (or closed)
    }
  }
}

/** The resumer's entry (services/processes): a group that ended gets its members' orders where its end leads them. */
export async function resumeCollage(deps: OrderServiceDeps, streamId: string): Promise<void> {
  const collageId = Number(streamId.slice('collage-'.length));
  await withStreamLock(`process:${streamId}`, async () => {
    const events = await deps.store.readStream(streamId);
    const succeeded = events.find((e) => e.type === 'CollageSucceeded');
    const failed = events.find((e) => e.type === 'CollageFailed');
    if (succeeded) await markMembersSucceeded(deps, collageId, (succeeded.data as { orderIds: number[] }).orderIds);
    if (failed) await closeOrdersOfFailedCollage(deps, collageId, (failed.data as { orderIds: number[] }).orderIds);
  });
}

export const failCollageAtDeadline = (deps: OrderServiceDeps): DeadlineHandler => async (deadline) => {
  const collageId = deadline.entityId;
  const result = await decideOn(collageProcess(deps, collageId), deadline.streamId, collageDecider,
    { type: 'FailCollageAtDeadline', data: {} }, deadline.commandId);
  if (result.events.length > 0) await deps.waitFor(result);
  const failed = result.events.find((e) => e.type === 'CollageFailed');
  if (failed) await closeOrdersOfFailedCollage(deps, collageId, (failed.data as { orderIds: number[] }).orderIds);
};

