/**
 * What the checkout reads about goods, from the read models only (views `skus`, `products`, `shops`,
 * `promotion_items` ⋈ `promotions`, `sku_stock`, `activity_sales`): each SKU with its product, shop state, available stock and the
 * activity running for it now. Among running activities of one SKU: group buy, then flash sale, then discount
 * (origin-contract §3), then the earliest started.
 */
import type { LogisticsTemplate } from '../../domain/catalog/catalog.events';
import type { ActivityFacts, ShopFacts, SkuFacts } from '../../domain/checkout/checkout-lines';
import type { PromotionKind } from '../../domain/stock/activity-quota.events';
import type { Queryable } from '../db/database';

interface SkuRow {
  sku_id: string; product_id: string; shop_id: string; product_name: string; image: string; sku_values: string;
  price: string; original_price: string; weight: number; logistics: LogisticsTemplate; shelved: boolean;
  shop_enabled: boolean; stock: number; available: number | null;
}

interface ActivityRow {
  kind: PromotionKind; activity_id: string; sku_id: string; price: string; limit_stock: number; activity_name: string;
  limit_number: number; person: number; effective_hours: number; if_add: number; sold: number;
}

const KIND_RANK: Record<PromotionKind, number> = { 'group-work': 0, seckill: 1, discount: 2 };

export async function loadSkuFacts(db: Queryable, skuIds: readonly number[], now: Date): Promise<Map<number, SkuFacts>> {
  const ids = [...new Set(skuIds)].map(String);
  const [skus, activities] = await Promise.all([
    db.query<SkuRow>(
      `select s.sku_id, s.product_id, p.shop_id, p.product_name, coalesce(nullif(s.image, ''), p.image) as image,
         s.sku_values, s.price, s.original_price, s.weight, p.logistics, p.shelved, p.shop_enabled, s.stock,
         st.available
       from skus s join products p on p.product_id = s.product_id
       left join sku_stock st on st.sku_id = s.sku_id
       where s.sku_id = any($1::bigint[])`, [ids]),
    db.query<ActivityRow>(
      `select i.kind, i.activity_id, i.sku_id, i.price, i.limit_stock, pr.activity_name, pr.limit_number, pr.person,
         pr.effective_hours, pr.if_add, coalesce(sa.sold, 0)::int as sold
       from promotion_items i join promotions pr on pr.kind = i.kind and pr.activity_id = i.activity_id
       left join activity_sales sa on sa.kind = i.kind and sa.activity_id = i.activity_id and sa.sku_id = i.sku_id
       where i.sku_id = any($1::bigint[]) and i.start_time <= $2 and i.end_time > $2
       order by i.start_time, i.activity_id`, [ids, now.toISOString()]),
  ]);
  const running = new Map<number, ActivityFacts>();
  for (const row of activities.rows) {
    const skuId = Number(row.sku_id);
    const current = running.get(skuId);
    if (current && KIND_RANK[current.kind] <= KIND_RANK[row.kind]) continue;
    running.set(skuId, {
      kind: row.kind, activityId: Number(row.activity_id), activityName: row.activity_name, priceFen: Number(row.price),
      limitStock: row.limit_stock, limitNumber: row.limit_number, person: row.person, effectiveHours: row.effective_hours,
      ifAdd: row.if_add === 1 ? 1 : 0, running: true, sold: row.sold,
    });
  }
  return new Map(skus.rows.map((r) => [Number(r.sku_id), {
    skuId: Number(r.sku_id),
    productId: Number(r.product_id),
    shopId: Number(r.shop_id),
    productName: r.product_name,
    image: r.image,
    values: r.sku_values ? r.sku_values.split(',') : [],
    listPriceFen: Number(r.price),
    originalPriceFen: Number(r.original_price),
    weightGrams: r.weight,
    logistics: r.logistics,
    shelved: r.shelved,
    shopEnabled: r.shop_enabled,
    listedStock: r.stock,
    available: r.available ?? r.stock,
    activity: running.get(Number(r.sku_id)) ?? null,
  }]));
}

interface ShopRow { shop_id: string; shop_name: string; shop_logo: string; province: string; city: string; enabled: boolean }

export async function loadShopFacts(db: Queryable, shopIds: readonly number[]): Promise<Map<number, ShopFacts>> {
  const { rows } = await db.query<ShopRow>(
    'select shop_id, shop_name, shop_logo, province, city, enabled from shops where shop_id = any($1::bigint[])',
    [[...new Set(shopIds)].map(String)]);
  return new Map(rows.map((r) => [Number(r.shop_id), {
    shopId: Number(r.shop_id), shopName: r.shop_name, shopLogo: r.shop_logo, shopAdress: `${r.province}-${r.city}`, enabled: r.enabled,
  }]));
}
