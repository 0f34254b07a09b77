/**
 * Read model of browse history (用户中心 → 浏览记录).
 *
 * footprints  user_id, footprint_id (per shopper), product_id, shop_id, sku_id, day (`yyyy-MM-dd`, Asia/Shanghai),
 *             viewed_at. One row per product per day per shopper (the decider records no second view); deleted
 *             entries are removed. Product name, image, price and shelf state are read live from the catalogue
 *             views (`products`, `skus`) when the history is shown.
 */
import type pg from 'pg';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import { FootprintsDeleted, ProductViewed, footprintEventTypes } from '../../domain/footprint/footprint.events';
import type { Projection } from '../runner/projection';

export const footprintsProjection: Projection = {
  name: 'footprints',
  version: 1,
  handles: footprintEventTypes,
  tables: ['footprints'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table if not exists ${schema}.footprints (
        user_id bigint not null,
        footprint_id bigint not null,
        product_id bigint not null,
        shop_id bigint not null,
        sku_id bigint not null,
        day text not null,
        viewed_at timestamptz not null,
        primary key (user_id, footprint_id)
      )`);
    await tx.query(`create index if not exists footprints_user_day on ${schema}.footprints (user_id, day desc, viewed_at desc)`);
  },
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    switch (event.type) {
      case 'ProductViewed': {
        const v = ProductViewed.parse(event.data);
        await tx.query(
          `insert into ${schema}.footprints (user_id, footprint_id, product_id, shop_id, sku_id, day, viewed_at)
           values ($1, $2, $3, $4, $5, $6, $7) on conflict (user_id, footprint_id) do nothing`,
          [v.userId, v.footprintId, v.productId, v.shopId, v.skuId, v.day, v.viewedAt],
        );
        return;
      }
      case 'FootprintsDeleted': {
        const d = FootprintsDeleted.parse(event.data);
        await tx.query(`delete from ${schema}.footprints where user_id = $1 and footprint_id = any($2::bigint[])`, [d.userId, d.footprintIds]);
        return;
      }
      default:
    }
  },
};
