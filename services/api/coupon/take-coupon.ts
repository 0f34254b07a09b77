/**
 * POST /coupon/takeCoupon: one claim appended to the coupon's stream under optimistic concurrency. Everyone claims
 * on the same stream when a coupon is popular, so a conflict is retried (the outcome does not depend on what the
 * client saw) — in rounds with a short random pause, so twenty shoppers at once all get an answer: a claim while
 * stock lasts, 700001 after that. The stream's revision check is what keeps the stock from being oversold.
 */
import { couponDecider } from '../../../domain/coupon/coupon.decider';
import { couponStream, type CouponRef } from '../../../domain/coupon/coupon.events';
import { DomainError } from '../../../domain/shared/errors';
import { handleCommand, type CommandResult } from '../../commands/handle-command';
import type { EventStore } from '../../event-store/event-store.port';
import type { IdAllocator } from './claim-ids';

/** Rounds of handleCommand's own conflict retries (4 attempts each). */
const ROUNDS = 10;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(Math.random() * 25)));

export interface TakeCouponDeps { store: EventStore; claimIds: IdAllocator }

export async function takeCoupon(
  deps: TakeCouponDeps, ref: CouponRef, userId: number, now: Date,
): Promise<CommandResult<unknown>> {
  const claimId = await deps.claimIds();
  for (let round = 1; ; round += 1) {
    try {
      return await handleCommand({
        store: deps.store,
        streamId: couponStream(ref),
        decider: couponDecider,
        command: { type: 'ClaimCoupon', data: { userId, claimId } },
        now,
        actor: { kind: 'user', id: String(userId) },
        commandId: `claim-${claimId}`,
        retryOnConflict: true,
      });
    } catch (error) {
      if (!(error instanceof DomainError) || error.errorName !== 'concurrency' || round >= ROUNDS) throw error;
      await pause();
    }
  }
}
