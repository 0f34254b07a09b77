/** Reads of the collects read model (projections/collects) and the catalogue targets a collect names. */
import type { Queryable } from '../../db/database';

/** The shopper's collect of a product or a shop: collectId, or 0 when none (or anonymous). */
export async function collectIdOf(
  db: Queryable, userId: number | null, target: { productId: number } | { shopId: number },
): Promise<number> {
  if (userId === null) return 0;
  const { rows } = 'productId' in target
    ? await db.query<{ collect_id: string }>(
      `select collect_id from collects where user_id = $1 and collect_type = 1 and product_id = $2 limit 1`,
      [userId, target.productId])
    : await db.query<{ collect_id: string }>(
      `select collect_id from collects where user_id = $1 and collect_type = 2 and shop_id = $2 limit 1`,
      [userId, target.shopId]);
  return rows[0] ? Number(rows[0].collect_id) : 0;
}

export interface ShopFigures { shopId: number; enabled: boolean; classifyNumber: number; number: number; shopLogo: string }

export async function shopFigures(db: Queryable, shopId: number): Promise<ShopFigures | null> {
  const { rows } = await db.query<{ shop_id: string; enabled: boolean; product_kinds: number; sales: number; shop_logo: string }>(
    `select shop_id, enabled, product_kinds, sales, shop_logo from shops where shop_id = $1`, [shopId]);
  const row = rows[0];
  return row ? {
    shopId: Number(row.shop_id), enabled: row.enabled, classifyNumber: row.product_kinds, number: row.sales, shopLogo: row.shop_logo,
  } : null;
}

export async function productTarget(db: Queryable, productId: number): Promise<{ shopId: number; listed: boolean } | null> {
  const { rows } = await db.query<{ shop_id: string; listed: boolean }>(
    `select shop_id, listed from products where product_id = $1`, [productId]);
  return rows[0] ? { shopId: Number(rows[0].shop_id), listed: rows[0].listed } : null;
}
