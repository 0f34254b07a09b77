/**
 * Favourites read model (from the `collect-<userId>` streams): which shops and products a shopper collected, so
 * product detail and the shop index answer ifCollect / collectId, and the favourites screens list them.
 *
 * collects(collect_id, user_id, collect_type 1 product / 2 shop (origin enum), shop_id, product_id (0 for a shop),
 *   created_at). An uncollect deletes the row. Lookups: (user_id, shop_id) / (user_id, product_id); counts per shop.
 */
import type pg from 'pg';
import { COLLECT_EVENT_TYPES, CollectEvent } from '../../domain/collect/collect.events';
import type { RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';
import { firstByKey, keyedRunsOf } from '../set-based';

export const collectsProjection: Projection = {
  name: 'collects',
  version: 1,
  handles: COLLECT_EVENT_TYPES,
  tables: ['collects'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table ${schema}.collects (
        collect_id bigint not null,
        user_id bigint not null,
        collect_type smallint not null,
        shop_id bigint not null,
        product_id bigint not null,
        created_at timestamptz not null,
        primary key (user_id, collect_id)
      )`);
    await tx.query(`create index collects_user_target on ${schema}.collects (user_id, collect_type, shop_id, product_id)`);
    await tx.query(`create index collects_user_created on ${schema}.collects (user_id, collect_type, created_at desc)`);
    await tx.query(`create index collects_shop on ${schema}.collects (shop_id, collect_type)`);
  },
  apply: (tx, event, schema) => applyCollects(tx, [event], schema),
  applyBatch: applyCollects,
};

type Collect = CollectEvent & { at: string };
const kindOf = (e: Collect): string => (e.type === 'ShopCollected' || e.type === 'ProductCollected' ? 'collect' : 'uncollect');

/**
 * Collects and uncollects in runs, one statement each: a collect recorded twice keeps its first row. A shopper's
 * collect and uncollect of other entries commute (other rows), so a batch regroups by entry (keyedRunsOf) into a few
 * runs; cut in log order, the engagement log's interleaving made ~480 runs of 1000 events.
 */
async function applyCollects(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  const collects: Collect[] = events.flatMap((event) => {
    const parsed = CollectEvent.safeParse({ type: event.type, data: event.data });
    return parsed.success ? [{ ...parsed.data, at: event.metadata.occurredAt }] : [];
  });
  for (const run of keyedRunsOf(collects, kindOf, (e) => [`${e.data.userId}:${e.data.collectId}`])) {
    if (kindOf(run[0]) === 'collect') {
      const rows = firstByKey(run, (e) => `${e.data.userId}:${e.data.collectId}`);
      await tx.query(
        `insert into ${schema}.collects (collect_id, user_id, collect_type, shop_id, product_id, created_at)
         select * from unnest($1::bigint[], $2::bigint[], $3::smallint[], $4::bigint[], $5::bigint[], $6::timestamptz[])
         on conflict (user_id, collect_id) do nothing`,
        [rows.map((e) => e.data.collectId), rows.map((e) => e.data.userId), rows.map((e) => (e.type === 'ProductCollected' ? 1 : 2)),
          rows.map((e) => e.data.shopId), rows.map((e) => (e.type === 'ProductCollected' ? e.data.productId : 0)), rows.map((e) => e.at)],
      );
    } else {
      await tx.query(
        `delete from ${schema}.collects c using unnest($1::bigint[], $2::bigint[]) as d(user_id, collect_id)
         where c.user_id = d.user_id and c.collect_id = d.collect_id`,
        [run.map((e) => e.data.userId), run.map((e) => e.data.collectId)],
      );
    }
  }
}
