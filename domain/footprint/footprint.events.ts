/**
 * Browse history (足迹) as events, one stream per shopper: `footprint-<userId>`. A view is recorded at most once per
 * product per day (Asia/Shanghai); the shopper deletes entries one by one or whole days. Footprint ids count up per
 * shopper (1, 2, 3...): they only ever name entries of their own stream.
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ProductViewed = z.object({
  userId: Id,
  footprintId: Id,
  productId: Id,
  shopId: Id,
  skuId: Id,
  /** `yyyy-MM-dd` in Asia/Shanghai: the history's day group. */
  day: Day,
  viewedAt: z.string().datetime({ offset: true }),
});
export type ProductViewed = z.infer<typeof ProductViewed>;

export const FootprintsDeleted = z.object({ userId: Id, footprintIds: z.array(Id).min(1) });
export type FootprintsDeleted = z.infer<typeof FootprintsDeleted>;

export type FootprintEvent =
  | { type: 'ProductViewed'; data: ProductViewed }
  | { type: 'FootprintsDeleted'; data: FootprintsDeleted };

export const FootprintEvents = { ProductViewed, FootprintsDeleted } as const;
export const footprintEventTypes = Object.keys(FootprintEvents) as readonly FootprintEvent['type'][];

export const footprintStream = (userId: number): string => `footprint-${userId}`;
/** A day of the history as the API names it: `yyyy-MM-dd`. */
export const HistoryDay = Day;
