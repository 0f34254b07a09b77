/**
 * 我的收藏 lists (origin-contract §8 `/collect/getAllProduct`, `/collect/getAllShop`; spec §3 Favourite): the shopper's
 * collected products and shops, newest first, with a keyword over the product or shop name. A product taken off the
 * shelf stays listed with shelveState 0 so the screen can mark it.
 */
import { containsPattern } from '../../../projections/catalog/search-grams';
import { fenToYuan } from '../../../domain/shared/money';
import type { Queryable } from '../../db/database';
import type { Page } from '../envelope';

export interface FavouriteProduct {
  collectId: number; shopId: number; productId: number; skuId: number; image: string; productName: string;
  originalPrice: number; price: number; shelveState: number; selected: number; activityType: number;
}

export interface FavouriteShop {
  collectId: number; shopId: number; shopName: string; shopLogo: string;
  /** How many shoppers collected the shop. */
  person: number;
  selected: number;
  productList: Array<{ productId: number; skuId: number; image: string; productName: string; price: number }>;
}

interface ProductRow {
  collect_id: string; shop_id: string; product_id: string; sku_id: string | null; image: string | null;
  product_name: string | null; original_price: string | null; price: string | null; listed: boolean | null;
}

const searchPattern = (search: string): string => containsPattern(search.trim().toLowerCase());

export async function listFavouriteProducts(
  db: Queryable, userId: number, search: string, page: number, pageSize: number,
): Promise<Page<FavouriteProduct>> {
  const where = `from collects c left join products p on p.product_id = c.product_id
    where c.user_id = $1 and c.collect_type = 1 and ($2 = '%%' or lower(coalesce(p.product_name, '')) like $2 escape '\\')`;
  const params = [userId, searchPattern(search)];
  const [rows, count] = await Promise.all([
    db.query<ProductRow>(`select c.collect_id, c.shop_id, c.product_id, p.sku_id, p.image, p.product_name, p.original_price,
        p.price, p.listed ${where} order by c.created_at desc, c.collect_id desc limit $3 offset $4`,
    [...params, pageSize, (page - 1) * pageSize]),
    db.query<{ total: number }>(`select count(*)::int as total ${where}`, params),
  ]);
  return {
    list: rows.rows.map((r) => ({
      collectId: Number(r.collect_id), shopId: Number(r.shop_id), productId: Number(r.product_id), skuId: Number(r.sku_id ?? 0),
      image: r.image ?? '', productName: r.product_name ?? '', originalPrice: fenToYuan(Number(r.original_price ?? 0)),
      price: fenToYuan(Number(r.price ?? 0)), shelveState: r.listed ? 1 : 0, selected: 0, activityType: 0,
    })),
    total: count.rows[0]?.total ?? 0,
  };
}

interface ShopRow { collect_id: string; shop_id: string; shop_name: string | null; shop_logo: string | null; person: number }
interface SampleRow { shop_id: string; product_id: string; sku_id: string; image: string; product_name: string; price: string }

const SAMPLES_PER_SHOP = 4;

export async function listFavouriteShops(
  db: Queryable, userId: number, search: string, page: number, pageSize: number,
): Promise<Page<FavouriteShop>> {
  const where = `from collects c left join shops s on s.shop_id = c.shop_id
    where c.user_id = $1 and c.collect_type = 2 and ($2 = '%%' or lower(coalesce(s.shop_name, '')) like $2 escape '\\')`;
  const params = [userId, searchPattern(search)];
  const [rows, count] = await Promise.all([
    db.query<ShopRow>(`select c.collect_id, c.shop_id, s.shop_name, s.shop_logo,
        (select count(*)::int from collects o where o.collect_type = 2 and o.shop_id = c.shop_id) as person
      ${where} order by c.created_at desc, c.collect_id desc limit $3 offset $4`, [...params, pageSize, (page - 1) * pageSize]),
    db.query<{ total: number }>(`select count(*)::int as total ${where}`, params),
  ]);
  const shopIds = rows.rows.map((r) => r.shop_id);
  const samples = shopIds.length === 0 ? [] : (await db.query<SampleRow>(
    `select shop_id, product_id, sku_id, image, product_name, price from (
       select p.*, row_number() over (partition by p.shop_id order by p.sales desc, p.product_id) as rank
       from products p where p.listed and p.shop_id = any($1::bigint[])) ranked
     where rank <= ${SAMPLES_PER_SHOP} order by shop_id, rank`, [shopIds])).rows;
  return {
    list: rows.rows.map((r) => ({
      collectId: Number(r.collect_id), shopId: Number(r.shop_id), shopName: r.shop_name ?? '', shopLogo: r.shop_logo ?? '',
      person: r.person, selected: 0,
      productList: samples.filter((p) => p.shop_id === r.shop_id).map((p) => ({
        productId: Number(p.product_id), skuId: Number(p.sku_id), image: p.image, productName: p.product_name,
        price: fenToYuan(Number(p.price)),
      })),
    })),
    total: count.rows[0]?.total ?? 0,
  };
}
