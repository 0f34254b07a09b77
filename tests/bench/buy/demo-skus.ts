/**
 * Demo SKUs a bench shopper can buy now at the list price: shelved, shop open, priced, in no promotion (so the
 * order is a plain one), with at least `minStock` left. Read from the catalogue read models the checkout reads.
 */
import type { Queryable } from '../../../services/db/database';

export interface BuyLine { skuId: number; shopId: number }

export async function plainSkus(db: Queryable, minStock: number): Promise<BuyLine[]> {
  const { rows } = await db.query<{ sku_id: string; shop_id: string }>(
    `select s.sku_id, p.shop_id from skus s join products p on p.product_id = s.product_id
     left join sku_stock st on st.sku_id = s.sku_id
     where p.shelved and p.shop_enabled and s.price > 0 and coalesce(st.available, s.stock) >= $1
       and not exists (select 1 from promotion_items i where i.sku_id = s.sku_id)
     order by s.sku_id`, [minStock]);
  return rows.map((r) => ({ skuId: Number(r.sku_id), shopId: Number(r.shop_id) }));
}

/**
 * `count` lines taking the SKUs in turn, so concurrent checkouts rarely meet on one SKU stream; throws when that would
 * take more than `perSku` units of any SKU.
 */
export function roundRobin(skus: readonly BuyLine[], count: number, perSku: number): BuyLine[] {
  if (skus.length === 0 || Math.ceil(count / skus.length) > perSku) {
    throw new Error(`${count} orders need more than ${perSku} units of some of the ${skus.length} plain demo SKUs`);
  }
  return Array.from({ length: count }, (_, i) => skus[i % skus.length]);
}
