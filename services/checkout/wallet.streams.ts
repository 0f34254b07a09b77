/**
 * The wallet from the event store, for a session whose writes the read models have not applied (issue 28).
 *
 * No stream lists a shopper's claims: a claim is a CouponClaimed on its coupon's stream (`coupon-<id>`,
 * `shop-coupon-<id>`), where everyone claims. So the list of claims is the coupons read model's (wallet.ts
 * loadClaims, every claim it knows, used or not) plus the shopper's claims on the coupon streams the session wrote
 * to and the read models have not applied (the session's pending writes name those streams: a coupon claimed a
 * moment ago is there). Whether each claim is still unused is decided on its own stream `coupon-claim-<id>` (the
 * stream a submit's UseCoupon decides on), never on the `coupon_uses` read model.
 */
import type { CouponClaimed, CouponIssued } from '../../domain/catalog/catalog.events';
import type { WalletCoupon } from '../../domain/checkout/checkout-coupons';
import { couponUseDecider } from '../../domain/checkout/coupon-use.decider';
import { couponClaimStream, type CouponUseEvent } from '../../domain/checkout/coupon-use.events';
import { fold } from '../../domain/shared/decider';
import { toDomainEvent } from '../commands/command-events';
import type { Queryable } from '../db/database';
import type { EventStore, RecordedEvent } from '../event-store/event-store.port';
import { loadClaims } from './wallet';

/** `coupon-<id>` (platform) or `shop-coupon-<id>` (shop): the streams claims are recorded on; not `coupon-claim-<id>`. */
const COUPON_STREAM = /^(shop-)?coupon-\d+$/;

export const isCouponStream = (streamId: string): boolean => COUPON_STREAM.test(streamId);

/** The shopper's claims on one coupon's stream, with the coupon's terms as last issued. */
export function claimsOnCouponStream(events: readonly RecordedEvent[], userId: number): WalletCoupon[] {
  let issued: CouponIssued | null = null;
  const claimIds: number[] = [];
  for (const event of events) {
    if (event.type === 'CouponIssued') issued = event.data as CouponIssued;
    else if (event.type === 'CouponClaimed' && (event.data as CouponClaimed).userId === userId) claimIds.push((event.data as CouponClaimed).claimId);
  }
  if (!issued) return [];
  const terms = issued;
  return claimIds.map((claimId) => ({
    claimId,
    couponId: terms.couponId,
    shopCouponId: terms.shopCouponId,
    shopId: terms.shopId,
    activityName: terms.activityName,
    couponType: terms.couponType,
    thresholdFen: terms.threshold,
    reduceFen: terms.reduceMoney,
    discountTenths: terms.discountTenths,
    productIds: [...terms.productIds],
    ifAdd: terms.ifAdd,
    startTime: new Date(terms.startTime),
    endTime: new Date(terms.endTime),
  }));
}

const unused = (events: readonly RecordedEvent[]): boolean =>
  fold(couponUseDecider, events.map((e) => toDomainEvent<CouponUseEvent>(e))).use === null;

/** `pendingStreams`: the streams of the session's writes the read models have not applied. */
export async function walletFromStreams(
  db: Queryable, store: EventStore, userId: number, pendingStreams: readonly string[],
): Promise<WalletCoupon[]> {
  const [known, fresh] = await Promise.all([
    loadClaims(db, userId),
    Promise.all(pendingStreams.filter(isCouponStream).map(async (id) => claimsOnCouponStream(await store.readStream(id), userId))),
  ]);
  const claims = new Map<number, WalletCoupon>();
  for (const claim of [...known, ...fresh.flat()]) claims.set(claim.claimId, claim);
  const all = [...claims.values()];
  const uses = await Promise.all(all.map((claim) => store.readStream(couponClaimStream(claim.claimId))));
  return all.filter((_, i) => unused(uses[i]))
    .sort((a, b) => a.endTime.getTime() - b.endTime.getTime() || a.claimId - b.claimId);
}
