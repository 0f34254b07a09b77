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
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    if (event.type === COUPON_ISSUED) {
      const c = CouponIssued.parse(event.data);
      await tx.query(
        `insert into ${schema}.coupons (coupon_id, shop_coupon_id, shop_id, activity_name, coupon_type, threshold, reduce_money,
           discount_tenths, product_ids, if_add, stock, per_user_limit, start_time, end_time)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14)
         on conflict (coupon_id, shop_coupon_id) do update set shop_id = excluded.shop_id,
           activity_name = excluded.activity_name, coupon_type = excluded.coupon_type, threshold = excluded.threshold,
           reduce_money = excluded.reduce_money, discount_tenths = excluded.discount_tenths, product_ids = excluded.product_ids,
           if_add = excluded.if_add, stock = excluded.stock, per_user_limit = excluded.per_user_limit,
           start_time = excluded.start_time, end_time = excluded.end_time`,
        [c.couponId, c.shopCouponId, c.shopId, c.activityName, c.couponType, c.threshold, c.reduceMoney, c.discountTenths,
          JSON.stringify(c.productIds), c.ifAdd, c.stock, c.perUserLimit, c.startTime, c.endTime],
      );
      return;
    }
    if (event.type === COUPON_CLAIMED) {
      const claim = CouponClaimed.parse(event.data);
      const inserted = await tx.query(
        `insert into ${schema}.coupon_claims (claim_id, user_id, coupon_id, shop_coupon_id, shop_id, claimed_at)
         select $1, $2, $3, $4, coalesce((select shop_id from ${schema}.coupons where coupon_id = $3 and shop_coupon_id = $4), 0), $5
         on conflict (claim_id) do nothing`,
        [claim.claimId, claim.userId, claim.couponId, claim.shopCouponId, event.metadata.occurredAt],
      );
      if (inserted.rowCount === 0) return;
      await tx.query(
        `update ${schema}.coupons set claimed = claimed + 1 where coupon_id = $1 and shop_coupon_id = $2`,
        [claim.couponId, claim.shopCouponId],
      );
    }
  },
};
