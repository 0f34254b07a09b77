/**
 * 我的券包 (spec §2 coupon wallet; origin-contract §8 `/coupon/getCoupons`, `/coupon/getCouponList?state`): the
 * shopper's claims, platform and shop coupons both (the original returned only shop coupons there, a bug not copied),
 * each in one state at `now`: 0 unused, 1 used (an order holds it), 2 invalid (ended unused, by the server's clock).
 */
import type { ProductCoupon } from '../../../domain/catalog/detail.contract';
import type { Queryable } from '../../db/database';
import { toProductCoupon, type CouponRow } from './coupon-view';

export type WalletState = 0 | 1 | 2;

export interface WalletCouponView extends Omit<ProductCoupon, 'state'> {
  /** The claim's id: one coupon claimed twice is two cards. */
  id: number;
  shopName: string;
  /** Threshold in yuan (0 = none), the original's name next to fullMoney. */
  threshold: number;
  state: WalletState;
}

interface WalletRow extends CouponRow { claim_id: string; shop_name: string | null; used: boolean }

const STATE_SQL = `(case when used then 1 when end_time <= $2 then 2 else 0 end)`;

export async function listWallet(db: Queryable, userId: number, now: Date, state: WalletState | null): Promise<WalletCouponView[]> {
  const { rows } = await db.query<WalletRow>(
    `select * from (
       select cc.claim_id, c.coupon_id, c.shop_coupon_id, c.shop_id, c.activity_name, c.coupon_type, c.threshold,
         c.reduce_money, c.discount_tenths, c.product_ids, c.if_add, c.stock, c.claimed, c.start_time, c.end_time,
         true as held, s.shop_name,
         exists (select 1 from coupon_uses u where u.claim_id = cc.claim_id and u.state = 'used') as used
       from coupon_claims cc
       join coupons c on c.coupon_id = cc.coupon_id and c.shop_coupon_id = cc.shop_coupon_id
       left join shops s on s.shop_id = c.shop_id and c.shop_coupon_id > 0
       where cc.user_id = $1
     ) w
     where $3::int is null or ${STATE_SQL} = $3
     order by ${STATE_SQL}, end_time, claim_id
     limit 500`,
    [userId, now.toISOString(), state]);
  return rows.map((row) => {
    const coupon = toProductCoupon(row);
    const walletState: WalletState = row.used ? 1 : new Date(row.end_time).getTime() <= now.getTime() ? 2 : 0;
    return { ...coupon, id: Number(row.claim_id), shopName: row.shop_name ?? '', threshold: coupon.fullMoney, state: walletState };
  });
}
