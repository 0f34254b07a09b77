/**
 * Tables of the `catalog` read model, published as views `public.<table>` (other slices read them: product detail,
 * promotions, coupons, cart). Money columns are integer fen; ids bigint; times timestamptz.
 *
 * categories      category_id, parent_id (0 = top), level 1-3, name, image, sort.
 * shops           shop_id, shop_name, shop_brief (plain text), shop_logo, shop_phone, charge_person_phone,
 *                 province, city, address_detail, return_person, return_phone, return_address,
 *                 enabled (false once the platform disabled the shop), sales (Σ its products' sales),
 *                 product_kinds (its shelved products: classifyNumber), min_price (lowest list price of its listed
 *                 products, fen: the shop search's price sort), opened_at.
 * shop_classifies classify_id, shop_id, classify_name, sort (the shop's own tabs).
 * shop_banners    shop_id, position (0-based), banner_image.
 * products        product_id, shop_id, category_id (level 3 as listed) with category_l1_id / category_l2_id
 *                 (its level-1/2 ancestors, null until known), shop_classify_id (0 = none), product_name,
 *                 product_brief, text (seller HTML, unsanitised: sanitise on output), images jsonb (string[]),
 *                 names jsonb (SpecName[] of catalog.events), logistics jsonb (LogisticsTemplate),
 *                 shelved, shop_enabled (copy of shops.enabled), listed (= shelved and shop_enabled: the only
 *                 rows a shopper may see), fictitious_sales, sold (paid units), sales (= fictitious_sales + sold),
 *                 sku_id / price / original_price (first SKU, fen), image (first product image),
 *                 search_text (lower(name) + '\n' + lower(brief)), search_grams (its 1- and 2-character grams),
 *                 listed_at (first listing: the default "newest first" order), updated_at.
 * skus            sku_id, product_id, shop_id, position (order in the product), sku_key (comma-joined value codes,
 *                 or '单款项'), value_codes jsonb, sku_values ("蓝色,XL"; '' for a single-style product),
 *                 price, original_price (fen), stock (as listed), weight (grams), image.
 * canvases        canvas_id, terminal, type, shop_id, custom_id, name, json (stringified component list),
 *                 created_at, updated_at.
 * product_sales   stream_id (order stream), product_id, shop_id, number, paid: the lines of placed orders, so an
 *                 OrderPaid (which carries no lines) can add to products.sold exactly once.
 *
 * Search (projections/catalog/search-grams.ts, services/api/catalog/search.queries.ts): `search_text like '%kw%'`
 * on the lower-cased text, served by a pg_trgm GIN index (3+ character keywords) and by a GIN index on search_grams
 * (`@>` the keyword's grams: the only index a 1-2 character keyword can use, and a prefilter with statistics for
 * longer ones). Plans and timings on 100k products: services/api/catalog/search-performance.md.
 */
import type pg from 'pg';
import { lz4WhereAvailable } from '../../services/db/toast-compression';

export const CATALOG_TABLES = [
  'categories', 'shops', 'shop_classifies', 'shop_banners', 'products', 'skus', 'canvases', 'product_sales',
] as const;

export async function migrateCatalog(tx: pg.PoolClient, s: string): Promise<void> {
  // PGlite's loader ships pg_trgm; on PostgreSQL it is a trusted extension (13+)
  await tx.query('create extension if not exists pg_trgm');
  await tx.query(`
    create table ${s}.categories (
      category_id bigint primary key,
      parent_id bigint not null,
      level smallint not null,
      name text not null,
      image text not null,
      sort integer not null
    );
    create index categories_parent on ${s}.categories (parent_id, sort, category_id);

    create table ${s}.shops (
      shop_id bigint primary key,
      shop_name text not null,
      shop_brief text not null,
      shop_logo text not null,
      shop_phone text not null,
      charge_person_phone text not null,
      province text not null,
      city text not null,
      address_detail text not null,
      return_person text not null,
      return_phone text not null,
      return_address text not null,
      enabled boolean not null default true,
      sales integer not null default 0,
      product_kinds integer not null default 0,
      min_price bigint,
      opened_at timestamptz not null
    );
    create index shops_name_trgm on ${s}.shops using gin (lower(shop_name) gin_trgm_ops) where enabled;

    create table ${s}.shop_classifies (
      classify_id bigint primary key,
      shop_id bigint not null,
      classify_name text not null,
      sort integer not null
    );
    create index shop_classifies_shop on ${s}.shop_classifies (shop_id, sort, classify_id);

    create table ${s}.shop_banners (
      shop_id bigint not null,
      position integer not null,
      banner_image text not null,
      primary key (shop_id, position)
    );`);
  await tx.query(`
    create table ${s}.products (
      product_id bigint primary key,
      shop_id bigint not null,
      category_id bigint not null,
      category_l1_id bigint,
      category_l2_id bigint,
      shop_classify_id bigint not null,
      product_name text not null,
      product_brief text not null,
      text text not null,
      images jsonb not null,
      names jsonb not null,
      logistics jsonb not null,
      shelved boolean not null,
      shop_enabled boolean not null,
      listed boolean generated always as (shelved and shop_enabled) stored,
      fictitious_sales integer not null,
      sold integer not null default 0,
      sales integer generated always as (fictitious_sales + sold) stored,
      sku_id bigint not null,
      price bigint not null,
      original_price bigint not null,
      image text not null,
      search_text text not null,
      search_grams text[] not null,
      listed_at timestamptz not null,
      updated_at timestamptz not null
    );
    -- the shop's products: read by the shop flags, the stats recount and a shop's lowest price (bulk indexes below)
    create index products_shop on ${s}.products (shop_id, listed_at desc, product_id desc);

    create table ${s}.skus (
      sku_id bigint primary key,
      product_id bigint not null,
      shop_id bigint not null,
      position integer not null,
      sku_key text not null,
      value_codes jsonb not null,
      sku_values text not null,
      price bigint not null,
      original_price bigint not null,
      stock integer not null,
      weight integer not null,
      image text not null
    );
    create index skus_product on ${s}.skus (product_id, position);

    create table ${s}.canvases (
      canvas_id bigint primary key,
      terminal smallint not null,
      type smallint not null,
      shop_id bigint not null,
      custom_id bigint not null,
      name text not null,
      json text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index canvases_lookup on ${s}.canvases (terminal, type, shop_id, custom_id, updated_at desc);

    create table ${s}.product_sales (
      stream_id text not null,
      product_id bigint not null,
      shop_id bigint not null,
      number integer not null,
      paid boolean not null default false,
      primary key (stream_id, product_id)
    );`);
  // a listing's row is ~3 kB, most of it its HTML: compressed with lz4 where the server has it
  await tx.query(lz4WhereAvailable(`${s}.products`, ['text', 'images', 'names', 'logistics']));
  await tx.query(lz4WhereAvailable(`${s}.canvases`, ['json']));
}

/**
 * What only the search, category, home and shop screens read: built in one pass once a generation holds the bulk of
 * the log (Projection.bulkIndexes: a rebuild, or a first start once caught up), not row by row while it fills. The two GIN indexes alone write ~100 keys
 * per product, again on every sales or shelf change (the partial `where listed` rules out HOT updates).
 */
export const catalogBulkIndexes = (s: string): string[] => [
  `create index if not exists products_search_trgm on ${s}.products using gin (search_text gin_trgm_ops) where listed`,
  `create index if not exists products_search_grams on ${s}.products using gin (search_grams) where listed`,
  `create index if not exists products_newest on ${s}.products (listed_at desc, product_id desc) where listed`,
  `create index if not exists products_sales on ${s}.products (sales, product_id) where listed`,
  `create index if not exists products_price on ${s}.products (price, product_id) where listed`,
  // also 猜你喜欢
  `create index if not exists products_category on ${s}.products (category_id, sales desc, product_id) where listed`,
  `create index if not exists products_category_l1 on ${s}.products (category_l1_id) where listed`,
  `create index if not exists products_category_l2 on ${s}.products (category_l2_id) where listed`,
];
