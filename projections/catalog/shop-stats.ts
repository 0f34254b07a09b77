/**
 * Shops' statistics kept incrementally (issue 14 item 5): sales (Σ its products' sales), product_kinds (its shelved
 * products) and min_price (lowest price of its listed products). Recounting them over every product of each touched
 * shop once per batch cost a scan of the catalogue per batch at 100k products; instead every statement that writes
 * products reports, per shop, what its rows added and took away, and the batch ends with one update of the shops.
 *
 * Sums and counts add up exactly. The lowest price cannot be taken back from a sum: the batch records the lowest
 * price that became listed (`gained`) and the lowest listed price that went away (unlisted, moved to another shop or
 * raised: `left`). When nothing left at or below min(price before, gained), the lowest price is min(before, gained)
 * (the row that holds it is still there at that price); otherwise only that shop is counted again, from its products.
 * Statements feed the ledger with rows of `shop_id, sales, kinds, gained, left_price` (shopDeltasSql builds them).
 * A shop opened (or reopened) is counted from its products at that point, and its ledger starts again from there.
 */
import type pg from 'pg';

interface Delta { sales: number; kinds: number; gained: number | null; left: number | null }

/** One row per shop of a statement's effect on its products, as shopDeltasSql and the orders statement return it. */
export interface ShopDeltaRow { shop_id: string; sales: number | null; kinds: number | null; gained: string | null; left_price: string | null }

const lower = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * The deltas per shop of a statement that wrote products: CTE `changed` holds the rows as written and `before` the
 * same products as they were (absent for new ones), both with product_id, shop_id, sales, shelved, listed, price.
 */
export const shopDeltasSql = `
  select shop_id, sum(sales)::int as sales, sum(kinds)::int as kinds, min(gained) as gained, min(left_price) as left_price
  from (
    select n.shop_id, n.sales, n.shelved::int as kinds, case when n.listed then n.price end as gained, null::bigint as left_price
    from changed n
    union all
    select o.shop_id, -o.sales, -(o.shelved::int), null,
      case when o.listed and not (n.listed and n.shop_id = o.shop_id and n.price <= o.price) then o.price end
    from changed n join before o on o.product_id = n.product_id
  ) d group by shop_id`;

/** The columns of products the ledger reads (of alias or table `p`), for `before` and for `returning`. */
export const statColumns = (p: string): string =>
  ['product_id', 'shop_id', 'sales', 'shelved', 'listed', 'price'].map((column) => `${p}.${column}`).join(', ');

export class ShopStats {
  private readonly deltas = new Map<number, Delta>();

  add(rows: readonly ShopDeltaRow[]): void {
    for (const row of rows) {
      const shopId = Number(row.shop_id);
      const delta = this.deltas.get(shopId) ?? { sales: 0, kinds: 0, gained: null, left: null };
      delta.sales += row.sales ?? 0;
      delta.kinds += row.kinds ?? 0;
      delta.gained = lower(delta.gained, row.gained === null ? null : Number(row.gained));
      delta.left = lower(delta.left, row.left_price === null ? null : Number(row.left_price));
      this.deltas.set(shopId, delta);
    }
  }

  /** Counts the shops from their products now (a shop opened: products listed before it were not counted). */
  async recount(tx: pg.PoolClient, s: string, shopIds: readonly number[]): Promise<void> {
    if (shopIds.length === 0) return;
    await tx.query(
      `update ${s}.shops sh set sales = x.sales, product_kinds = x.kinds, min_price = x.min_price
       from (select t.shop_id, coalesce(sum(p.sales), 0)::int as sales, (count(p.product_id) filter (where p.shelved))::int as kinds,
               min(p.price) filter (where p.listed) as min_price
             from unnest($1::bigint[]) as t(shop_id) left join ${s}.products p on p.shop_id = t.shop_id
             group by t.shop_id) x
       where sh.shop_id = x.shop_id`, [shopIds]);
    for (const shopId of shopIds) this.deltas.delete(shopId);
  }

  /** The batch's deltas onto the shops, in one statement; a shop whose lowest price may have gone is recounted. */
  async flush(tx: pg.PoolClient, s: string): Promise<void> {
    const changed = [...this.deltas].filter(([, d]) => d.sales !== 0 || d.kinds !== 0 || d.gained !== null || d.left !== null);
    this.deltas.clear();
    if (changed.length === 0) return;
    await tx.query(
      `update ${s}.shops sh set sales = sh.sales + d.sales, product_kinds = sh.product_kinds + d.kinds,
         min_price = case
           when d.left_price is not null and d.left_price <= coalesce(least(sh.min_price, d.gained), d.left_price)
             then (select min(p.price) from ${s}.products p where p.shop_id = sh.shop_id and p.listed)
           else least(sh.min_price, d.gained) end
       from unnest($1::bigint[], $2::int[], $3::int[], $4::bigint[], $5::bigint[]) as d(shop_id, sales, kinds, gained, left_price)
       where sh.shop_id = d.shop_id`,
      [changed.map(([shopId]) => shopId), changed.map(([, d]) => d.sales), changed.map(([, d]) => d.kinds),
        changed.map(([, d]) => d.gained), changed.map(([, d]) => d.left)]);
  }
}
