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
import { firstByKey, lastByKey, runsOf } from '../set-based';

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

/** Issues and claims in runs of one type (a claim reads its coupon's shop, so order between them is kept). */
async function applyCoupons(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  for (const run of runsOf(events)) {
    if (run[0].type === COUPON_ISSUED) await issue(tx, run, schema);
    else if (run[0].type === COUPON_CLAIMED) await claim(tx, run, schema);
  }
}

/** Each coupon's last issue, upserted. */
async function issue(tx: pg.PoolClient, run: readonly RecordedEvent[], schema: string): Promise<void> {
  const issued = lastByKey(run.map((e) => CouponIssued.parse(e.data)), (c) => `${c.couponId}:${c.shopCouponId}`);
  await tx.query(
    `insert into ${schema}.coupons (coupon_id, shop_coupon_id, shop_id, activity_name, coupon_type, threshold, reduce_money,
       discount_tenths, product_ids, if_add, stock, per_user_limit, start_time, end_time)
     select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::smallint[], $6::bigint[], $7::bigint[],
                          $8::integer[], $9::jsonb[], $10::smallint[], $11::integer[], $12::integer[], $13::timestamptz[],
                          $14::timestamptz[])
     on conflict (coupon_id, shop_coupon_id) do update set shop_id = excluded.shop_id,
       activity_name = excluded.activity_name, coupon_type = excluded.coupon_type, threshold = excluded.threshold,
       reduce_money = excluded.reduce_money, discount_tenths = excluded.discount_tenths, product_ids = excluded.product_ids,
       if_add = excluded.if_add, stock = excluded.stock, per_user_limit = excluded.per_user_limit,
       start_time = excluded.start_time, end_time = excluded.end_time`,
    [issued.map((c) => c.couponId), issued.map((c) => c.shopCouponId), issued.map((c) => c.shopId),
      issued.map((c) => c.activityName), issued.map((c) => c.couponType), issued.map((c) => c.threshold),
      issued.map((c) => c.reduceMoney), issued.map((c) => c.discountTenths), issued.map((c) => JSON.stringify(c.productIds)),
      issued.map((c) => c.ifAdd), issued.map((c) => c.stock), issued.map((c) => c.perUserLimit),
      issued.map((c) => c.startTime), issued.map((c) => c.endTime)],
  );
}

/** New claims inserted (a claim seen before is kept), and each coupon's count grown by its new claims. */
async function claim(tx: pg.PoolClient, run: readonly RecordedEvent[], schema: string): Promise<void> {
  const claims = firstByKey(run.map((e) => ({ c: CouponClaimed.parse(e.data), at: e.metadata.occurredAt })), ({ c }) => c.claimId);
  await tx.query(
    `with inserted as (
       insert into ${schema}.coupon_claims (claim_id, user_id, coupon_id, shop_coupon_id, shop_id, claimed_at)
       select n.claim_id, n.user_id, n.coupon_id, n.shop_coupon_id, coalesce(c.shop_id, 0), n.claimed_at
       from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::timestamptz[])
         as n(claim_id, user_id, coupon_id, shop_coupon_id, claimed_at)
       left join ${schema}.coupons c on c.coupon_id = n.coupon_id and c.shop_coupon_id = n.shop_coupon_id
       on conflict (claim_id) do nothing
       returning coupon_id, shop_coupon_id),
     counted as (select coupon_id, shop_coupon_id, count(*)::int as n from inserted group by coupon_id, shop_coupon_id)
     update ${schema}.coupons c set claimed = c.claimed + counted.n from counted
     where c.coupon_id = counted.coupon_id and c.shop_coupon_id = counted.shop_coupon_id`,
    [claims.map(({ c }) => c.claimId), claims.map(({ c }) => c.userId), claims.map(({ c }) => c.couponId),
      claims.map(({ c }) => c.shopCouponId), claims.map(({ at }) => at)],
  );
}
