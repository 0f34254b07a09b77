/**
 * The flash sales of the `flash` benchmark, appended as the demo seed appends its catalogue (ProductListed and
 * PromotionScheduled events; ids far from the seed's): two one-SKU products of the demo's first shop, each in its own
 * 秒杀 running now, one per shopper (limitNumber 1), 100 to sell through a different gate:
 * - `activity`: SKU stock 1,000, activity stock (limitStock) 100 — the activity quota refuses: 活动商品已售罄;
 * - `stock`: SKU stock 100, no activity stock of its own (limitStock 0) — the SKU's stock refuses: 商品库存不足.
 */
import { randomUUID } from 'node:crypto';
import { CatalogEvents, catalogStreams, type CatalogEventType } from '../../../domain/catalog/catalog.events';
import { demoProduct } from '../../../services/ops/seed/catalog/demo-products';
import type { Runtime } from '../../../services/runtime';
import type { BuyLine } from './demo-skus';

export const FLASH_UNITS = 100;
const HOUR_MS = 3600_000;

export type FlashGate = 'activity' | 'stock';
export interface FlashSale extends BuyLine { gate: FlashGate; productId: number; shopSeckillId: number }

const SALES: Record<FlashGate, { productId: number; skuId: number; activityId: number; skuStock: number; limitStock: number }> = {
  activity: { productId: 990_001, skuId: 99_000_101, activityId: 901, skuStock: 10 * FLASH_UNITS, limitStock: FLASH_UNITS },
  stock: { productId: 990_002, skuId: 99_000_201, activityId: 902, skuStock: FLASH_UNITS, limitStock: 0 },
};

const template = demoProduct(1002);

function eventsOf(gate: FlashGate, now: Date): Array<[string, CatalogEventType, unknown]> {
  const s = SALES[gate];
  const listPrice = template.skus[0].price;
  const product = {
    ...template, productId: s.productId, productName: `压测秒杀商品${gate === 'activity' ? 'A' : 'B'}`, names: [],
    skus: [{ ...template.skus[0], skuId: s.skuId, valueCodes: [], stock: s.skuStock }],
  };
  const promotion = {
    kind: 'seckill', activityId: s.activityId, shopId: template.shopId, activityName: `压测秒杀${s.activityId}`,
    startTime: new Date(now.getTime() - HOUR_MS).toISOString(), endTime: new Date(now.getTime() + 23 * HOUR_MS).toISOString(),
    limitNumber: 1, person: 0, effectiveHours: 0, ifAdd: 0,
    items: [{ productId: s.productId, skuId: s.skuId, price: Math.round(listPrice * 0.5), limitStock: s.limitStock }],
  };
  return [
    [catalogStreams.product(s.productId), 'ProductListed', product],
    [catalogStreams.promotion('seckill', s.activityId), 'PromotionScheduled', promotion],
  ];
}

/** Appends both flash sales and waits until the read models have them. */
export async function appendFlashSales(runtime: Runtime): Promise<Record<FlashGate, FlashSale>> {
  const now = runtime.clock();
  const recorded = [];
  for (const gate of Object.keys(SALES) as FlashGate[]) {
    for (const [stream, type, data] of eventsOf(gate, now)) {
      const result = await runtime.store.appendToStream(stream, [{
        type, data: CatalogEvents[type].parse(data),
        metadata: { eventId: randomUUID(), actor: { kind: 'merchant', id: String(template.shopId) }, occurredAt: now.toISOString(), schemaVersion: 1 },
      }], { expectedRevision: 'no_stream' });
      recorded.push(...result.events);
    }
  }
  if (!(await runtime.projections.waitFor(recorded, { timeoutMs: 60_000 }))) throw new Error('flash sales not projected in 60 s');
  const sale = (gate: FlashGate): FlashSale => ({
    gate, productId: SALES[gate].productId, skuId: SALES[gate].skuId, shopId: template.shopId, shopSeckillId: SALES[gate].activityId,
  });
  return { activity: sale('activity'), stock: sale('stock') };
}
