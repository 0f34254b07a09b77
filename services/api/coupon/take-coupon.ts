/**
 * POST /coupon/takeCoupon: one claim appended to the coupon's stream under optimistic concurrency. Everyone claims
 * on the same stream when a coupon is popular, so a conflict is retried (the outcome does not depend on what the
 * client saw) — in rounds with a short random pause, so twenty shoppers at once all get an answer: a claim while
 * stock lasts, 700001 after that. The stream's revision check is what keeps the stock from being oversold.
 */
import { couponDecider } from '../../../domain/coupon/coupon.decider';
import { couponStream, type CouponRef } from '../../../domain/coupon/coupon.events';
import { handleCommand, type CommandResult } from '../../commands/handle-command';
import { untilNoConflict, type ConflictRetry } from '../../commands/until-no-conflict';
import type { EventStore } from '../../event-store/event-store.port';
import type { IdAllocator } from './claim-ids';

/** Rounds of handleCommand's own conflict retries (4 attempts each), a short pause apart (5–15 ms, then 10–30 ms). */
const CLAIM_RETRY: ConflictRetry = { attempts: 10, initialMs: 10, maxMs: 20 };

export interface TakeCouponDeps { store: EventStore; claimIds: IdAllocator }

export async function takeCoupon(
  deps: TakeCouponDeps, ref: CouponRef, userId: number, now: Date,
): Promise<CommandResult<unknown>> {
  const claimId = await deps.claimIds();
  return untilNoConflict(() => handleCommand({
    store: deps.store,
    streamId: couponStream(ref),
    decider: couponDecider,
    command: { type: 'ClaimCoupon', data: { userId, claimId } },
    now,
    actor: { kind: 'user', id: String(userId) },
    commandId: `claim-${claimId}`,
    retryOnConflict: true,
  }), CLAIM_RETRY);
}
