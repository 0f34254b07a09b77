/**
 * Which activity a SKU is in, as of the API's clock (contract: domain/catalog/detail.contract.ts). Among the
 * promotions that have not ended: running before upcoming (预热), then group buy → flash sale → discount
 * (origin-contract §3), then the earliest start. Running: activity price, countdown to the end; upcoming:
 * normal price, ifEnable 1, countdown to the start.
 */
import { activityTypeOf, type SkuActivity } from '../../../domain/catalog/detail.contract';
import { formatShanghai } from '../../../domain/shared/time';

export type PromotionKind = 'seckill' | 'discount' | 'group-work';

/** One SKU of one activity, joined with its activity (promotion_items ⋈ promotions). */
export interface PromotionItem {
  kind: PromotionKind;
  activityId: number;
  skuId: number;
  productId: number;
  shopId: number;
  /** Activity price, fen. */
  price: number;
  /** the activity's own stock of this SKU (0 = none) and the units of it held by live orders (stock read model) */
  limitStock: number;
  sold: number;
  startTime: Date;
  endTime: Date;
  activityName: string;
  limitNumber: number;
  person: number;
  effectiveHours: number;
  ifAdd: 0 | 1;
}

const KIND_RANK: Record<PromotionKind, number> = { 'group-work': 0, seckill: 1, discount: 2 };

export const isRunning = (item: Pick<PromotionItem, 'startTime' | 'endTime'>, now: Date): boolean =>
  item.startTime.getTime() <= now.getTime() && now.getTime() < item.endTime.getTime();

/** The activity that applies to a SKU now, from the SKU's promotion items (any order, ended ones ignored). */
export function resolveActivity(items: readonly PromotionItem[], now: Date): PromotionItem | null {
  const live = items.filter((item) => item.endTime.getTime() > now.getTime());
  live.sort((a, b) => Number(isRunning(b, now)) - Number(isRunning(a, now))
    || KIND_RANK[a.kind] - KIND_RANK[b.kind]
    || a.startTime.getTime() - b.startTime.getTime()
    || a.activityId - b.activityId);
  return live[0] ?? null;
}

/** What is left of an activity's own stock (limitStockNumber): never below 0; 0 when it has none. */
export const limitStockLeft = (item: Pick<PromotionItem, 'limitStock' | 'sold'>): number =>
  Math.max(0, item.limitStock - item.sold);

/** ms until the next boundary: the end when running, the start when upcoming, 0 when over. */
export const countdownOf = (item: Pick<PromotionItem, 'startTime' | 'endTime'>, now: Date): number =>
  Math.max(0, (isRunning(item, now) ? item.endTime.getTime() : item.startTime.getTime()) - now.getTime());

export const NO_ACTIVITY: SkuActivity = {
  activityType: 0, activityName: '', shopGroupWorkId: 0, shopSeckillId: 0, shopDiscountId: 0, startTime: '', endTime: '',
  time: 0, ifEnable: 0, person: 0, activityPrice: 0, limitNumber: 0, limitStockNumber: 0, userLimit: 0, ifAdd: 1,
};

export const activityIds = (kind: PromotionKind, activityId: number) => ({
  shopGroupWorkId: kind === 'group-work' ? activityId : 0,
  shopSeckillId: kind === 'seckill' ? activityId : 0,
  shopDiscountId: kind === 'discount' ? activityId : 0,
});

export function skuActivityOf(item: PromotionItem | null, now: Date): SkuActivity {
  if (!item) return NO_ACTIVITY;
  return {
    activityType: activityTypeOf[item.kind],
    activityName: item.activityName,
    ...activityIds(item.kind, item.activityId),
    startTime: formatShanghai(item.startTime),
    endTime: formatShanghai(item.endTime),
    time: countdownOf(item, now),
    ifEnable: isRunning(item, now) ? 0 : 1,
    person: item.kind === 'group-work' ? item.person : 0,
    activityPrice: item.price / 100,
    limitNumber: item.limitStock,
    limitStockNumber: limitStockLeft(item),
    userLimit: item.limitNumber,
    ifAdd: item.ifAdd,
  };
}

/** What a SKU costs now: the activity price only while its activity runs. */
export const effectivePriceFen = (normalFen: number, item: PromotionItem | null, now: Date): number =>
  (item && isRunning(item, now) ? item.price : normalFen);
