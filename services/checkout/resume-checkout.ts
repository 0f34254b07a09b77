/**
 * The checkout on the process mechanism's resumer (services/processes/process-resumer.ts) and its deadline.
 *
 * `resumeCheckout` (the `resume-process` deadline of `checkout-<id>`, armed by CheckoutStarted, CheckoutFailed and
 * CheckoutAbandoned): whatever stopped it halfway, the checkout reaches its final state from its own stream —
 * - started, not finished: carried forward (carryOut: each step answers from its stream, the rest is taken), or, when
 *   a step is refused, failed and given back; not committed by its deadline (the servers were down meanwhile): given
 *   up as the deadline below would;
 * - failed or abandoned: the give-back is finished over the whole plan (releasing what was never taken records
 *   nothing), for a driver a crash stopped between the fence and the last release, or a driver that took more;
 * - completed: nothing.
 *
 * `abandonCheckoutHandler` (the `abandon-checkout` deadline, CheckoutStarted.deadline: 2 minutes unless
 * CHECKOUT_DEADLINE_MS says otherwise): a checkout nothing has committed by then is given up — CheckoutAbandoned first
 * (the fence: a driver still going forward is refused its commitment), then everything the plan may have reserved
 * comes back. A committed one, or one with an order placed before the commitment existed, is carried forward instead;
 * one that ended meanwhile is refused as stale (订单状态已变更) and the scheduler drops the deadline.
 */
import { checkoutDecider, type CheckoutCommand } from '../../domain/checkout/checkout.decider';
import { CHECKOUT_DEADLINE_MS, type CheckoutStarted } from '../../domain/checkout/checkout.events';
import { DomainError } from '../../domain/shared/errors';
import { withStreamLock } from '../commands/stream-lock';
import type { RecordedEvent } from '../event-store/event-store.port';
import { decideOn, processContext, shopperActor } from '../processes/process-step';
import type { DeadlineHandler } from '../scheduler/deadline-handler';
import type { CheckoutDeps } from './checkout.deps';
import { giveBack } from './checkout-steps';
import { checkoutStateOf } from './checkout-stream';
import { loadOrder } from './order-stream';
import { carryOut } from './submit.service';

const abandon: CheckoutCommand = { type: 'AbandonCheckout', data: { reason: 'deadline' } };

export async function resumeCheckout(deps: CheckoutDeps, streamId: string): Promise<void> {
  await withStreamLock(`process:${streamId}`, async () => {
    const stream = await deps.store.readStream(streamId);
    const state = checkoutStateOf(stream);
    const started = state.started;
    if (!started || state.completed) return;
    if (state.failed || state.abandoned) {
      const released = await giveBack(deps, started, undefined, { kind: 'system' });
      if (released.length > 0) deps.log(`[checkout] ${streamId}: finished giving back what it held (${released.length} releases)`);
      return;
    }
    const deadline = started.deadline ?? new Date(Date.parse(started.startedAt) + CHECKOUT_DEADLINE_MS).toISOString();
    if (!state.committed && Date.parse(deadline) <= deps.clock().getTime()) {
      await abandonUncommitted(deps, streamId, started, stream, `${streamId}:abandon`);
      return;
    }
    await forward(deps, streamId, started, stream);
  });
}

async function forward(deps: CheckoutDeps, streamId: string, started: CheckoutStarted['data'], stream: readonly RecordedEvent[]): Promise<void> {
  try {
    await carryOut(deps, processContext(deps, 'checkout', streamId, shopperActor(started.userId)), started, stream, false);
  } catch (error) {
    // refused on resuming: carryOut recorded CheckoutFailed and gave back what it took (the resumer's next firing
    // gives back the rest)
    if (!(error instanceof DomainError) || error.errorName === 'concurrency') throw error;
  }
}

export function abandonCheckoutHandler(deps: CheckoutDeps): DeadlineHandler {
  return (deadline) => withStreamLock(`process:${deadline.streamId}`, async () => {
    const streamId = deadline.streamId;
    const stream = await deps.store.readStream(streamId);
    const state = checkoutStateOf(stream);
    const started = state.started;
    if (!started || state.abandoned || state.completed || state.failed) {
      checkoutDecider.decide(abandon, state, { now: deps.clock() }); // stale: 订单状态已变更
      return;
    }
    // committed — or, on a stream recorded before the commitment existed, an order already placed — goes forward
    const placedBefore = !state.committed
      && (await Promise.all(started.plan.orders.map((o) => loadOrder(deps.store, o.orderId)))).some((order) => order !== null);
    if (state.committed || placedBefore) {
      await forward(deps, streamId, started, stream);
      return;
    }
    await abandonUncommitted(deps, streamId, started, stream, deadline.commandId);
  });
}

/** CheckoutAbandoned first (the fence), then everything the plan may have reserved comes back, as the system. */
async function abandonUncommitted(
  deps: CheckoutDeps, streamId: string, started: CheckoutStarted['data'], stream: readonly RecordedEvent[], commandId: string,
): Promise<void> {
  const ctx = processContext(deps, 'checkout', streamId);
  let abandoned;
  try {
    abandoned = await decideOn(ctx, streamId, checkoutDecider, abandon, commandId, { known: stream });
  } catch (error) {
    // committed by a driver still going forward since it was read: that driver finishes it
    if (error instanceof DomainError && checkoutStateOf(await deps.store.readStream(streamId)).committed) return;
    throw error;
  }
  const released = await giveBack(deps, started, undefined, ctx.actor);
  await deps.waitFor([...released, ...abandoned.events], { projections: ['stock', 'checkout'] });
}
