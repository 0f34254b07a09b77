import { z } from 'zod';

/**
 * What a promotion has sold (stream `<kind>-quota-<activityId>`: `seckill-quota-3`, `discount-quota-1`,
 * `group-work-quota-2`): the activity stock per SKU (限量) and each shopper's purchases against the per-user limit
 * (限购). Taken at submit for one order and its lines in the activity (reservationId = the orderId), given back when that order closes unpaid or is
 * cancelled. The promotion itself stays in the catalogue's stream; this one only counts.
 */
const Id = z.number().int().positive();

export const PromotionKind = z.enum(['seckill', 'discount', 'group-work']);
export type PromotionKind = z.infer<typeof PromotionKind>;

export const QuotaLine = z.object({ skuId: Id, number: z.number().int().positive() });
export type QuotaLine = z.infer<typeof QuotaLine>;

export const ActivityQuotaReserved = z.object({
  type: z.literal('ActivityQuotaReserved'),
  data: z.object({ kind: PromotionKind, activityId: Id, reservationId: Id, userId: Id, lines: z.array(QuotaLine).min(1) }),
});
export type ActivityQuotaReserved = z.infer<typeof ActivityQuotaReserved>;

export const ActivityQuotaReleased = z.object({
  type: z.literal('ActivityQuotaReleased'),
  data: z.object({
    kind: PromotionKind, activityId: Id, reservationId: Id, userId: Id, lines: z.array(QuotaLine).min(1),
    reason: z.enum(['checkout-failed', 'order-closed']),
  }),
});
export type ActivityQuotaReleased = z.infer<typeof ActivityQuotaReleased>;

export const ActivityQuotaEvent = z.discriminatedUnion('type', [ActivityQuotaReserved, ActivityQuotaReleased]);
export type ActivityQuotaEvent = z.infer<typeof ActivityQuotaEvent>;
export const activityQuotaEventTypes: readonly ActivityQuotaEvent['type'][] =
  ActivityQuotaEvent.options.map((o) => o.shape.type.value);

export const activityQuotaStream = (kind: PromotionKind, activityId: number): string => `${kind}-quota-${activityId}`;
