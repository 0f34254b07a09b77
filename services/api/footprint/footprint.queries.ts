/**
 * Reads of browse history (projections/footprints) with the products' current name, image, price and shelf state
 * from the catalogue views `products` and `skus`.
 */
import type { FootprintPage, FootprintProduct } from '../../../domain/catalog/engagement.contract';
import { fenToYuan } from '../../../domain/shared/money';
import type { Queryable } from '../../db/database';

interface FootprintRow {
  footprint_id: string; product_id: string; shop_id: string; sku_id: string; day: string;
  product_name: string | null; image: string | null; price: string | null; listed: boolean | null;
}

const toProduct = (r: FootprintRow): FootprintProduct => ({
  footprintId: Number(r.footprint_id),
  productId: Number(r.product_id),
  shopId: Number(r.shop_id),
  skuId: Number(r.sku_id),
  image: r.image ?? '',
  productName: r.product_name ?? '',
  price: fenToYuan(Number(r.price ?? 0)),
  shelveState: r.listed ? 1 : 0,
  selected: 0,
});

/** Pages over days, newest first; within a day the latest view first. */
export async function listFootprints(db: Queryable, userId: number, page: number, pageSize: number): Promise<FootprintPage> {
  const [days, count] = await Promise.all([
    db.query<{ day: string }>(
      `select day from footprints where user_id = $1 group by day order by day desc limit $2 offset $3`,
      [userId, pageSize, (page - 1) * pageSize]),
    db.query<{ total: number }>('select count(distinct day)::int as total from footprints where user_id = $1', [userId]),
  ]);
  const dayList = days.rows.map((r) => r.day);
  const rows = dayList.length === 0 ? [] : (await db.query<FootprintRow>(
    `select f.footprint_id, f.product_id, f.shop_id, f.sku_id, f.day, p.product_name,
            coalesce(s.image, p.image) as image, coalesce(s.price, p.price) as price, p.listed
       from footprints f
       left join products p on p.product_id = f.product_id
       left join skus s on s.sku_id = f.sku_id and s.product_id = f.product_id
      where f.user_id = $1 and f.day = any($2::text[])
      order by f.day desc, f.viewed_at desc, f.footprint_id desc`,
    [userId, dayList])).rows;
  return {
    list: dayList.map((day) => ({ createTime: day, products: rows.filter((r) => r.day === day).map(toProduct) })),
    total: count.rows[0]?.total ?? 0,
  };
}
