/** Categories, shops (with their tabs and banners) and page layouts of the catalog read model. */
import type pg from 'pg';
import {
  CanvasPublished, CategoryDefined, ShopBannerSet, ShopClassifyDefined, ShopDisabled, ShopEnabled, ShopOpened,
} from '../../domain/catalog/catalog.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { lastByKey } from '../set-based';
import { refreshCategoryAncestors } from './catalog-products.apply';
import type { ShopDeltaRow, ShopStats } from './shop-stats';

export async function applyCategoryDefined(tx: pg.PoolClient, s: string, event: RecordedEvent): Promise<void> {
  const c = CategoryDefined.parse(event.data);
  await tx.query(
    `insert into ${s}.categories (category_id, parent_id, level, name, image, sort) values ($1, $2, $3, $4, $5, $6)
     on conflict (category_id) do update set parent_id = excluded.parent_id, level = excluded.level,
       name = excluded.name, image = excluded.image, sort = excluded.sort`,
    [c.categoryId, c.parentId, c.level, c.name, c.image, c.sort]);
  // products under it (directly, or through a child) learn their level-1/2 ancestors
  await refreshCategoryAncestors(tx, s,
    `p.category_id = $1 or p.category_id in (select category_id from ${s}.categories where parent_id = $1)`, [c.categoryId]);
}

export async function applyShopOpened(tx: pg.PoolClient, s: string, event: RecordedEvent, stats: ShopStats): Promise<void> {
  const o = ShopOpened.parse(event.data);
  await tx.query(
    `insert into ${s}.shops (shop_id, shop_name, shop_brief, shop_logo, shop_phone, charge_person_phone, province, city,
       address_detail, return_person, return_phone, return_address, opened_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     on conflict (shop_id) do update set shop_name = excluded.shop_name, shop_brief = excluded.shop_brief,
       shop_logo = excluded.shop_logo, shop_phone = excluded.shop_phone, charge_person_phone = excluded.charge_person_phone,
       province = excluded.province, city = excluded.city, address_detail = excluded.address_detail,
       return_person = excluded.return_person, return_phone = excluded.return_phone, return_address = excluded.return_address`,
    [o.shopId, o.shopName, o.shopBrief, o.shopLogo, o.shopPhone, o.chargePersonPhone, o.province, o.city,
      o.addressDetail, o.returnPerson, o.returnPhone, o.returnAddress, event.metadata.occurredAt]);
  await syncShopEnabled(tx, s, [o.shopId], stats);
  // products listed before their shop opened were counted nowhere
  await stats.recount(tx, s, [o.shopId]);
}

export const SHOP_FLAGS: ReadonlySet<string> = new Set(['ShopDisabled', 'ShopEnabled']);

/** A run of shops disabled and enabled: each shop takes its last flag, then its products copy it. */
export async function applyShopFlags(tx: pg.PoolClient, s: string, run: readonly RecordedEvent[], stats: ShopStats): Promise<void> {
  const flags = lastByKey(run.map((event) => {
    const enabled = event.type === 'ShopEnabled';
    return { shopId: (enabled ? ShopEnabled : ShopDisabled).parse(event.data).shopId, enabled };
  }), (flag) => flag.shopId);
  await tx.query(
    `update ${s}.shops sh set enabled = x.enabled from unnest($1::bigint[], $2::boolean[]) as x(shop_id, enabled)
     where sh.shop_id = x.shop_id`, [flags.map((f) => f.shopId), flags.map((f) => f.enabled)]);
  await syncShopEnabled(tx, s, flags.map((f) => f.shopId), stats);
}

/**
 * products.shop_enabled copies shops.enabled (false while the shop is unknown), so `listed` needs no join. Only rows
 * whose copy changes are written: a product row carries large search indexes.
 */
async function syncShopEnabled(tx: pg.PoolClient, s: string, shopIds: number[], stats: ShopStats): Promise<void> {
  // a row was listed before exactly when it is shelved and not listed now (its shop_enabled flipped)
  const { rows } = await tx.query<ShopDeltaRow>(
    `with changed as (
       update ${s}.products p set shop_enabled = x.enabled
       from (select t.shop_id, coalesce(sh.enabled, false) as enabled
             from unnest($1::bigint[]) as t(shop_id) left join ${s}.shops sh on sh.shop_id = t.shop_id) x
       where p.shop_id = x.shop_id and p.shop_enabled <> x.enabled
       returning p.shop_id, p.shelved, p.listed, p.price)
     select shop_id, 0 as sales, 0 as kinds, min(price) filter (where listed) as gained,
       min(price) filter (where shelved and not listed) as left_price
     from changed group by shop_id`, [shopIds]);
  stats.add(rows);
}

export async function applyShopClassifyDefined(tx: pg.PoolClient, s: string, event: RecordedEvent): Promise<void> {
  const c = ShopClassifyDefined.parse(event.data);
  await tx.query(
    `insert into ${s}.shop_classifies (classify_id, shop_id, classify_name, sort) values ($1, $2, $3, $4)
     on conflict (classify_id) do update set shop_id = excluded.shop_id, classify_name = excluded.classify_name,
       sort = excluded.sort`,
    [c.classifyId, c.shopId, c.classifyName, c.sort]);
}

export async function applyShopBannerSet(tx: pg.PoolClient, s: string, event: RecordedEvent): Promise<void> {
  const b = ShopBannerSet.parse(event.data);
  await tx.query(`delete from ${s}.shop_banners where shop_id = $1`, [b.shopId]);
  await tx.query(
    `insert into ${s}.shop_banners (shop_id, position, banner_image)
     select $1, ordinality - 1, image from unnest($2::text[]) with ordinality as t(image, ordinality)`,
    [b.shopId, b.bannerImages]);
}

export async function applyCanvasPublished(tx: pg.PoolClient, s: string, event: RecordedEvent): Promise<void> {
  const c = CanvasPublished.parse(event.data);
  await tx.query(
    `insert into ${s}.canvases (canvas_id, terminal, type, shop_id, custom_id, name, json, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     on conflict (canvas_id) do update set terminal = excluded.terminal, type = excluded.type, shop_id = excluded.shop_id,
       custom_id = excluded.custom_id, name = excluded.name, json = excluded.json, updated_at = excluded.updated_at`,
    [c.canvasId, c.terminal, c.type, c.shopId, c.customId, c.name, c.json, event.metadata.occurredAt]);
}
