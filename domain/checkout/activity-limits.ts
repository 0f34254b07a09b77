/**
 * One checkout may not hold more units of one activity than its per-person limit (限购, limitNumber; 0 = none):
 * 已超出最大限制购买数量 (80005), said at settlement as well as at submit. What the shopper bought in earlier orders is
 * counted at submit by the activity's quota stream (domain/stock/activity-quota.decider.ts), which is the truth.
 */
import { fail } from '../shared/errors';
import type { PricedLine } from './checkout-lines';

export function assertWithinActivityLimits(lines: readonly PricedLine[]): void {
  const units = new Map<string, number>();
  for (const { activity, request } of lines) {
    if (!activity || activity.limitNumber <= 0) continue;
    const key = `${activity.kind}:${activity.activityId}`;
    const total = (units.get(key) ?? 0) + request.number;
    if (total > activity.limitNumber) fail('activityLimitExceeded');
    units.set(key, total);
  }
}
