/**
 * Stock read model (from `sku-<id>` and `<kind>-quota-<id>` streams): what can still be bought, for settlement, the
 * cart and product pages. A SKU no one reserved yet has no row: its stock is the catalogue's (`skus.stock`), so
 * readers take `coalesce(sku_stock.available, skus.stock)`.
 *
 * sku_stock(sku_id, available, reserved = units held by live orders, updated_at)
 * activity_sales(kind, activity_id, sku_id, sold = activity units held by live orders): limitStockNumber (what is
 *   left of an activity's stock) = limit_stock − sold.
 */
import type pg from 'pg';
import { ActivityQuotaEvent, activityQuotaEventTypes } from '../../domain/stock/activity-quota.events';
import { StockEvent, stockEventTypes } from '../../domain/stock/stock.events';
import { streamCategory, type RecordedEvent } from '../../services/event-store/event-store.port';
import type { Projection } from '../runner/projection';

async function applyStock(tx: pg.PoolClient, s: string, event: StockEvent, at: string): Promise<void> {
  switch (event.type) {
    case 'StockInitialised':
      await tx.query(
        `insert into ${s}.sku_stock (sku_id, available, reserved, updated_at) values ($1, $2, 0, $3)
         on conflict (sku_id) do nothing`, [event.data.skuId, event.data.quantity, at]);
      return;
    case 'StockReserved':
    case 'StockReleased': {
      const held = event.type === 'StockReserved' ? event.data.number : -event.data.number;
      await tx.query(
        `update ${s}.sku_stock set available = $2, reserved = reserved + $3, updated_at = $4 where sku_id = $1`,
        [event.data.skuId, event.data.available, held, at]);
      return;
    }
    case 'StockRestocked':
      await tx.query(`update ${s}.sku_stock set available = $2, updated_at = $3 where sku_id = $1`,
        [event.data.skuId, event.data.available, at]);
      return;
    default: {
      const unknown: never = event;
      throw new Error(`unhandled stock event ${(unknown as { type: string }).type}`);
    }
  }
}

async function applyQuota(tx: pg.PoolClient, s: string, event: ActivityQuotaEvent): Promise<void> {
  const { kind, activityId, lines } = event.data;
  const sign = event.type === 'ActivityQuotaReserved' ? 1 : -1;
  for (const line of lines) {
    await tx.query(
      `insert into ${s}.activity_sales (kind, activity_id, sku_id, sold) values ($1, $2, $3, $4)
       on conflict (kind, activity_id, sku_id) do update set sold = ${s}.activity_sales.sold + excluded.sold`,
      [kind, activityId, line.skuId, sign * line.number]);
  }
}

export const stockProjection: Projection = {
  name: 'stock',
  version: 1,
  handles: [...stockEventTypes, ...activityQuotaEventTypes],
  tables: ['sku_stock', 'activity_sales'],
  async migrate(tx: pg.PoolClient, schema: string) {
    await tx.query(`
      create table ${schema}.sku_stock (
        sku_id bigint primary key,
        available integer not null,
        reserved integer not null,
        updated_at timestamptz not null
      )`);
    await tx.query(`
      create table ${schema}.activity_sales (
        kind text not null,
        activity_id bigint not null,
        sku_id bigint not null,
        sold integer not null,
        primary key (kind, activity_id, sku_id)
      )`);
  },
  async apply(tx: pg.PoolClient, event: RecordedEvent, schema: string) {
    // event types are matched together with their stream category: another slice may reuse a name elsewhere
    const domainEvent = { type: event.type, data: event.data };
    const category = streamCategory(event.streamId);
    if (category === 'sku') await applyStock(tx, schema, StockEvent.parse(domainEvent), event.metadata.occurredAt);
    else if (category.endsWith('-quota')) await applyQuota(tx, schema, ActivityQuotaEvent.parse(domainEvent));
  },
};
