/** Products, their SKUs and sales counts in the catalog read model. */
import type pg from 'pg';
import { z } from 'zod';
import { ProductListed, ProductShelved, ProductUnshelved, type ProductListed as Listed } from '../../domain/catalog/catalog.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { searchGramsOf, searchTextOf } from './search-grams';

/** The options-map key of a single-style product (origin-contract §3). */
export const SINGLE_STYLE_KEY = '单款项';

/** Shops whose stats (sales, product kinds, lowest price) an event may have changed: refreshed once per batch. */
export type TouchedShops = Set<number>;

export async function applyProductListed(tx: pg.PoolClient, s: string, event: RecordedEvent, touched: TouchedShops): Promise<void> {
  const p = ProductListed.parse(event.data);
  const first = p.skus[0];
  const at = event.metadata.occurredAt;
  // listing puts a product on sale; a repeated listing (an edit) keeps its shelf state, sales and listing time
  // the category ancestors go in with the row: a separate update would write the row (and its search indexes) twice
  await tx.query(
    `with a as (${categoryAncestorsSql(s)} where c.category_id = $3)
     insert into ${s}.products (product_id, shop_id, category_id, shop_classify_id, product_name, product_brief, text,
       images, names, logistics, shelved, shop_enabled, fictitious_sales, sku_id, price, original_price, image,
       search_text, search_grams, listed_at, updated_at, category_l2_id, category_l1_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true,
       coalesce((select enabled from ${s}.shops where shop_id = $2), false), $11, $12, $13, $14, $15, $16, $17, $18, $18,
       (select l2 from a), (select l1 from a))
     on conflict (product_id) do update set shop_id = excluded.shop_id, category_id = excluded.category_id,
       category_l2_id = excluded.category_l2_id, category_l1_id = excluded.category_l1_id,
       shop_classify_id = excluded.shop_classify_id, product_name = excluded.product_name,
       product_brief = excluded.product_brief, text = excluded.text, images = excluded.images, names = excluded.names,
       logistics = excluded.logistics, shop_enabled = excluded.shop_enabled, fictitious_sales = excluded.fictitious_sales,
       sku_id = excluded.sku_id, price = excluded.price, original_price = excluded.original_price, image = excluded.image,
       search_text = excluded.search_text, search_grams = excluded.search_grams, updated_at = excluded.updated_at`,
    [p.productId, p.shopId, p.categoryId, p.shopClassifyId, p.productName, p.productBrief, p.text,
      JSON.stringify(p.images), JSON.stringify(p.names), JSON.stringify(p.logistics), p.fictitiousSales,
      first.skuId, first.price, first.originalPrice, p.images[0],
      searchTextOf(p.productName, p.productBrief), searchGramsOf(p.productName, p.productBrief), at]);
  await tx.query(`delete from ${s}.skus where product_id = $1`, [p.productId]);
  await tx.query(
    `insert into ${s}.skus (sku_id, product_id, shop_id, position, sku_key, value_codes, sku_values, price,
       original_price, stock, weight, image)
     select x.sku_id, $1, $2, x.position, x.sku_key, x.value_codes, x.sku_values, x.price, x.original_price, x.stock,
       x.weight, x.image
     from jsonb_to_recordset($3::jsonb) as x(sku_id bigint, position integer, sku_key text, value_codes jsonb,
       sku_values text, price bigint, original_price bigint, stock integer, weight integer, image text)
     on conflict (sku_id) do update set product_id = excluded.product_id, shop_id = excluded.shop_id,
       position = excluded.position, sku_key = excluded.sku_key, value_codes = excluded.value_codes,
       sku_values = excluded.sku_values, price = excluded.price, original_price = excluded.original_price,
       stock = excluded.stock, weight = excluded.weight, image = excluded.image`,
    [p.productId, p.shopId, JSON.stringify(skuRows(p))]);
  touched.add(p.shopId);
}

function skuRows(p: Listed) {
  const valueOf = new Map(p.names.flatMap((name) => name.values.map((v) => [v.valueCode, v.skuValue] as const)));
  return p.skus.map((sku, position) => ({
    sku_id: sku.skuId,
    position,
    sku_key: sku.valueCodes.length > 0 ? sku.valueCodes.join(',') : SINGLE_STYLE_KEY,
    value_codes: sku.valueCodes,
    sku_values: sku.valueCodes.map((code) => valueOf.get(code) ?? code).join(','),
    price: sku.price,
    original_price: sku.originalPrice,
    stock: sku.stock,
    weight: sku.weightGrams,
    image: sku.image,
  }));
}

export async function applyShelfChange(
  tx: pg.PoolClient, s: string, event: RecordedEvent, shelved: boolean, touched: TouchedShops,
): Promise<void> {
  const { productId } = (shelved ? ProductShelved : ProductUnshelved).parse(event.data);
  const { rows } = await tx.query<{ shop_id: string }>(
    `update ${s}.products set shelved = $2, updated_at = $3 where product_id = $1 returning shop_id`,
    [productId, shelved, event.metadata.occurredAt]);
  if (rows[0]) touched.add(Number(rows[0].shop_id));
}

/** Only what sales counting needs of another slice's events: a loose read, so their evolution cannot stall us. */
const PlacedLines = z.object({ shopId: z.number(), lines: z.array(z.object({ productId: z.number(), number: z.number() })) });

export async function applyOrderPlaced(tx: pg.PoolClient, s: string, event: RecordedEvent): Promise<void> {
  const placed = PlacedLines.safeParse(event.data);
  if (!placed.success) return;
  const { shopId, lines } = placed.data;
  await tx.query(
    `insert into ${s}.product_sales (stream_id, product_id, shop_id, number)
     select $1, product_id, $2, sum(number)::int from unnest($3::bigint[], $4::integer[]) as t(product_id, number)
     group by product_id
     on conflict (stream_id, product_id) do nothing`,
    [event.streamId, shopId, lines.map((l) => l.productId), lines.map((l) => l.number)]);
}

/** Sold counts grow when an order is paid (as the origin counts 已售), once per order. */
export async function applyOrderPaid(tx: pg.PoolClient, s: string, event: RecordedEvent, touched: TouchedShops): Promise<void> {
  const { rows } = await tx.query<{ shop_id: string }>(
    `with paid as (
       update ${s}.product_sales set paid = true where stream_id = $1 and not paid returning product_id, number)
     update ${s}.products p set sold = p.sold + paid.number from paid where p.product_id = paid.product_id
     returning p.shop_id`, [event.streamId]);
  for (const row of rows) touched.add(Number(row.shop_id));
}

/** Each category's level-2 and level-1 ancestors (itself where it is one), over alias c: append a where clause. */
const categoryAncestorsSql = (s: string): string =>
  `select c.category_id,
     case c.level when 3 then c.parent_id when 2 then c.category_id end as l2,
     case c.level when 3 then nullif(pc.parent_id, 0) when 2 then c.parent_id else c.category_id end as l1
   from ${s}.categories c left join ${s}.categories pc on pc.category_id = c.parent_id`;

/** Level-1/2 ancestors of the products matching `where` (over alias p), from the categories known now. */
export async function refreshCategoryAncestors(tx: pg.PoolClient, s: string, where: string, params: unknown[]): Promise<void> {
  await tx.query(
    `update ${s}.products p set category_l2_id = a.l2, category_l1_id = a.l1
     from (${categoryAncestorsSql(s)}) a
     where a.category_id = p.category_id and (${where})`, params);
}

/** Shops' sales (Σ their products'), product kinds on sale and lowest list price, in one statement. */
export async function refreshShopStats(tx: pg.PoolClient, s: string, touched: TouchedShops): Promise<void> {
  if (touched.size === 0) return;
  await tx.query(
    `update ${s}.shops sh set sales = x.sales, product_kinds = x.kinds, min_price = x.min_price
     from (select t.shop_id, coalesce(sum(p.sales), 0)::int as sales, (count(p.product_id) filter (where p.shelved))::int as kinds,
             min(p.price) filter (where p.listed) as min_price
           from unnest($1::bigint[]) as t(shop_id) left join ${s}.products p on p.shop_id = t.shop_id
           group by t.shop_id) x
     where sh.shop_id = x.shop_id`, [[...touched]]);
}
