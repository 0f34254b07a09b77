/** Reads of the coupons read model (projections/coupons): offers with the current user's state, coupon products. */
import type { ProductCard } from '../../../domain/catalog/browse.contract';
import type { ProductCoupon } from '../../../domain/catalog/detail.contract';
import type { CouponRef } from '../../../domain/coupon/coupon.events';
import type { Queryable } from '../../db/database';
import type { Page } from '../envelope';
import { COUPON_COLUMNS, toProductCoupon, type CouponRow } from './coupon-view';

export type { CouponRow } from './coupon-view';

/**
 * Coupons offered on a product page — for this product (platform) or its shop (shop) — not yet ended, with the
 * shopper's claim state; `inWindow` keeps those that have started by the caller's clock.
 */
export async function couponsForProduct(
  db: Queryable, product: { productId: number; shopId: number }, userId: number | null, now: Date,
): Promise<CouponRow[]> {
  const { rows } = await db.query<CouponRow>({
    name: 'detail_coupons', // every product detail: prepared once per connection
    text: `select ${COUPON_COLUMNS} from coupons c
     where c.end_time > $2
       and (c.shop_coupon_id = 0 or c.shop_id = $4)
       and (c.product_ids = '[]'::jsonb or c.product_ids @> jsonb_build_array($3::bigint))
     order by c.end_time, c.coupon_id, c.shop_coupon_id`,
    values: [userId, now.toISOString(), product.productId, product.shopId],
  });
  return rows;
}

/** markTools (platform) and shopMarkTools (shop) among the rows in their window at `now`. */
export function productCouponsAt(rows: readonly CouponRow[], now: Date): { markTools: ProductCoupon[]; shopMarkTools: ProductCoupon[] } {
  const coupons = rows
    .filter((r) => new Date(r.start_time).getTime() <= now.getTime() && new Date(r.end_time).getTime() > now.getTime())
    .map(toProductCoupon);
  return {
    markTools: coupons.filter((c) => c.couponId > 0),
    shopMarkTools: coupons.filter((c) => c.shopCouponId > 0),
  };
}

/**
 * Layout coupon blocks: platform coupons (`shopId` null) or one shop's, not yet ended; the ids asked for in their
 * order, or all of them (soonest ending first) without ids. A disabled shop offers none.
 */
export async function couponsByIds(
  db: Queryable, filter: { ids?: readonly number[]; shopId: number | null }, userId: number | null, now: Date,
): Promise<ProductCoupon[]> {
  const ids = filter.ids && filter.ids.length > 0 ? filter.ids.map(String) : null;
  const { rows } = await db.query<CouponRow>(
    `select ${COUPON_COLUMNS} from coupons c
     left join unnest($3::bigint[]) with ordinality as wanted(id, ord)
       on wanted.id = (case when $4::bigint is null then c.coupon_id else c.shop_coupon_id end)
     where c.end_time > $2
       and ($3::bigint[] is null or wanted.id is not null)
       and (case when $4::bigint is null then c.shop_coupon_id = 0 else c.coupon_id = 0 and c.shop_id = $4
         and exists (select 1 from shops s where s.shop_id = c.shop_id and s.enabled) end)
     order by wanted.ord nulls last, c.end_time, c.coupon_id, c.shop_coupon_id
     limit 100`,
    [userId, now.toISOString(), ids, filter.shopId]);
  return rows.map(toProductCoupon);
}

export async function findCoupon(db: Queryable, ref: CouponRef, userId: number | null): Promise<ProductCoupon | null> {
  const { rows } = await db.query<CouponRow>(
    `select ${COUPON_COLUMNS} from coupons c where c.coupon_id = $2 and c.shop_coupon_id = $3`,
    [userId, ref.couponId, ref.shopCouponId]);
  return rows[0] ? toProductCoupon(rows[0]) : null;
}

interface CardRow {
  product_id: string; sku_id: string; shop_id: string; image: string; product_name: string; price: string;
  original_price: string; product_brief: string; shop_name: string; sales: number;
}

/**
 * Products a coupon can be used on (spec §2 /couponProList), listed ones only, best sellers first: the listed ids, or
 * — when the coupon lists none — every product (platform) or every product of its shop (shop coupon).
 */
export async function couponProducts(
  db: Queryable, coupon: ProductCoupon, page: number, pageSize: number,
): Promise<Page<ProductCard>> {
  const params = [coupon.ids.map(String), coupon.shopCouponId > 0 ? coupon.shopId : null];
  const where = `p.listed and (cardinality($1::bigint[]) = 0 or p.product_id = any($1::bigint[]))
    and ($2::bigint is null or p.shop_id = $2)`;
  const [list, count] = await Promise.all([
    db.query<CardRow>(
      `select p.product_id, p.sku_id, p.shop_id, p.image, p.product_name, p.price, p.original_price, p.product_brief,
         s.shop_name, p.sales
       from products p join shops s on s.shop_id = p.shop_id
       where ${where} order by p.sales desc, p.product_id limit $3 offset $4`,
      [...params, pageSize, (page - 1) * pageSize]),
    db.query<{ total: number }>(`select count(*)::int as total from products p where ${where}`, params),
  ]);
  return { list: list.rows.map(toCard), total: count.rows[0]?.total ?? 0 };
}

export const toCard = (r: CardRow): ProductCard => ({
  productId: Number(r.product_id),
  skuId: Number(r.sku_id),
  shopId: Number(r.shop_id),
  image: r.image,
  productName: r.product_name,
  price: Number(r.price) / 100,
  originalPrice: Number(r.original_price) / 100,
  productBrief: r.product_brief,
  shopName: r.shop_name,
  number: r.sales,
});
export type { CardRow };
