/**
 * Promotions read model (from PromotionScheduled): one row per activity and one per activity SKU with its price and
 * stock, so product detail, the options popup, and layout activity blocks resolve a SKU's activity with one query.
 *
 * promotions(kind 'seckill'|'discount'|'group-work', activity_id, shop_id, activity_name, start_time, end_time,
 *   limit_number = per-user purchase limit (0 none), person = group size, effective_hours = group forming hours,
 *   if_add = coupons stack 1/0)
 * promotion_items(kind, activity_id, sku_id, product_id, shop_id, price fen (activity price), limit_stock (限量),
 *   start_time, end_time — copied from the activity so a SKU lookup needs no join)
 * A re-scheduled activity (same kind and id) replaces its row and its items.
 */
import type pg from 'pg';
import { PromotionScheduled } from '../../domain/catalog/catalog.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';

export const PROMOTION_SCHEDULED = 'PromotionScheduled';

export const promotionsProjection: Projection = {
  name: 'promotions',
  version: 1,
  handles: [PROMOTION_SCHEDULED],
  tables: ['promotions', 'promotion_items'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table ${schema}.promotions (
        kind text not null,
        activity_id bigint not null,
        shop_id bigint not null,
        activity_name text not null,
        start_time timestamptz not null,
        end_time timestamptz not null,
        limit_number integer not null,
        person integer not null,
        effective_hours integer not null,
        if_add smallint not null,
        primary key (kind, activity_id)
      )`);
    await tx.query(`create index promotions_shop on ${schema}.promotions (shop_id, kind)`);
    await tx.query(`
      create table ${schema}.promotion_items (
        kind text not null,
        activity_id bigint not null,
        sku_id bigint not null,
        product_id bigint not null,
        shop_id bigint not null,
        price bigint not null,
        limit_stock integer not null,
        start_time timestamptz not null,
        end_time timestamptz not null,
        primary key (kind, activity_id, sku_id)
      )`);
    await tx.query(`create index promotion_items_sku on ${schema}.promotion_items (sku_id, end_time)`);
    await tx.query(`create index promotion_items_product on ${schema}.promotion_items (product_id, end_time)`);
  },
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    if (event.type !== PROMOTION_SCHEDULED) return;
    const p = PromotionScheduled.parse(event.data);
    await tx.query(
      `insert into ${schema}.promotions (kind, activity_id, shop_id, activity_name, start_time, end_time, limit_number,
         person, effective_hours, if_add)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (kind, activity_id) do update set shop_id = excluded.shop_id, activity_name = excluded.activity_name,
         start_time = excluded.start_time, end_time = excluded.end_time, limit_number = excluded.limit_number,
         person = excluded.person, effective_hours = excluded.effective_hours, if_add = excluded.if_add`,
      [p.kind, p.activityId, p.shopId, p.activityName, p.startTime, p.endTime, p.limitNumber, p.person, p.effectiveHours, p.ifAdd],
    );
    await tx.query(`delete from ${schema}.promotion_items where kind = $1 and activity_id = $2`, [p.kind, p.activityId]);
    await tx.query(
      `insert into ${schema}.promotion_items (kind, activity_id, sku_id, product_id, shop_id, price, limit_stock, start_time, end_time)
       select $1, $2, item.sku_id, item.product_id, $3, item.price, item.limit_stock, $4, $5
       from jsonb_to_recordset($6::jsonb) as item(sku_id bigint, product_id bigint, price bigint, limit_stock integer)
       on conflict (kind, activity_id, sku_id) do nothing`,
      [p.kind, p.activityId, p.shopId, p.startTime, p.endTime,
        JSON.stringify(p.items.map((i) => ({ sku_id: i.skuId, product_id: i.productId, price: i.price, limit_stock: i.limitStock })))],
    );
  },
};
