/** Reads of the catalogue views (projections/catalog) the product pages need. */
import type { ProductCard } from '../../../domain/catalog/browse.contract';
import type { Queryable } from '../../db/database';
import { toCard, type CardRow } from '../coupon/coupon.queries';

export interface SpecNameRow { nameCode: string; skuName: string; values: Array<{ valueCode: string; skuValue: string }> }

export interface ProductRow {
  product_id: string; shop_id: string; category_id: string; product_name: string; product_brief: string; text: string;
  images: string[]; names: SpecNameRow[]; shelved: boolean; listed: boolean; sales: number; image: string;
  shop_name: string; shop_logo: string; shop_enabled: boolean; product_kinds: number;
}

export async function findProduct(db: Queryable, productId: number): Promise<ProductRow | null> {
  const { rows } = await db.query<ProductRow>(
    `select p.product_id, p.shop_id, p.category_id, p.product_name, p.product_brief, p.text, p.images, p.names, p.shelved,
       p.listed, p.sales, p.image, s.shop_name, s.shop_logo, s.enabled as shop_enabled, s.product_kinds
     from products p join shops s on s.shop_id = p.shop_id
     where p.product_id = $1`,
    [productId]);
  return rows[0] ?? null;
}

export interface SkuRow {
  sku_id: string; sku_key: string; sku_values: string; price: string; original_price: string; stock: number; image: string;
}

/** The product's SKUs in listing order, with the stock left after live reservations (stock projection). */
export async function skusOf(db: Queryable, productId: number): Promise<SkuRow[]> {
  const { rows } = await db.query<SkuRow>(
    `select s.sku_id, s.sku_key, s.sku_values, s.price, s.original_price, coalesce(st.available, s.stock) as stock, s.image
       from skus s left join sku_stock st on st.sku_id = s.sku_id
      where s.product_id = $1
      order by s.position, s.sku_id`,
    [productId]);
  return rows;
}

/** 猜你喜欢: 4 best sellers of the same category, the product itself left out. */
export async function similarProducts(db: Queryable, productId: number, categoryId: number): Promise<ProductCard[]> {
  const { rows } = await db.query<CardRow>(
    `select p.product_id, p.sku_id, p.shop_id, p.image, p.product_name, p.price, p.original_price, p.product_brief,
       s.shop_name, p.sales
     from products p join shops s on s.shop_id = p.shop_id
     where p.listed and p.category_id = $2 and p.product_id <> $1
     order by p.sales desc, p.product_id limit 4`,
    [productId, categoryId]);
  return rows.map(toCard);
}

/** 付款人数: paid orders holding the product (one buyer per order). */
export async function paidBuyers(db: Queryable, productId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from product_sales where product_id = $1 and paid`, [productId]);
  return rows[0]?.n ?? 0;
}
