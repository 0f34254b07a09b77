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
import { firstByKey, keyedRunsOf } from '../set-based';

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
  apply: (tx, event, schema) => applyFootprints(tx, [event], schema),
  applyBatch: applyFootprints,
};

/** The footprint rows an event writes (keys for keyedRunsOf), or null for an event that is neither. */
function footprintsOf(event: RecordedEvent): string[] | null {
  const data = event.data as { userId?: unknown; footprintId?: unknown; footprintIds?: unknown };
  if (event.type === 'ProductViewed') return [`${String(data.userId)}:${String(data.footprintId)}`];
  if (event.type === 'FootprintsDeleted' && Array.isArray(data.footprintIds)) return data.footprintIds.map((id) => `${String(data.userId)}:${String(id)}`);
  return null;
}

/**
 * Views and deletions in runs, one statement each: a view recorded twice keeps its first row. Views and deletions
 * of other footprints commute (other rows), so a batch regroups by footprint (keyedRunsOf) into a few runs.
 */
async function applyFootprints(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  for (const run of keyedRunsOf(events, (event) => event.type, footprintsOf)) {
    if (run[0].type === 'ProductViewed') {
      const views = firstByKey(run.map((e) => ProductViewed.parse(e.data)), (v) => `${v.userId}:${v.footprintId}`);
      await tx.query(
        `insert into ${schema}.footprints (user_id, footprint_id, product_id, shop_id, sku_id, day, viewed_at)
         select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::timestamptz[])
         on conflict (user_id, footprint_id) do nothing`,
        [views.map((v) => v.userId), views.map((v) => v.footprintId), views.map((v) => v.productId), views.map((v) => v.shopId),
          views.map((v) => v.skuId), views.map((v) => v.day), views.map((v) => v.viewedAt)],
      );
    } else if (run[0].type === 'FootprintsDeleted') {
      const deleted = run.map((e) => FootprintsDeleted.parse(e.data)).flatMap((d) => d.footprintIds.map((id) => [d.userId, id] as const));
      await tx.query(
        `delete from ${schema}.footprints f using unnest($1::bigint[], $2::bigint[]) as d(user_id, footprint_id)
         where f.user_id = d.user_id and f.footprint_id = d.footprint_id`,
        [deleted.map(([userId]) => userId), deleted.map(([, id]) => id)],
      );
    }
  }
}
