import { z } from 'zod';

/**
 * Group-buy (collage, 拼单) events (stream `collage-<collageId>`). A leader opens a group of N for a group-work
 * activity; members join with their own orders and pay; the group succeeds when the N-th member pays and fails
 * at its deadline (or when the leader leaves). Times ISO strings.
 */
const Id = z.number().int().positive();
const Instant = z.iso.datetime({ offset: true });

export const CollageMember = z.object({ userId: Id, orderId: Id, headImage: z.string() });
export type CollageMember = z.infer<typeof CollageMember>;

export const CollageOpened = z.object({
  type: z.literal('CollageOpened'),
  data: z.object({
    collageId: Id,
    shopGroupWorkId: Id,
    shopId: Id,
    productId: Id,
    skuId: Id,
    /** members needed, the leader included (person) */
    size: z.number().int().min(2),
    leader: CollageMember,
    openedAt: Instant,
    /** openedAt + the activity's effective hours */
    deadline: Instant,
  }),
});
export type CollageOpened = z.infer<typeof CollageOpened>;

export const CollageMemberJoined = z.object({
  type: z.literal('CollageMemberJoined'),
  data: CollageMember.extend({ joinedAt: Instant }),
});
export type CollageMemberJoined = z.infer<typeof CollageMemberJoined>;

export const CollageMemberPaid = z.object({
  type: z.literal('CollageMemberPaid'),
  data: z.object({ orderId: Id, paidAt: Instant }),
});
export type CollageMemberPaid = z.infer<typeof CollageMemberPaid>;

export const CollageLeaveReason = z.enum(['cancelled', 'unpaid-timeout']);
export type CollageLeaveReason = z.infer<typeof CollageLeaveReason>;

export const CollageMemberLeft = z.object({
  type: z.literal('CollageMemberLeft'),
  data: z.object({ orderId: Id, reason: CollageLeaveReason, leftAt: Instant }),
});
export type CollageMemberLeft = z.infer<typeof CollageMemberLeft>;

export const CollageSucceeded = z.object({
  type: z.literal('CollageSucceeded'),
  /** the paid members' orders, which move from 6 待成团 to 2 待发货 */
  data: z.object({ orderIds: z.array(Id), succeededAt: Instant }),
});
export type CollageSucceeded = z.infer<typeof CollageSucceeded>;

export const CollageFailReason = z.enum(['deadline', 'leader-left']);
export type CollageFailReason = z.infer<typeof CollageFailReason>;

export const CollageFailed = z.object({
  type: z.literal('CollageFailed'),
  /** every member order still in the group: closed, the paid ones refunded */
  data: z.object({ reason: CollageFailReason, orderIds: z.array(Id), failedAt: Instant }),
});
export type CollageFailed = z.infer<typeof CollageFailed>;

export const CollageEvent = z.discriminatedUnion('type', [
  CollageOpened, CollageMemberJoined, CollageMemberPaid, CollageMemberLeft, CollageSucceeded, CollageFailed,
]);
export type CollageEvent = z.infer<typeof CollageEvent>;
export const collageEventTypes: readonly CollageEvent['type'][] = CollageEvent.options.map((o) => o.shape.type.value);
