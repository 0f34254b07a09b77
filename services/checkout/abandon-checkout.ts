/**
 * The `abandon-checkout` deadline (CheckoutStarted.deadline, 2 minutes after the start unless CHECKOUT_DEADLINE_MS
 * says otherwise; DESIGN.md §4 "whatever stops it halfway, it is resumed or compensated from that stream"). Every
 * started checkout ends, even when the request that ran it died between reserving and placing:
 * - completed or failed already: the decider refuses AbandonCheckout (订单状态已变更), the scheduler drops the
 *   deadline as stale, nothing happens;
 * - no order of its plan placed: everything the plan may have reserved is given back as the system (quotas, stock,
 *   coupons, the group place; releasing what was never taken records nothing), then CheckoutAbandoned;
 * - some order placed: the shopper may already see it and pay it, so the checkout is resumed instead (the same steps
 *   under the same command ids: the rest placed, the QR made, CheckoutCompleted — or, refused, given back and failed).
 * Fired again after a crash, each step answers from its stream.
 */
import { checkoutDecider, type CheckoutCommand } from '../../domain/checkout/checkout.decider';
import { DomainError } from '../../domain/shared/errors';
import { withStreamLock } from '../commands/stream-lock';
import type { DeadlineHandler } from '../scheduler/deadline-handler';
import type { CheckoutDeps } from './checkout.deps';
import { giveBack } from './checkout-steps';
import { checkoutStateOf } from './checkout-stream';
import { decideOn, shopperActor, systemActor } from './decide-on';
import { loadOrder } from './order-stream';
import { carryOut } from './submit.service';

const abandon: CheckoutCommand = { type: 'AbandonCheckout', data: { reason: 'deadline' } };

export function abandonCheckoutHandler(deps: CheckoutDeps): DeadlineHandler {
  return (deadline) => withStreamLock(`process:${deadline.streamId}`, async () => {
    const streamId = deadline.streamId;
    const stream = await deps.store.readStream(streamId);
    const state = checkoutStateOf(stream);
    // a checkout that ended meanwhile: refused here (stale), before anything is given back
    checkoutDecider.decide(abandon, state, { now: deps.clock() });
    const started = state.started;
    if (!started || state.abandoned) return;
    const placed = await Promise.all(started.plan.orders.map((o) => loadOrder(deps.store, o.orderId)));
    if (placed.some((order) => order !== null)) {
      const ctx = { store: deps.store, clock: deps.clock, actor: shopperActor(started.userId), correlationId: streamId };
      try {
        await carryOut(deps, ctx, started, stream, false);
      } catch (error) {
        // refused on resuming: carryOut gave back what it took and recorded CheckoutFailed
        if (!(error instanceof DomainError)) throw error;
      }
      return;
    }
    const released = await giveBack(deps, started, undefined, systemActor);
    const ctx = { store: deps.store, clock: deps.clock, actor: systemActor, correlationId: streamId };
    const abandoned = await decideOn(ctx, streamId, checkoutDecider, abandon, deadline.commandId, { known: stream });
    await deps.waitFor([...released, ...abandoned.events], { projections: ['stock', 'checkout'] });
  });
}
