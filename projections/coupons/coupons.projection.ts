/**
 * Coupons read model (from CouponIssued and CouponClaimed on `coupon-<id>` / `shop-coupon-<id>`): what is offered,
 * how much is left, and who holds which claim — the per-user state 3 (claimable) / 0 (claimed) of every coupon list.
 *
 * coupons(coupon_id, shop_coupon_id — one of them 0; shop_id 0 for platform coupons; activity_name; coupon_type 1 amount
 *   off / 2 discount; threshold fen; reduce_money fen; discount_tenths (90 = 9折); product_ids jsonb array ([] = all);
 *   if_add; stock = issued; claimed = claims so far; per_user_limit (0 = unlimited); start_time; end_time)
 * coupon_claims(claim_id, user_id, coupon_id, shop_coupon_id, shop_id, claimed_at): one row per claim (the wallet).
 */
import type pg from 'pg';
import { CouponClaimed, CouponIssued } from '../../domain/catalog/catalog.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';

export const COUPON_ISSUED = 'CouponIssued';
export const COUPON_CLAIMED = 'CouponClaimed';

export const couponsProjection: Projection = {
  name: 'coupons',
  version: 1,
  handles: [COUPON_ISSUED, COUPON_CLAIMED],
  tables: ['coupons', 'coupon_claims'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table ${schema}.coupons (
        coupon_id bigint not null,
        shop_coupon_id bigint not null,
        shop_id bigint not null,
        activity_name text not null,
        coupon_type smallint not null,
        threshold bigint not null,
        reduce_money bigint not null,
        discount_tenths integer not null,
        product_ids jsonb not null,
        if_add smallint not null,
        stock integer not null,
        claimed integer not null default 0,
        per_user_limit integer not null,
        start_time timestamptz not null,
        end_time timestamptz not null,
        primary key (coupon_id, shop_coupon_id)
      )`);
    await tx.query(`create index coupons_shop on ${schema}.coupons (shop_id, shop_coupon_id)`);
    await tx.query(`
      create table ${schema}.coupon_claims (
        claim_id bigint primary key,
        user_id bigint not null,
        coupon_id bigint not null,
        shop_coupon_id bigint not null,
        shop_id bigint not null,
        claimed_at timestamptz not null
      )`);
    await tx.query(`create index coupon_claims_user on ${schema}.coupon_claims (user_id, coupon_id, shop_coupon_id)`);
  },
  apply: (tx, event, schema) => applyCoupons(tx, [event], schema),
  applyBatch: applyCoupons,
};

const keyOf = (c: { couponId: number; shopCouponId: number }): string => `${c.couponId}:${c.shopCouponId}`;

type Step = { issue: CouponIssued; claim: null; at: string } | { issue: null; claim: CouponClaimed; at: string };

interface CouponFold { issued: CouponIssued | null; known: boolean; shopId: number; newClaims: number }

/**
 * A batch in at most five statements, however issues and claims interleave: the coupons and claims it names are read
 * once, the batch is folded in log order in memory, then the coupons issued are upserted, the claim counts of the
 * others grown and the new claims inserted. A claim takes the shop of its coupon as issued at that point (0 while
 * the coupon is unknown) and counts only on a coupon that exists by then; a claim seen before is kept.
 */
async function applyCoupons(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  const parsed = events.flatMap((e): Step[] => {
    if (e.type === COUPON_ISSUED) return [{ issue: CouponIssued.parse(e.data), claim: null, at: e.metadata.occurredAt }];
    if (e.type === COUPON_CLAIMED) return [{ issue: null, claim: CouponClaimed.parse(e.data), at: e.metadata.occurredAt }];
    return [];
  });
  if (parsed.length === 0) return;
  const keys = [...new Map(parsed.map(({ issue, claim }): [string, readonly [number, number]] => {
    const c = issue ?? claim;
    return [keyOf(c), [c.couponId, c.shopCouponId]];
  })).values()];
  const { rows: coupons } = await tx.query<{ coupon_id: string; shop_coupon_id: string; shop_id: string }>(
    `select c.coupon_id, c.shop_coupon_id, c.shop_id from ${schema}.coupons c
     join unnest($1::bigint[], $2::bigint[]) as k(coupon_id, shop_coupon_id)
       on c.coupon_id = k.coupon_id and c.shop_coupon_id = k.shop_coupon_id`, [keys.map((k) => k[0]), keys.map((k) => k[1])]);
  const folds = new Map<string, CouponFold>(keys.map(([couponId, shopCouponId]) =>
    [keyOf({ couponId, shopCouponId }), { issued: null, known: false, shopId: 0, newClaims: 0 }]));
  for (const row of coupons) {
    const fold = folds.get(keyOf({ couponId: Number(row.coupon_id), shopCouponId: Number(row.shop_coupon_id) }))!;
    fold.known = true;
    fold.shopId = Number(row.shop_id);
  }
  const claimIds = [...new Set(parsed.flatMap(({ claim }) => (claim ? [claim.claimId] : [])))];
  const { rows: held } = claimIds.length === 0 ? { rows: [] } : await tx.query<{ claim_id: string }>(
    `select claim_id from ${schema}.coupon_claims where claim_id = any($1::bigint[])`, [claimIds]);
  const seen = new Set(held.map((row) => Number(row.claim_id)));
  const claims: Array<{ c: CouponClaimed; shopId: number; at: string }> = [];
  for (const { issue, claim, at } of parsed) {
    if (issue) {
      const fold = folds.get(keyOf(issue))!;
      fold.issued = issue;
      fold.known = true;
      fold.shopId = issue.shopId;
    } else if (claim && !seen.has(claim.claimId)) {
      seen.add(claim.claimId);
      const fold = folds.get(keyOf(claim))!;
      claims.push({ c: claim, shopId: fold.known ? fold.shopId : 0, at });
      if (fold.known) fold.newClaims += 1;
    }
  }
  const issued = [...folds.values()].flatMap((f) => (f.issued ? [{ c: f.issued, claims: f.newClaims }] : []));
  if (issued.length > 0) await upsertIssued(tx, schema, issued);
  const grown = [...folds].filter(([, f]) => !f.issued && f.newClaims > 0)
    .map(([key, f]) => ({ key: key.split(':').map(Number), n: f.newClaims }));
  if (grown.length > 0) {
    await tx.query(
      `update ${schema}.coupons c set claimed = c.claimed + x.n
       from unnest($1::bigint[], $2::bigint[], $3::integer[]) as x(coupon_id, shop_coupon_id, n)
       where c.coupon_id = x.coupon_id and c.shop_coupon_id = x.shop_coupon_id`,
      [grown.map((g) => g.key[0]), grown.map((g) => g.key[1]), grown.map((g) => g.n)]);
  }
  if (claims.length > 0) {
    await tx.query(
      `insert into ${schema}.coupon_claims (claim_id, user_id, coupon_id, shop_coupon_id, shop_id, claimed_at)
       select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::timestamptz[])
       on conflict (claim_id) do nothing`,
      [claims.map(({ c }) => c.claimId), claims.map(({ c }) => c.userId), claims.map(({ c }) => c.couponId),
        claims.map(({ c }) => c.shopCouponId), claims.map(({ shopId }) => shopId), claims.map(({ at }) => at)]);
  }
}

/** Each coupon's last issue, upserted, with the claims counted on it in the batch (after an issue it exists). */
async function upsertIssued(tx: pg.PoolClient, schema: string, issued: ReadonlyArray<{ c: CouponIssued; claims: number }>): Promise<void> {
  const list = issued.map(({ c }) => c);
  await tx.query(
    `insert into ${schema}.coupons (coupon_id, shop_coupon_id, shop_id, activity_name, coupon_type, threshold, reduce_money,
       discount_tenths, product_ids, if_add, stock, per_user_limit, start_time, end_time, claimed)
     select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::smallint[], $6::bigint[], $7::bigint[],
                          $8::integer[], $9::jsonb[], $10::smallint[], $11::integer[], $12::integer[], $13::timestamptz[],
                          $14::timestamptz[], $15::integer[])
     on conflict (coupon_id, shop_coupon_id) do update set shop_id = excluded.shop_id,
       activity_name = excluded.activity_name, coupon_type = excluded.coupon_type, threshold = excluded.threshold,
       reduce_money = excluded.reduce_money, discount_tenths = excluded.discount_tenths, product_ids = excluded.product_ids,
       if_add = excluded.if_add, stock = excluded.stock, per_user_limit = excluded.per_user_limit,
       start_time = excluded.start_time, end_time = excluded.end_time, claimed = ${schema}.coupons.claimed + excluded.claimed`,
    [list.map((c) => c.couponId), list.map((c) => c.shopCouponId), list.map((c) => c.shopId),
      list.map((c) => c.activityName), list.map((c) => c.couponType), list.map((c) => c.threshold),
      list.map((c) => c.reduceMoney), list.map((c) => c.discountTenths), list.map((c) => JSON.stringify(c.productIds)),
      list.map((c) => c.ifAdd), list.map((c) => c.stock), list.map((c) => c.perUserLimit),
      list.map((c) => c.startTime), list.map((c) => c.endTime), issued.map(({ claims }) => claims)],
  );
}
