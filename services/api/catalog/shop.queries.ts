/** Shop page reads (spec §2 shop page, §7 shop calls): header, tabs, banners, products. Disabled shops are unknown. */
import type { ShopBanner, ShopClassify, ShopIndex, ShopProducts } from '../../../domain/catalog/browse.contract';
import { DomainError } from '../../../domain/shared/errors';
import type { Queryable } from '../../db/database';
import { Filter, listCards, listingOrder, type Paging } from './product-cards.queries';
import { shopLocation } from './search.queries';

interface ShopRow {
  shop_id: string; shop_name: string; shop_logo: string; shop_brief: string; shop_phone: string;
  province: string; city: string; sales: number; product_kinds: number;
}

async function enabledShop(db: Queryable, shopId: number): Promise<ShopRow> {
  const { rows } = await db.query<ShopRow>(`select shop_id, shop_name, shop_logo, shop_brief, shop_phone, province, city,
    sales, product_kinds from shops where shop_id = $1 and enabled`, [shopId]);
  if (!rows[0]) throw new DomainError('shopNotFound');
  return rows[0];
}

/** The shopper's collect of this shop, from the favourites read model (projections/collects) when it is present. */
async function shopCollect(db: Queryable, userId: number | null, shopId: number): Promise<{ ifCollect: 0 | 1; collectId: number }> {
  const none = { ifCollect: 0 as const, collectId: 0 };
  if (userId === null) return none;
  const { rows: present } = await db.query<{ present: boolean }>(`select to_regclass('public.collects') is not null as present`);
  if (!present[0]?.present) return none;
  const { rows } = await db.query<{ collect_id: string }>(`select collect_id from collects
    where user_id = $1 and collect_type = 2 and shop_id = $2 order by created_at desc limit 1`, [userId, shopId]);
  return rows[0] ? { ifCollect: 1, collectId: Number(rows[0].collect_id) } : none;
}

export async function shopIndex(db: Queryable, shopId: number, userId: number | null): Promise<ShopIndex> {
  const shop = await enabledShop(db, shopId);
  return {
    shopId: Number(shop.shop_id),
    shopName: shop.shop_name,
    shopLogo: shop.shop_logo,
    shopAdress: shopLocation(shop),
    shopBrief: shop.shop_brief,
    shopPhone: shop.shop_phone,
    classifyNumber: Number(shop.product_kinds),
    number: Number(shop.sales),
    ...(await shopCollect(db, userId, shopId)),
  };
}

export async function shopClassifies(db: Queryable, shopId: number): Promise<ShopClassify[]> {
  await enabledShop(db, shopId);
  const { rows } = await db.query<{ classify_id: string; classify_name: string }>(`select classify_id, classify_name
    from shop_classifies where shop_id = $1 order by sort, classify_id`, [shopId]);
  return rows.map((r) => ({ classifyId: Number(r.classify_id), classifyName: r.classify_name }));
}

export async function shopBanners(db: Queryable, shopId: number): Promise<ShopBanner[]> {
  await enabledShop(db, shopId);
  const { rows } = await db.query<{ banner_image: string }>(
    'select banner_image from shop_banners where shop_id = $1 order by position', [shopId]);
  return rows.map((r) => ({ bannerImage: r.banner_image }));
}

export async function shopProducts(
  db: Queryable, q: Paging & { shopId: number; classifyId?: number; type?: 1 | 2; volume?: 1 | 2 },
): Promise<ShopProducts> {
  const shop = await enabledShop(db, q.shopId);
  const filter = new Filter().add((id) => `p.shop_id = ${id}`, q.shopId);
  if (q.classifyId !== undefined) {
    const { rows } = await db.query('select 1 from shop_classifies where classify_id = $1 and shop_id = $2', [q.classifyId, q.shopId]);
    if (rows.length === 0) throw new DomainError('categoryNotFound');
    filter.add((id) => `p.shop_classify_id = ${id}`, q.classifyId);
  }
  const page = await listCards(db, filter, listingOrder(q), q);
  return { page, shopName: shop.shop_name, shopLogo: shop.shop_logo };
}
