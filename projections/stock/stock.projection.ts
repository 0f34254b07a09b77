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

interface Initialised { skuId: number; quantity: number; at: string }
/** A SKU's changes in a segment: its last `available`, the sum of what was held (+) or given back (−), the last time. */
interface Changed { skuId: number; available: number; held: number; at: string }

/**
 * Stock events in segments of two statements: the initialisations (insert, the first one wins), then one update per
 * SKU that changed. Event by event, a change before its SKU's row exists does nothing; so a segment ends before an
 * initialisation of a SKU it already changed (a SKU's stream starts with it: in practice a batch is one segment).
 */
async function applyStock(tx: pg.PoolClient, s: string, events: readonly RecordedEvent[]): Promise<void> {
  let inits = new Map<number, Initialised>();
  let changes = new Map<number, Changed>();
  const flush = async () => {
    await writeStock(tx, s, [...inits.values()], [...changes.values()]);
    inits = new Map();
    changes = new Map();
  };
  for (const recorded of events) {
    const event = StockEvent.parse({ type: recorded.type, data: recorded.data });
    const at = recorded.metadata.occurredAt;
    const { skuId } = event.data;
    if (event.type === 'StockInitialised') {
      if (changes.has(skuId)) await flush();
      if (!inits.has(skuId)) inits.set(skuId, { skuId, quantity: event.data.quantity, at });
      continue;
    }
    const held = event.type === 'StockReserved' ? event.data.number : event.type === 'StockReleased' ? -event.data.number : 0;
    const before = changes.get(skuId);
    changes.set(skuId, { skuId, available: event.data.available, held: (before?.held ?? 0) + held, at });
  }
  await flush();
}

async function writeStock(tx: pg.PoolClient, s: string, inits: Initialised[], changes: Changed[]): Promise<void> {
  if (inits.length > 0) {
    await tx.query(
      `insert into ${s}.sku_stock (sku_id, available, reserved, updated_at)
       select sku_id, quantity, 0, at from unnest($1::bigint[], $2::integer[], $3::timestamptz[]) as x(sku_id, quantity, at)
       on conflict (sku_id) do nothing`,
      [inits.map((i) => i.skuId), inits.map((i) => i.quantity), inits.map((i) => i.at)]);
  }
  if (changes.length > 0) {
    await tx.query(
      `update ${s}.sku_stock t set available = x.available, reserved = t.reserved + x.held, updated_at = x.at
       from unnest($1::bigint[], $2::integer[], $3::integer[], $4::timestamptz[]) as x(sku_id, available, held, at)
       where t.sku_id = x.sku_id`,
      [changes.map((c) => c.skuId), changes.map((c) => c.available), changes.map((c) => c.held), changes.map((c) => c.at)]);
  }
}

/** Activity sales only add up: a batch's quota events summed per (kind, activity, SKU), one upsert. */
async function applyQuotas(tx: pg.PoolClient, s: string, events: readonly RecordedEvent[]): Promise<void> {
  const sold = new Map<string, { kind: string; activityId: number; skuId: number; number: number }>();
  for (const recorded of events) {
    const event = ActivityQuotaEvent.parse({ type: recorded.type, data: recorded.data });
    const { kind, activityId, lines } = event.data;
    const sign = event.type === 'ActivityQuotaReserved' ? 1 : -1;
    for (const line of lines) {
      const key = `${kind}\n${activityId}\n${line.skuId}`;
      const entry = sold.get(key) ?? { kind, activityId, skuId: line.skuId, number: 0 };
      entry.number += sign * line.number;
      sold.set(key, entry);
    }
  }
  if (sold.size === 0) return;
  const rows = [...sold.values()];
  await tx.query(
    `insert into ${s}.activity_sales (kind, activity_id, sku_id, sold)
     select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::integer[])
     on conflict (kind, activity_id, sku_id) do update set sold = ${s}.activity_sales.sold + excluded.sold`,
    [rows.map((r) => r.kind), rows.map((r) => r.activityId), rows.map((r) => r.skuId), rows.map((r) => r.number)]);
}

/** Event types are matched together with their stream category: another slice may reuse a name elsewhere. */
async function applyStockBatch(tx: pg.PoolClient, events: readonly RecordedEvent[], schema: string): Promise<void> {
  const stock = events.filter((event) => streamCategory(event.streamId) === 'sku');
  const quotas = events.filter((event) => streamCategory(event.streamId).endsWith('-quota'));
  if (stock.length > 0) await applyStock(tx, schema, stock);
  if (quotas.length > 0) await applyQuotas(tx, schema, quotas);
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
  apply: (tx, event, schema) => applyStockBatch(tx, [event], schema),
  applyBatch: applyStockBatch,
};
