/**
 * Product and shop search (spec §2 search page, §7). A keyword matches a substring of the product name or brief,
 * case-insensitively (projections/catalog/search-grams.ts): `search_grams @> <its grams>` (GIN array index; the
 * only index for 1-2 characters) and `search_text like '%kw%'` (pg_trgm GIN index; exact recheck). The planner
 * picks the index, or the sales/price/newest index when the grams say most products match. `%`, `_` and `\` in a
 * keyword match themselves; the keyword is only ever a parameter.
 */
import type { ProductCard, ShopCard } from '../../../domain/catalog/browse.contract';
import { containsPattern, queryGrams } from '../../../projections/catalog/search-grams';
import type { Queryable } from '../../db/database';
import type { Page } from '../envelope';
import type { SearchProductsQuery, SearchShopsQuery } from './catalog.params';
import { CARD_COLUMNS, CARD_FROM, Filter, listCards, listingOrder, toCard, type CardRow } from './product-cards.queries';

export function matchingKeyword(filter: Filter, keyword: string): Filter {
  if (!keyword) return filter;
  const lowered = keyword.toLowerCase();
  filter.add((grams) => `p.search_grams @> ${grams}::text[]`, queryGrams(lowered));
  return filter.add((pattern) => `p.search_text like ${pattern} escape '\\'`, containsPattern(lowered));
}

export async function searchProducts(db: Queryable, q: SearchProductsQuery): Promise<Page<ProductCard>> {
  const filter = matchingKeyword(new Filter(), q.search);
  const pattern = q.search ? `$${filter.params.length}` : null; // the keyword's like-pattern, added last by matchingKeyword
  if (q.minMoney !== undefined) filter.add((min) => `p.price >= ${min}`, Math.round(q.minMoney * 100));
  if (q.maxMoney !== undefined) filter.add((max) => `p.price <= ${max}`, Math.round(q.maxMoney * 100));
  return listCards(db, filter, searchOrder(q, pattern), q);
}

/**
 * The chosen sort; without one (全部结果), products whose NAME holds the keyword come before those matched only by
 * their brief (a bag that 装得下手机 after the phones), newest first within each.
 */
function searchOrder(q: SearchProductsQuery, pattern: string | null): string {
  const chosen = listingOrder(q);
  if (!pattern || q.type !== undefined || q.volume !== undefined) return chosen;
  return `(lower(p.product_name) like ${pattern} escape '\\') desc, ${chosen}`;
}

interface ShopRow { shop_id: string; shop_name: string; shop_logo: string; province: string; city: string; sales: number; product_kinds: number }

/** 所在地 of a shop: province and city, as the shop card and header show it. */
export const shopLocation = (r: { province: string; city: string }): string =>
  r.province === r.city ? r.province : `${r.province}${r.city}`;

/** Shop order: `type` by the shop's lowest list price, `volume` by its sales, else newest opened first. */
function shopOrder(q: SearchShopsQuery): string {
  if (q.type === 1) return 'sh.min_price asc nulls last, sh.shop_id asc';
  if (q.type === 2) return 'sh.min_price desc nulls last, sh.shop_id desc';
  if (q.volume === 1) return 'sh.sales asc, sh.shop_id asc';
  if (q.volume === 2) return 'sh.sales desc, sh.shop_id desc';
  return 'sh.opened_at desc, sh.shop_id desc';
}

/** Enabled shops whose name contains the keyword, each with up to 4 best-selling products as samples. */
export async function searchShops(db: Queryable, q: SearchShopsQuery): Promise<Page<ShopCard>> {
  const params: unknown[] = [];
  let where = 'sh.enabled';
  if (q.search) {
    params.push(containsPattern(q.search.toLowerCase()));
    where += ` and lower(sh.shop_name) ilike $1 escape '\\'`;
  }
  const n = params.length;
  const [rows, count] = await Promise.all([
    db.query<ShopRow>(`select sh.shop_id, sh.shop_name, sh.shop_logo, sh.province, sh.city, sh.sales, sh.product_kinds
      from shops sh where ${where} order by ${shopOrder(q)} limit $${n + 1} offset $${n + 2}`,
    [...params, q.pageSize, (q.page - 1) * q.pageSize]),
    db.query<{ total: number }>(`select count(*)::int as total from shops sh where ${where}`, params),
  ]);
  const samples = await sampleCards(db, rows.rows.map((r) => Number(r.shop_id)));
  const list = rows.rows.map((r): ShopCard => ({
    shopId: Number(r.shop_id),
    shopName: r.shop_name,
    shopLogo: r.shop_logo,
    shopAdress: shopLocation(r),
    number: Number(r.sales),
    classifyNumber: Number(r.product_kinds),
    skus: samples.get(Number(r.shop_id)) ?? [],
  }));
  return { list, total: count.rows[0]?.total ?? 0 };
}

async function sampleCards(db: Queryable, shopIds: number[]): Promise<Map<number, ProductCard[]>> {
  const samples = new Map<number, ProductCard[]>();
  if (shopIds.length === 0) return samples;
  const { rows } = await db.query<CardRow>(`select * from (
      select ${CARD_COLUMNS}, row_number() over (partition by p.shop_id order by p.sales desc, p.product_id desc) as rank
      from ${CARD_FROM} where p.listed and p.shop_id = any($1::bigint[])) ranked
    where rank <= 4 order by shop_id, rank`, [shopIds]);
  for (const row of rows) {
    const card = toCard(row);
    samples.set(card.shopId, [...(samples.get(card.shopId) ?? []), card]);
  }
  return samples;
}
