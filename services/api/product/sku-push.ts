/**
 * Pushes on `sku:<skuId>` (DESIGN.md §9), derived from the log (services/realtime/push-feed.ts) once the `stock` read
 * model applied a reservation, release or restock of the SKU, or of an activity's quota on it:
 * `{skuId, stockNumber, activities: [{kind, activityId, sold}]}` as the read model has it (stock left; units an
 * activity sold — 已抢 against its 限量). Product detail and the promotion zones refetch on it.
 */
import { activityQuotaEventTypes, ActivityQuotaEvent } from '../../../domain/stock/activity-quota.events';
import { stockEventTypes } from '../../../domain/stock/stock.events';
import type { Queryable } from '../../db/database';
import { streamCategory, type LogPosition, type RecordedEvent } from '../../event-store/event-store.port';
import type { ChannelPush, PushSource } from '../../realtime/push-source';

export const skuChannel = (skuId: number): string => `sku:${skuId}`;

export interface SkuPush { skuId: number; stockNumber: number; activities: Array<{ kind: string; activityId: number; sold: number }> }

/** The SKUs an event of the stock streams touched. */
function skusOf(event: RecordedEvent): number[] {
  const category = streamCategory(event.streamId);
  if (category === 'sku') return [Number((event.data as { skuId: number }).skuId)];
  if (category.endsWith('-quota')) return ActivityQuotaEvent.parse({ type: event.type, data: event.data }).data.lines.map((l) => l.skuId);
  return [];
}

export function skuPushes(db: Queryable): PushSource {
  return {
    name: 'sku',
    handles: [...stockEventTypes, ...activityQuotaEventTypes],
    projections: ['stock'],
    async pushes(events) {
      const last = new Map<number, LogPosition>();
      for (const event of events) for (const skuId of skusOf(event)) last.set(skuId, event.position);
      if (last.size === 0) return [];
      const skuIds = [...last.keys()];
      const [stock, sales] = await Promise.all([
        db.query<{ sku_id: string; stock: number }>(
          `select s.sku_id, coalesce(st.available, s.stock) as stock
             from skus s left join sku_stock st on st.sku_id = s.sku_id where s.sku_id = any($1::bigint[])`, [skuIds]),
        db.query<{ sku_id: string; kind: string; activity_id: string; sold: number }>(
          'select sku_id, kind, activity_id, sold from activity_sales where sku_id = any($1::bigint[]) order by kind, activity_id',
          [skuIds]),
      ]);
      const pushes: ChannelPush[] = [];
      for (const row of stock.rows) {
        const skuId = Number(row.sku_id);
        const payload: SkuPush = {
          skuId,
          stockNumber: Number(row.stock),
          activities: sales.rows.filter((s) => Number(s.sku_id) === skuId)
            .map((s) => ({ kind: s.kind, activityId: Number(s.activity_id), sold: Number(s.sold) })),
        };
        pushes.push({ channel: skuChannel(skuId), payload, position: last.get(skuId) as LogPosition });
      }
      return pushes;
    },
  };
}

/** The `sku` channel policy: stock is public, anyone may follow it (visitors without a session too). */
export const anyoneMayFollowStock = (): boolean => true;
