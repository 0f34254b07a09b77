import { z } from 'zod';

/** Notice types (origin-contract §12): 1 系统, 2 公告, 3 站内信. jump: 0/1 notice detail, 2 order detail. */
export const NoticeType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type NoticeType = z.infer<typeof NoticeType>;

export const NoticePublished = z.object({
  noticeId: z.number().int().positive(),
  noticeType: NoticeType,
  noticeTitle: z.string().min(1).max(100),
  noticeContent: z.string().max(20000),
  jump: z.number().int().min(0).max(2),
  /** Target id for jump (order id for jump 2), 0 when none. */
  only: z.number().int().min(0),
  /** Addressee of a 站内信 (type 3); absent = everyone. */
  userId: z.number().int().positive().optional(),
});
export type NoticePublished = z.infer<typeof NoticePublished>;

export const noticeStream = (noticeId: number): string => `notice-${noticeId}`;
export const NOTICE_PUBLISHED = 'NoticePublished' as const;
