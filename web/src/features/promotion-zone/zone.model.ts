import type { ActivityKind } from '../canvas/blocks/activity.model';

/** The three zones (spec §2 /rabatt, /spitze, /groupBuy; origin-contract §8): route, API call, its activity-id field. */
export const zoneRoutes: Record<ActivityKind, { path: string; endpoint: string; idField: string; title: string }> = {
  seckill: { path: '/rabatt', endpoint: '/seckill/getIndex', idField: 'shopSeckillId', title: '限时秒杀' },
  discount: { path: '/spitze', endpoint: '/discount/getIndex', idField: 'shopDiscountId', title: '限时折扣' },
  group: { path: '/groupBuy', endpoint: '/work/getIndex', idField: 'shopGroupWorkId', title: '拼团' },
};

export const EMPTY_ZONE = '该活动没有商品～';

/** The jump helpers' query (origin: jumpSeckills/jumpDiscount/jumpGroupWorks push {shopId, id}); none = platform entry. */
export function zoneHref(kind: ActivityKind, shopId?: number, activityId?: number): string {
  const query = new URLSearchParams();
  if (shopId) query.set('shopId', String(shopId));
  if (activityId) query.set('id', String(activityId));
  const text = query.toString();
  return text ? `${zoneRoutes[kind].path}?${text}` : zoneRoutes[kind].path;
}

/** Spec §4: only flash sales and timed discounts count down; a group buy's time is its groups' own. */
export const countsDown = (kind: ActivityKind): boolean => kind !== 'group';
