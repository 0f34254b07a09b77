/** Products, their SKUs and sales counts in the catalog read model. */
import type pg from 'pg';
import { z } from 'zod';
import { ProductListed, ProductShelved, ProductUnshelved, type ProductListed as Listed } from '../../domain/catalog/catalog.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { columnNames, firstByKey, jsonChunks, jsonRowChunks, jsonRowValues, lastByKey, type Columns } from '../set-based';
import { searchGramsOf, searchTextOf } from './search-grams';
import { shopDeltasSql, statColumns, type ShopDeltaRow, type ShopStats } from './shop-stats';

/** The options-map key of a single-style product (origin-contract §3). */
export const SINGLE_STYLE_KEY = '单款项';

/** What a listing writes of one product: the last listing of the run, and the time of its first (kept as listed_at). */
interface Listing { p: Listed; firstAt: string; at: string }

function listingsOf(run: readonly RecordedEvent[]): Listing[] {
  const byProduct = new Map<number, Listing>();
  for (const event of run) {
    const p = ProductListed.parse(event.data);
    const at = event.metadata.occurredAt;
    byProduct.set(p.productId, { p, at, firstAt: byProduct.get(p.productId)?.firstAt ?? at });
  }
  return [...byProduct.values()];
}

/**
 * A run of listings in two steps, each a statement per few MB of rows: the products (one row each: the last listing's
 * content) with their shops' stat deltas and the SKUs of products listed before dropped, then the SKUs of the last
 * listings written. Listing puts a product on sale; a repeated listing (an edit)
 * keeps its shelf state, sales and listing time. The category ancestors go in with the row: a separate update would
 * write the row (and its search indexes) twice.
 */
export async function applyProductsListed(tx: pg.PoolClient, s: string, run: readonly RecordedEvent[], stats: ShopStats): Promise<void> {
  const listings = listingsOf(run);
  // products in statements of a few MB (STATEMENT_JSON_CHARS): each product is in one, so they commute
  for (const chunk of jsonChunks(listings.map(productRowOf), JSON.stringify)) await writeProducts(tx, s, chunk.items, chunk.json, stats);
  // a SKU id listed by two products of the run belongs to the later listing, as it would event by event
  const skus = lastByKey(listings.flatMap(({ p }) => skuRows(p)), (sku) => sku.sku_id);
  for (const rows of jsonRowChunks(skus, SKU_COLUMNS)) {
    await tx.query(
      `insert into ${s}.skus (${columnNames(SKU_COLUMNS)})
       select ${jsonRowValues(SKU_COLUMNS)} from jsonb_array_elements($1::jsonb) as r
       on conflict (sku_id) do update set product_id = excluded.product_id, shop_id = excluded.shop_id,
         position = excluded.position, sku_key = excluded.sku_key, value_codes = excluded.value_codes,
         sku_values = excluded.sku_values, price = excluded.price, original_price = excluded.original_price,
         stock = excluded.stock, weight = excluded.weight, image = excluded.image`,
      [rows]);
  }
}

/** A listing's `products` row, by column name (jsonb_to_recordset in writeProducts). */
const productRowOf = ({ p, at, firstAt }: Listing) => ({
  product_id: p.productId, shop_id: p.shopId, category_id: p.categoryId, shop_classify_id: p.shopClassifyId,
  product_name: p.productName, product_brief: p.productBrief, text: p.text, images: p.images, names: p.names,
  logistics: p.logistics, fictitious_sales: p.fictitiousSales, sku_id: p.skus[0].skuId, price: p.skus[0].price,
  original_price: p.skus[0].originalPrice, image: p.images[0], search_text: searchTextOf(p.productName, p.productBrief),
  search_grams: searchGramsOf(p.productName, p.productBrief), listed_at: firstAt, updated_at: at,
});

/**
 * Products listed (`rows`, their JSON array `json`) with their shops' stat deltas, the SKUs of those listed before
 * dropped: one statement.
 */
async function writeProducts(
  tx: pg.PoolClient, s: string, rows: ReadonlyArray<ReturnType<typeof productRowOf>>, json: string, stats: ShopStats,
): Promise<void> {
  const { rows: deltas } = await tx.query<ShopDeltaRow>(
    `with before as (${productsBeforeSql(s, '$2')}),
     -- a product listed again drops its SKUs (a new one has none: SKUs are only written with their product)
     dropped as (delete from ${s}.skus k where k.product_id = any(array(select b.product_id from before b))),
     changed as (
     insert into ${s}.products (product_id, shop_id, category_id, shop_classify_id, product_name, product_brief, text,
       images, names, logistics, shelved, shop_enabled, fictitious_sales, sku_id, price, original_price, image,
       search_text, search_grams, listed_at, updated_at, category_l2_id, category_l1_id)
     select x.product_id, x.shop_id, x.category_id, x.shop_classify_id, x.product_name, x.product_brief, x.text,
       x.images, x.names, x.logistics, true, coalesce(sh.enabled, false), x.fictitious_sales, x.sku_id, x.price,
       x.original_price, x.image, x.search_text, x.search_grams, x.listed_at, x.updated_at, a.l2, a.l1
     from jsonb_to_recordset($1::jsonb) as x(product_id bigint, shop_id bigint, category_id bigint,
       shop_classify_id bigint, product_name text, product_brief text, text text, images jsonb, names jsonb,
       logistics jsonb, fictitious_sales integer, sku_id bigint, price bigint, original_price bigint, image text,
       search_text text, search_grams text[], listed_at timestamptz, updated_at timestamptz)
     left join ${s}.shops sh on sh.shop_id = x.shop_id
     left join (${categoryAncestorsSql(s)}) a on a.category_id = x.category_id
     on conflict (product_id) do update set shop_id = excluded.shop_id, category_id = excluded.category_id,
       category_l2_id = excluded.category_l2_id, category_l1_id = excluded.category_l1_id,
       shop_classify_id = excluded.shop_classify_id, product_name = excluded.product_name,
       product_brief = excluded.product_brief, text = excluded.text, images = excluded.images, names = excluded.names,
       logistics = excluded.logistics, shop_enabled = excluded.shop_enabled, fictitious_sales = excluded.fictitious_sales,
       sku_id = excluded.sku_id, price = excluded.price, original_price = excluded.original_price, image = excluded.image,
       search_text = excluded.search_text, search_grams = excluded.search_grams, updated_at = excluded.updated_at
     returning ${statColumns(`${s}.products`)})
     ${shopDeltasSql}`,
    [json, rows.map((row) => row.product_id)]);
  stats.add(deltas);
}

const SKU_COLUMNS: Columns = [
  ['sku_id', 'bigint'], ['product_id', 'bigint'], ['shop_id', 'bigint'], ['position', 'integer'], ['sku_key', 'text'],
  ['value_codes', 'jsonb'], ['sku_values', 'text'], ['price', 'bigint'], ['original_price', 'bigint'], ['stock', 'integer'],
  ['weight', 'integer'], ['image', 'text'],
];

function skuRows(p: Listed) {
  const valueOf = new Map(p.names.flatMap((name) => name.values.map((v) => [v.valueCode, v.skuValue] as const)));
  return p.skus.map((sku, position) => ({
    sku_id: sku.skuId,
    product_id: p.productId,
    shop_id: p.shopId,
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

export const SHELF_CHANGES: ReadonlySet<string> = new Set(['ProductShelved', 'ProductUnshelved']);

/**
 * The stat columns of the products whose ids are in the array parameter `param` (distinct ids), as they are before a
 * statement writes them: CTE `before` of shopDeltasSql. A join from the ids, so each is a primary-key lookup whatever
 * the table's statistics say: a generation being built has none until autovacuum comes by, and `product_id = any(…)`
 * was then planned as a scan of every product per batch (and the listing's SKU delete as a sort of every SKU).
 */
const productsBeforeSql = (s: string, param: string): string =>
  `select ${statColumns('p')} from unnest(${param}::bigint[]) as i(product_id) join ${s}.products p on p.product_id = i.product_id`;

/** A run of shelvings and unshelvings: each product takes its last one. */
export async function applyShelfChanges(tx: pg.PoolClient, s: string, run: readonly RecordedEvent[], stats: ShopStats): Promise<void> {
  const changes = lastByKey(run.map((event) => {
    const shelved = event.type === 'ProductShelved';
    const { productId } = (shelved ? ProductShelved : ProductUnshelved).parse(event.data);
    return { productId, shelved, at: event.metadata.occurredAt };
  }), (change) => change.productId);
  const { rows } = await tx.query<ShopDeltaRow>(
    `with before as (${productsBeforeSql(s, '$1')}),
     changed as (
       update ${s}.products p set shelved = x.shelved, updated_at = x.at
       from unnest($1::bigint[], $2::boolean[], $3::timestamptz[]) as x(product_id, shelved, at)
       where p.product_id = x.product_id returning ${statColumns('p')})
     ${shopDeltasSql}`,
    [changes.map((c) => c.productId), changes.map((c) => c.shelved), changes.map((c) => c.at)]);
  stats.add(rows);
}

/** Only what sales counting needs of another slice's events: a loose read, so their evolution cannot stall us. */
const PlacedLines = z.object({ shopId: z.number(), lines: z.array(z.object({ productId: z.number(), number: z.number() })) });

export const ORDER_EVENTS: ReadonlySet<string> = new Set(['OrderPlaced', 'OrderPaid']);

/** The products an OrderPlaced counts sales of (none when it does not read as one: it is then skipped). */
export function placedProductIds(event: RecordedEvent): number[] {
  const placed = PlacedLines.safeParse(event.data);
  return placed.success ? placed.data.lines.map((line) => line.productId) : [];
}

/** The products whose sales the paid orders `streams` count, as placed before this batch. */
export async function productsOfPlacedOrders(tx: pg.PoolClient, s: string, streams: readonly string[]): Promise<Map<string, number[]>> {
  const products = new Map<string, number[]>();
  if (streams.length === 0) return products;
  const { rows } = await tx.query<{ stream_id: string; product_id: string }>(
    `select stream_id, product_id from ${s}.product_sales where stream_id = any($1::text[])`, [streams]);
  for (const row of rows) products.set(row.stream_id, [...(products.get(row.stream_id) ?? []), Number(row.product_id)]);
  return products;
}

/**
 * A run of orders placed and paid (of many orders, interleaved): the placed ones first, then the paid ones, which
 * commute across orders. A segment ends before an order is placed after it was paid in it (event by event, that
 * payment found no lines).
 */
export async function applyOrders(tx: pg.PoolClient, s: string, run: readonly RecordedEvent[], stats: ShopStats): Promise<void> {
  let placed: RecordedEvent[] = [];
  let paid: RecordedEvent[] = [];
  let paidStreams = new Set<string>();
  const flush = async () => {
    if (placed.length > 0) await applyOrdersPlaced(tx, s, placed);
    if (paid.length > 0) await applyOrdersPaid(tx, s, paidStreams, stats);
    placed = [];
    paid = [];
    paidStreams = new Set();
  };
  for (const event of run) {
    if (event.type === 'OrderPaid') {
      paid.push(event);
      paidStreams.add(event.streamId);
      continue;
    }
    if (paidStreams.has(event.streamId)) await flush();
    placed.push(event);
  }
  await flush();
}

/** The lines of placed orders, summed per order and product (the first OrderPlaced of an order counts). */
async function applyOrdersPlaced(tx: pg.PoolClient, s: string, events: readonly RecordedEvent[]): Promise<void> {
  const lines = firstByKey(events.flatMap((event) => {
    const placed = PlacedLines.safeParse(event.data);
    if (!placed.success) return [];
    const numbers = new Map<number, number>();
    for (const line of placed.data.lines) numbers.set(line.productId, (numbers.get(line.productId) ?? 0) + line.number);
    return [...numbers].map(([productId, number]) => ({ streamId: event.streamId, shopId: placed.data.shopId, productId, number }));
  }), (line) => `${line.streamId}\n${line.productId}`);
  if (lines.length === 0) return;
  await tx.query(
    `insert into ${s}.product_sales (stream_id, product_id, shop_id, number)
     select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::integer[])
     on conflict (stream_id, product_id) do nothing`,
    [lines.map((l) => l.streamId), lines.map((l) => l.productId), lines.map((l) => l.shopId), lines.map((l) => l.number)]);
}

/** Sold counts grow when an order is paid (as the origin counts 已售), once per order. */
async function applyOrdersPaid(tx: pg.PoolClient, s: string, streams: ReadonlySet<string>, stats: ShopStats): Promise<void> {
  const { rows } = await tx.query<ShopDeltaRow>(
    `with paid as (
       update ${s}.product_sales set paid = true where stream_id = any($1::text[]) and not paid returning product_id, number),
     per_product as (select product_id, sum(number)::int as number from paid group by product_id),
     changed as (
       update ${s}.products p set sold = p.sold + x.number from per_product x where p.product_id = x.product_id
       returning p.shop_id, x.number)
     select shop_id, sum(number)::int as sales, 0 as kinds, null as gained, null as left_price from changed group by shop_id`,
    [[...streams]]);
  stats.add(rows);
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
