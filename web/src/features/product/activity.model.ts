import type { SkuActivity } from '../../../../domain/catalog/detail.contract';

/** Spec §9 activity labels; 0 = none. */
export const activityLabels: Record<SkuActivity['activityType'], string> = { 0: '', 1: '拼团', 2: '秒杀', 3: '限时折扣' };

export type ActivityPhase = 'none' | 'running' | 'upcoming';

/** Spec §4: ifEnable 0 = running (activity price), 1 = not yet (预热: start time shown, normal terms). */
export function activityPhase(activity: Pick<SkuActivity, 'activityType' | 'ifEnable'>): ActivityPhase {
  if (activity.activityType === 0) return 'none';
  return activity.ifEnable === 1 ? 'upcoming' : 'running';
}

/** Spec §9: limited-stock progress = (limitNumber − limitStockNumber) / limitNumber, as a whole percentage. */
export function soldPercent(activity: Pick<SkuActivity, 'limitNumber' | 'limitStockNumber'>): number {
  if (activity.limitNumber <= 0) return 0;
  const sold = Math.max(0, activity.limitNumber - activity.limitStockNumber);
  return Math.min(100, Math.round((sold / activity.limitNumber) * 100));
}

/**
 * The per-person limit (限购) the quantity stepper keeps to: a running flash sale's or discount's `userLimit`; 0 = none
 * (a group buy's limit is checked when the group is opened or joined, not buying alone).
 */
export function stepperLimit(activity: Pick<SkuActivity, 'activityType' | 'ifEnable' | 'userLimit'>): number {
  const limited = activity.activityType === 2 || activity.activityType === 3;
  return limited && activityPhase(activity) === 'running' ? activity.userLimit : 0;
}
