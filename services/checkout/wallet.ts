/**
 * The shopper's unused coupon claims (views `coupon_claims` ⋈ `coupons`, minus claims `coupon_uses` shows in use).
 * The read model may lag a use by a moment: the claim's own stream decides at submit (优惠券不可用). `loadClaims` is
 * every claim the read model knows, used or not: the stream-side wallet (wallet.streams.ts) takes its list of claim
 * ids from there, as no stream lists a shopper's claims.
 */
import type { WalletCoupon } from '../../domain/checkout/checkout-coupons';
import type { Queryable } from '../db/database';

interface WalletRow {
  claim_id: string; coupon_id: string; shop_coupon_id: string; shop_id: string; activity_name: string; coupon_type: number;
  threshold: string; reduce_money: string; discount_tenths: number; product_ids: number[]; if_add: number;
  start_time: Date | string; end_time: Date | string;
}

const UNUSED = `and not exists (select 1 from coupon_uses u where u.claim_id = cc.claim_id and u.state = 'used')`;

/** Unused claims only, as the read models see them. */
export const loadWallet = (db: Queryable, userId: number): Promise<WalletCoupon[]> => walletRows(db, userId, true);

/** Every claim of the shopper the read model knows, in use or not. */
export const loadClaims = (db: Queryable, userId: number): Promise<WalletCoupon[]> => walletRows(db, userId, false);

async function walletRows(db: Queryable, userId: number, unusedOnly: boolean): Promise<WalletCoupon[]> {
  const { rows } = await db.query<WalletRow>(
    `select cc.claim_id, k.coupon_id, k.shop_coupon_id, k.shop_id, k.activity_name, k.coupon_type, k.threshold,
       k.reduce_money, k.discount_tenths, k.product_ids, k.if_add, k.start_time, k.end_time
     from coupon_claims cc
     join coupons k on k.coupon_id = cc.coupon_id and k.shop_coupon_id = cc.shop_coupon_id
     where cc.user_id = $1
       ${unusedOnly ? UNUSED : ''}
     order by k.end_time, cc.claim_id`, [userId]);
  return rows.map((r) => ({
    claimId: Number(r.claim_id),
    couponId: Number(r.coupon_id),
    shopCouponId: Number(r.shop_coupon_id),
    shopId: Number(r.shop_id),
    activityName: r.activity_name,
    couponType: r.coupon_type === 2 ? 2 : 1,
    thresholdFen: Number(r.threshold),
    reduceFen: Number(r.reduce_money),
    discountTenths: r.discount_tenths,
    productIds: r.product_ids.map(Number),
    ifAdd: r.if_add === 1 ? 1 : 0,
    startTime: new Date(r.start_time),
    endTime: new Date(r.end_time),
  }));
}
