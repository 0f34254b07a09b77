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
import { createReadModelCache, type ReadModelChanges } from '../read-cache/read-model-cache';

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

interface SkuFactRows { skus: SkuRow[]; activities: (ActivityRow & { start_time: string; end_time: string })[]; readAt: number }

/** The rows behind the facts of these SKUs: every activity item not yet ended at `now` (running or to come). */
async function readSkuFactRows(db: Queryable, ids: readonly string[], now: Date): Promise<SkuFactRows> {
  const [skus, activities] = await Promise.all([
    db.query<SkuRow>(
      `select s.sku_id, s.product_id, p.shop_id, p.product_name, coalesce(nullif(s.image, ''), p.image) as image,
         s.sku_values, s.price, s.original_price, s.weight, p.logistics, p.shelved, p.shop_enabled, s.stock,
         st.available
       from skus s join products p on p.product_id = s.product_id
       left join sku_stock st on st.sku_id = s.sku_id
       where s.sku_id = any($1::bigint[])`, [ids]),
    db.query<ActivityRow & { start_time: string; end_time: string }>(
      `select i.kind, i.activity_id, i.sku_id, i.price, i.limit_stock, pr.activity_name, pr.limit_number, pr.person,
         pr.effective_hours, pr.if_add, coalesce(sa.sold, 0)::int as sold,
         to_char(i.start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as start_time,
         to_char(i.end_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as end_time
       from promotion_items i join promotions pr on pr.kind = i.kind and pr.activity_id = i.activity_id
       left join activity_sales sa on sa.kind = i.kind and sa.activity_id = i.activity_id and sa.sku_id = i.sku_id
       where i.sku_id = any($1::bigint[]) and i.end_time > $2
       order by i.start_time, i.activity_id`, [ids, now.toISOString()]),
  ]);
  return { skus: skus.rows, activities: activities.rows, readAt: now.getTime() };
}

/** The facts at `now` from rows read at or before it. */
function skuFactsOf(rows: SkuFactRows, now: Date): Map<number, SkuFacts> {
  const at = now.getTime();
  const running = new Map<number, ActivityFacts>();
  for (const row of rows.activities) {
    if (Date.parse(row.start_time) > at || Date.parse(row.end_time) <= at) continue;
    const skuId = Number(row.sku_id);
    const current = running.get(skuId);
    if (current && KIND_RANK[current.kind] <= KIND_RANK[row.kind]) continue;
    running.set(skuId, {
      kind: row.kind, activityId: Number(row.activity_id), activityName: row.activity_name, priceFen: Number(row.price),
      limitStock: row.limit_stock, limitNumber: row.limit_number, person: row.person, effectiveHours: row.effective_hours,
      ifAdd: row.if_add === 1 ? 1 : 0, running: true, sold: row.sold,
    });
  }
  return new Map(rows.skus.map((r) => [Number(r.sku_id), {
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

const idsOf = (ids: readonly number[]): string[] => [...new Set(ids)].sort((a, b) => a - b).map(String);

export async function loadSkuFacts(db: Queryable, skuIds: readonly number[], now: Date): Promise<Map<number, SkuFacts>> {
  return skuFactsOf(await readSkuFactRows(db, idsOf(skuIds), now), now);
}

interface ShopRow { shop_id: string; shop_name: string; shop_logo: string; province: string; city: string; enabled: boolean }

export async function loadShopFacts(db: Queryable, shopIds: readonly number[]): Promise<Map<number, ShopFacts>> {
  const { rows } = await db.query<ShopRow>(
    'select shop_id, shop_name, shop_logo, province, city, enabled from shops where shop_id = any($1::bigint[])',
    [idsOf(shopIds)]);
  return new Map(rows.map((r) => [Number(r.shop_id), {
    shopId: Number(r.shop_id), shopName: r.shop_name, shopLogo: r.shop_logo, shopAdress: `${r.province}-${r.city}`, enabled: r.enabled,
  }]));
}

/** What the checkout asks about goods (checkout-goods.ts). */
export interface CatalogFacts {
  skus(skuIds: readonly number[], now: Date): Promise<Map<number, SkuFacts>>;
  shops(shopIds: readonly number[]): Promise<Map<number, ShopFacts>>;
}

/** The read models the facts come from: a batch of any of them makes cached facts stale. */
export const CATALOG_FACTS_READ_MODELS = ['catalog', 'stock', 'promotions'] as const;

/**
 * The facts, each set kept until one of the read models they come from applies a batch (read-model-cache.ts): a
 * burst of buyers of one flash-sale SKU shares one read between two stock batches instead of making one each. The
 * rows are kept, not the facts: which activity runs is decided at each ask's `now` (an ask from before the rows were
 * read, under a clock that went back, reads afresh). Without a change feed every ask reads.
 */
export function cachedCatalogFacts(db: Queryable, changes: ReadModelChanges | null): CatalogFacts & { close(): void } {
  const skuRows = createReadModelCache<SkuFactRows>(changes, { dependsOn: CATALOG_FACTS_READ_MODELS, maxEntries: 500 });
  const shops = createReadModelCache<Map<number, ShopFacts>>(changes, { dependsOn: ['catalog'], maxEntries: 500 });
  return {
    async skus(skuIds, now) {
      const ids = idsOf(skuIds);
      const rows = await skuRows.get(ids.join(','), () => readSkuFactRows(db, ids, now));
      return skuFactsOf(rows.readAt <= now.getTime() ? rows : await readSkuFactRows(db, ids, now), now);
    },
    shops: (shopIds) => shops.get(idsOf(shopIds).join(','), () => loadShopFacts(db, shopIds)),
    close() {
      skuRows.close();
      shops.close();
    },
  };
}
