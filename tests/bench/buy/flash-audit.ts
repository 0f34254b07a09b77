/**
 * Zero oversell, checked from the event store and the read models after a flash: the SKU's stream and the activity
 * quota's stream replayed event by event through their deciders (available never below 0, activity units sold never
 * above the activity stock), the live reservations left on each, the orders read model (orders under the activity,
 * one per buyer) and the stock read model.
 */
import { activityQuotaDecider, soldOf } from '../../../domain/stock/activity-quota.decider';
import { activityQuotaStream, type ActivityQuotaEvent } from '../../../domain/stock/activity-quota.events';
import { stockDecider } from '../../../domain/stock/stock.decider';
import { skuStream, type StockEvent } from '../../../domain/stock/stock.events';
import { toDomainEvent } from '../../../services/commands/command-events';
import type { Runtime } from '../../../services/runtime';
import type { FlashSale } from './flash-fixture';

export interface FlashAudit {
  /** Orders under the activity in the orders read model, and their distinct shoppers. */
  orders: number;
  buyers: number;
  /** SKU stream: units held by live reservations at the end, the lowest `available` on the way, and at the end. */
  skuReserved: number;
  skuMinAvailable: number;
  skuAvailable: number;
  /** Activity quota stream: units sold at the end and the most ever sold at once. */
  quotaSold: number;
  quotaMaxSold: number;
  /** The stock read model's available units. */
  readModelAvailable: number | null;
}

async function skuAudit(runtime: Runtime, skuId: number) {
  let state = stockDecider.initialState;
  let min = Number.POSITIVE_INFINITY;
  for (const recorded of await runtime.store.readStream(skuStream(skuId))) {
    state = stockDecider.evolve(state, toDomainEvent<StockEvent>(recorded));
    min = Math.min(min, state.available);
  }
  const reserved = [...state.reservations.values()].reduce((sum, units) => sum + units, 0);
  return { skuReserved: reserved, skuMinAvailable: Number.isFinite(min) ? min : state.available, skuAvailable: state.available };
}

async function quotaAudit(runtime: Runtime, sale: FlashSale) {
  let state = activityQuotaDecider.initialState;
  let max = 0;
  for (const recorded of await runtime.store.readStream(activityQuotaStream('seckill', sale.shopSeckillId))) {
    state = activityQuotaDecider.evolve(state, toDomainEvent<ActivityQuotaEvent>(recorded));
    max = Math.max(max, soldOf(state, sale.skuId));
  }
  return { quotaSold: soldOf(state, sale.skuId), quotaMaxSold: max };
}

export async function auditFlash(runtime: Runtime, sale: FlashSale): Promise<FlashAudit> {
  const { rows } = await runtime.db.query<{ orders: string; buyers: string }>(
    'select count(*) as orders, count(distinct user_id) as buyers from orders where shop_seckill_id = $1', [sale.shopSeckillId]);
  const stock = await runtime.db.query<{ available: number }>('select available from sku_stock where sku_id = $1', [sale.skuId]);
  return {
    orders: Number(rows[0].orders),
    buyers: Number(rows[0].buyers),
    ...await skuAudit(runtime, sale.skuId),
    ...await quotaAudit(runtime, sale),
    readModelAvailable: stock.rows[0]?.available ?? null,
  };
}

/**
 * Exactly `units` sold everywhere and nothing below zero; with an activity stock of its own (`activityStock`), never
 * more than `units` held on the quota at once. Without one, the quota is taken before the SKU's stock and given back
 * when the stock refuses, so more than `units` may be held for a moment: that is not a sale.
 */
export function soldExactly(audit: FlashAudit, units: number, activityStock: boolean): boolean {
  return audit.orders === units && audit.buyers === units && audit.skuReserved === units && audit.skuMinAvailable >= 0
    && audit.quotaSold === units && (!activityStock || audit.quotaMaxSold <= units) && (audit.readModelAvailable ?? 0) >= 0;
}
