/**
 * Product cards from the catalog read model: one filtered, sorted, paged query serves search, category, shop and
 * page-layout listings. Filters are SQL fragments over alias `p` with numbered parameters; values never enter SQL
 * text, and the ORDER BY comes from a fixed table, so nothing a shopper types is spliced in.
 */
import type { ListingSort, ProductCard } from '../../../domain/catalog/browse.contract';
import { fenToYuan } from '../../../domain/shared/money';
import type { Queryable } from '../../db/database';
import type { Page } from '../envelope';

export class Filter {
  readonly conditions: string[] = ['p.listed'];
  readonly params: unknown[] = [];
  /** `fragment` receives the placeholder (`$3`) of `value`. */
  add(fragment: (placeholder: string) => string, value: unknown): this {
    this.params.push(value);
    this.conditions.push(fragment(`$${this.params.length}`));
    return this;
  }
  get sql(): string { return this.conditions.join(' and '); }
}

/** The order of a listing (spec §4): price, then sales, else newest listed first; ids break ties so pages are stable. */
export function listingOrder(sort: ListingSort): string {
  if (sort.type === 1) return 'p.price asc, p.product_id asc';
  if (sort.type === 2) return 'p.price desc, p.product_id desc';
  if (sort.volume === 1) return 'p.sales asc, p.product_id asc';
  if (sort.volume === 2) return 'p.sales desc, p.product_id desc';
  return 'p.listed_at desc, p.product_id desc';
}

export const CARD_COLUMNS = `p.product_id, p.sku_id, p.shop_id, p.image, p.product_name, p.price, p.original_price,
  p.product_brief, sh.shop_name, p.sales`;
export const CARD_FROM = 'products p join shops sh on sh.shop_id = p.shop_id';

export interface CardRow {
  product_id: string; sku_id: string; shop_id: string; image: string; product_name: string; price: string;
  original_price: string; product_brief: string; shop_name: string; sales: number;
}

export const toCard = (r: CardRow): ProductCard => ({
  productId: Number(r.product_id),
  skuId: Number(r.sku_id),
  shopId: Number(r.shop_id),
  image: r.image,
  productName: r.product_name,
  price: fenToYuan(Number(r.price)),
  originalPrice: fenToYuan(Number(r.original_price)),
  productBrief: r.product_brief,
  shopName: r.shop_name,
  number: Number(r.sales),
});

export interface Paging { page: number; pageSize: number }

export async function listCards(db: Queryable, filter: Filter, order: string, paging: Paging): Promise<Page<ProductCard>> {
  const n = filter.params.length;
  const [rows, count] = await Promise.all([
    // the page is cut before the shop join, so a common keyword sorts its hits without a lookup per hit
    db.query<CardRow>(`select ${CARD_COLUMNS} from (
        select p.product_id, p.sku_id, p.shop_id, p.image, p.product_name, p.price, p.original_price, p.product_brief,
          p.sales, p.listed_at
        from products p where ${filter.sql} order by ${order} limit $${n + 1} offset $${n + 2}) p
      join shops sh on sh.shop_id = p.shop_id order by ${order}`,
    [...filter.params, paging.pageSize, (paging.page - 1) * paging.pageSize]),
    db.query<{ total: number }>(`select count(*)::int as total from products p where ${filter.sql}`, filter.params),
  ]);
  return { list: rows.rows.map(toCard), total: count.rows[0]?.total ?? 0 };
}

/** Products in any category of the tree under `classifyId` (level 1, 2 or 3). */
export const inCategory = (filter: Filter, classifyId: number): Filter =>
  filter.add((id) => `(p.category_id = ${id} or p.category_l2_id = ${id} or p.category_l1_id = ${id})`, classifyId);
