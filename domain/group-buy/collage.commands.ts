import { z } from 'zod';
import { CollageLeaveReason, CollageMember } from './collage.events';

/** Collage commands: opened and joined at order submit, paid from the payment process, failed by the scheduler. */
const Id = z.number().int().positive();

export const OpenCollage = z.object({
  type: z.literal('OpenCollage'),
  data: z.object({
    collageId: Id,
    shopGroupWorkId: Id,
    shopId: Id,
    productId: Id,
    skuId: Id,
    size: z.number().int().min(2),
    /** the activity's effective time in hours: the group fails that long after opening */
    effectiveHours: z.number().positive(),
    leader: CollageMember,
  }),
});
export type OpenCollage = z.infer<typeof OpenCollage>;

export const JoinCollage = z.object({ type: z.literal('JoinCollage'), data: CollageMember });
export type JoinCollage = z.infer<typeof JoinCollage>;

export const RecordMemberPayment = z.object({ type: z.literal('RecordMemberPayment'), data: z.object({ orderId: Id }) });
export type RecordMemberPayment = z.infer<typeof RecordMemberPayment>;

export const LeaveCollage = z.object({
  type: z.literal('LeaveCollage'),
  data: z.object({ orderId: Id, reason: CollageLeaveReason }),
});
export type LeaveCollage = z.infer<typeof LeaveCollage>;

/** Fired by the scheduler at the deadline; stale once the group succeeded or failed, or before the deadline. */
export const FailCollageAtDeadline = z.object({ type: z.literal('FailCollageAtDeadline'), data: z.object({}) });
export type FailCollageAtDeadline = z.infer<typeof FailCollageAtDeadline>;

export const CollageCommand = z.discriminatedUnion('type', [
  OpenCollage, JoinCollage, RecordMemberPayment, LeaveCollage, FailCollageAtDeadline,
]);
export type CollageCommand = z.infer<typeof CollageCommand>;
