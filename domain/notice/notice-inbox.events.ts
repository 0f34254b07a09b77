/**
 * The shopper's inbox over the notices they can see (我的消息; origin-contract §8 `/notice/readNotice|readAll|removeById`):
 * which they have read and which they removed from their list. Stream `notice-inbox-<userId>`; the notices themselves
 * stay on their own streams (a broadcast is read or removed per shopper, never for everyone).
 */
import { z } from 'zod';

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const NOTICES_READ = 'NoticesRead' as const;
export const NOTICES_REMOVED = 'NoticesRemoved' as const;

export const NoticesRead = z.object({ userId: Id, noticeIds: z.array(Id).min(1) });
export type NoticesRead = z.infer<typeof NoticesRead>;

export const NoticesRemoved = z.object({ userId: Id, noticeIds: z.array(Id).min(1) });
export type NoticesRemoved = z.infer<typeof NoticesRemoved>;

export type NoticeInboxEvent =
  | { type: typeof NOTICES_READ; data: NoticesRead }
  | { type: typeof NOTICES_REMOVED; data: NoticesRemoved };

export const NOTICE_INBOX_EVENT_TYPES = [NOTICES_READ, NOTICES_REMOVED] as const;

export const noticeInboxStream = (userId: number): string => `notice-inbox-${userId}`;
