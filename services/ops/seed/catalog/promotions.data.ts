/**
 * Demo promotions, live relative to the seeding moment: flash sales (one starts in 2 hours to show 预热), timed
 * discounts and group buys (2–3 people, 24 hours to form). Each takes a few in-stock SKUs of its shop's products at an
 * activity price; a SKU is in at most one activity.
 */
import type { PromotionScheduled } from '../../../../domain/catalog/catalog.events';
import { floorToMinute, HOUR_MS, isoAt } from './catalog-clock';
import { demoProduct } from './demo-products';

interface PromotionSeed {
  kind: PromotionScheduled['kind'];
  activityId: number;
  shopId: number;
  activityName: string;
  /** Hours from now. */
  from: number;
  to: number;
  limitNumber: number;
  person?: number;
  ifAdd: 0 | 1;
  /** Product, how many of its SKUs, the activity price as a share of the list price, activity stock per SKU. */
  items: [productId: number, skus: number, share: number, limitStock: number][];
}

const seeds: PromotionSeed[] = [
  { kind: 'seckill', activityId: 1, shopId: 1, activityName: '数码限时秒杀', from: -1, to: 23, limitNumber: 1, ifAdd: 0,
    items: [[1002, 2, 0.8, 30], [1006, 2, 0.7, 50], [1008, 1, 0.7, 50]] },
  { kind: 'seckill', activityId: 2, shopId: 9, activityName: '鲜果整点秒杀', from: -2, to: 6, limitNumber: 2, ifAdd: 1,
    items: [[5001, 2, 0.75, 100], [5002, 2, 0.8, 80], [5007, 1, 0.8, 60]] },
  { kind: 'seckill', activityId: 3, shopId: 3, activityName: '女装新品秒杀', from: 2, to: 26, limitNumber: 1, ifAdd: 0,
    items: [[2004, 3, 0.6, 20], [2009, 2, 0.6, 20]] },
  { kind: 'discount', activityId: 1, shopId: 3, activityName: '冬装限时折扣', from: -24, to: 72, limitNumber: 0, ifAdd: 1,
    items: [[2002, 4, 0.8, 200], [2006, 4, 0.8, 200]] },
  { kind: 'discount', activityId: 2, shopId: 14, activityName: '美妆限时特惠', from: -3, to: 48, limitNumber: 3, ifAdd: 0,
    items: [[8001, 2, 0.85, 150], [8005, 2, 0.85, 150], [8008, 4, 0.8, 100]] },
  { kind: 'discount', activityId: 3, shopId: 12, activityName: '杯具好物折扣', from: -24, to: 120, limitNumber: 0, ifAdd: 1,
    items: [[6016, 3, 0.75, 100], [6019, 3, 0.8, 100]] },
  { kind: 'group-work', activityId: 1, shopId: 7, activityName: '坚果两人团', from: -24, to: 168, limitNumber: 5, person: 2, ifAdd: 0,
    items: [[4001, 2, 0.75, 300], [4002, 3, 0.8, 300], [4003, 2, 0.8, 300]] },
  { kind: 'group-work', activityId: 2, shopId: 15, activityName: '母婴三人团', from: -24, to: 168, limitNumber: 2, person: 3, ifAdd: 0,
    items: [[9002, 3, 0.7, 100], [9008, 1, 0.75, 100], [9011, 4, 0.7, 100]] },
  { kind: 'group-work', activityId: 3, shopId: 5, activityName: '跑鞋拼团', from: -2, to: 120, limitNumber: 1, person: 2, ifAdd: 1,
    items: [[3001, 6, 0.7, 50], [3003, 4, 0.75, 50]] },
];

const roundTo10Fen = (fen: number): number => Math.max(10, Math.round(fen / 10) * 10);

function itemsOf(seed: PromotionSeed): PromotionScheduled['items'] {
  return seed.items.flatMap(([productId, count, share, limitStock]) => {
    const product = demoProduct(productId);
    if (product.shopId !== seed.shopId) throw new Error(`product ${productId} is not sold by shop ${seed.shopId}`);
    return product.skus.filter((sku) => sku.stock > 0).slice(0, count).map((sku) => ({
      productId, skuId: sku.skuId, price: roundTo10Fen(sku.price * share), limitStock: Math.min(limitStock, sku.stock),
    }));
  });
}

export function demoPromotions(now: Date): PromotionScheduled[] {
  const base = floorToMinute(now);
  return seeds.map((seed) => ({
    kind: seed.kind,
    activityId: seed.activityId,
    shopId: seed.shopId,
    activityName: seed.activityName,
    startTime: isoAt(base, seed.from * HOUR_MS),
    endTime: isoAt(base, seed.to * HOUR_MS),
    limitNumber: seed.limitNumber,
    person: seed.person ?? 0,
    effectiveHours: seed.kind === 'group-work' ? 24 : 0,
    ifAdd: seed.ifAdd,
    items: itemsOf(seed),
  }));
}

/** Ids of the live and upcoming activities the layouts point at. */
export const promotionIds = {
  seckill: seeds.filter((s) => s.kind === 'seckill').map((s) => ({ id: s.activityId, shopId: s.shopId, name: s.activityName })),
  discount: seeds.filter((s) => s.kind === 'discount').map((s) => ({ id: s.activityId, shopId: s.shopId, name: s.activityName })),
  groupWork: seeds.filter((s) => s.kind === 'group-work').map((s) => ({ id: s.activityId, shopId: s.shopId, name: s.activityName })),
};

