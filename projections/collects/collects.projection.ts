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
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    const parsed = CollectEvent.safeParse({ type: event.type, data: event.data });
    if (!parsed.success) return;
    const e = parsed.data;
    switch (e.type) {
      case 'ShopCollected':
      case 'ProductCollected': {
        const productId = e.type === 'ProductCollected' ? e.data.productId : 0;
        await tx.query(
          `insert into ${schema}.collects (collect_id, user_id, collect_type, shop_id, product_id, created_at)
           values ($1, $2, $3, $4, $5, $6) on conflict (user_id, collect_id) do nothing`,
          [e.data.collectId, e.data.userId, e.type === 'ProductCollected' ? 1 : 2, e.data.shopId, productId, event.metadata.occurredAt],
        );
        return;
      }
      case 'ShopUncollected':
      case 'ProductUncollected':
        await tx.query(`delete from ${schema}.collects where user_id = $1 and collect_id = $2`, [e.data.userId, e.data.collectId]);
        return;
      default: {
        const unreachable: never = e;
        return unreachable;
      }
    }
  },
};
