/**
 * The `close-unpaid-order` deadline (OrderPlaced.paymentDeadline = placed + 1 hour): CloseUnpaidOrder on the order
 * (refused as stale with 订单状态已变更 once it was paid or closed otherwise: the scheduler then drops it), then what
 * the order held goes back (releaseOrderResources: stock, activity quotas, coupons, the open QR), a group order leaves
 * its group (the new state reaches `order:<id>` from the log: order-push.ts). A handler that failed half-way is fired again by the
 * scheduler: the close answers from the stream (same command id) and the releases do the rest.
 */
import { orderDecider } from '../../domain/order/order.decider';
import type { DeadlineHandler } from '../scheduler/deadline-handler';
import type { CheckoutDeps } from './checkout.deps';
import { decideOn, processContext } from '../processes/process-step';
import { releaseOrderResources } from './release-order-resources';

export function closeUnpaidOrderHandler(deps: CheckoutDeps): DeadlineHandler {
  return async (deadline) => {
    const orderId = deadline.entityId;
    const ctx = processContext(deps, 'order-close', deadline.streamId);
    const closed = await decideOn(ctx, deadline.streamId, orderDecider, { type: 'CloseUnpaidOrder', data: {} }, deadline.commandId);
    const released = await releaseOrderResources(deps, orderId);
    const collageId = closed.state.context.order?.collageId ?? 0;
    if (collageId > 0) await deps.groups.leaveUnpaid(collageId, orderId);
    await deps.waitFor([...closed.events, ...released]);
  };
}
