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
import { firstByKey, lastByKey } from '../set-based';

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
  apply: (tx, event, schema) => applyPromotions(tx, [event], schema),
  applyBatch: applyPromotions,
};

/**
 * A batch in three statements: each activity's last schedule upserted, the items of those activities dropped, the
 * items of their last schedules inserted (an item listed twice in one schedule keeps its first line).
 */
async function applyPromotions(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  const scheduled = lastByKey(events.filter((e) => e.type === PROMOTION_SCHEDULED).map((e) => PromotionScheduled.parse(e.data)),
    (p) => `${p.kind}:${p.activityId}`);
  if (scheduled.length === 0) return;
  await tx.query(
    `insert into ${schema}.promotions (kind, activity_id, shop_id, activity_name, start_time, end_time, limit_number,
       person, effective_hours, if_add)
     select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::timestamptz[], $6::timestamptz[],
                          $7::integer[], $8::integer[], $9::integer[], $10::smallint[])
     on conflict (kind, activity_id) do update set shop_id = excluded.shop_id, activity_name = excluded.activity_name,
       start_time = excluded.start_time, end_time = excluded.end_time, limit_number = excluded.limit_number,
       person = excluded.person, effective_hours = excluded.effective_hours, if_add = excluded.if_add`,
    [scheduled.map((p) => p.kind), scheduled.map((p) => p.activityId), scheduled.map((p) => p.shopId),
      scheduled.map((p) => p.activityName), scheduled.map((p) => p.startTime), scheduled.map((p) => p.endTime),
      scheduled.map((p) => p.limitNumber), scheduled.map((p) => p.person), scheduled.map((p) => p.effectiveHours),
      scheduled.map((p) => p.ifAdd)],
  );
  await tx.query(
    `delete from ${schema}.promotion_items i using unnest($1::text[], $2::bigint[]) as d(kind, activity_id)
     where i.kind = d.kind and i.activity_id = d.activity_id`,
    [scheduled.map((p) => p.kind), scheduled.map((p) => p.activityId)],
  );
  const items = firstByKey(scheduled.flatMap((p) => p.items.map((item) => ({ p, item }))),
    ({ p, item }) => `${p.kind}:${p.activityId}:${item.skuId}`);
  await tx.query(
    `insert into ${schema}.promotion_items (kind, activity_id, sku_id, product_id, shop_id, price, limit_stock, start_time, end_time)
     select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::integer[],
                          $8::timestamptz[], $9::timestamptz[])`,
    [items.map(({ p }) => p.kind), items.map(({ p }) => p.activityId), items.map(({ item }) => item.skuId),
      items.map(({ item }) => item.productId), items.map(({ p }) => p.shopId), items.map(({ item }) => item.price),
      items.map(({ item }) => item.limitStock), items.map(({ p }) => p.startTime), items.map(({ p }) => p.endTime)],
  );
}
