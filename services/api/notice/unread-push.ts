/**
 * 我的消息's unread count on the shopper's channel `user:<id>` as `{notRead}`, derived from the log
 * (services/realtime/push-feed.ts) once the notices and inbox read models applied it: a station letter addressed to
 * the shopper (NoticePublished with a userId), notices read or removed (any tab, any instance). The menu and top-bar
 * badges follow. Broadcast announcements make no push (they would be one per shopper).
 */
import { NOTICE_PUBLISHED } from '../../../domain/notice/notice.events';
import { NOTICE_INBOX_EVENT_TYPES } from '../../../domain/notice/notice-inbox.events';
import type { Queryable } from '../../db/database';
import { streamCategory, type RecordedEvent } from '../../event-store/event-store.port';
import { lastPerKey, type ChannelPush, type PushSource } from '../../realtime/push-source';
import { countUnread } from './notice.queries';

export const userChannel = (userId: number): string => `user:${userId}`;

/** The shopper whose unread count the event changes; null for a broadcast or another stream's event of that name. */
function addressee(event: RecordedEvent): number | null {
  const category = streamCategory(event.streamId);
  if (category !== 'notice' && category !== 'notice-inbox') return null;
  const userId = (event.data as { userId?: unknown }).userId;
  return typeof userId === 'number' && Number.isSafeInteger(userId) && userId > 0 ? userId : null;
}

export function unreadPushes(db: Queryable): PushSource {
  return {
    name: 'unread-notices',
    handles: [NOTICE_PUBLISHED, ...NOTICE_INBOX_EVENT_TYPES],
    projections: ['notices', 'notice_inbox'],
    async pushes(events) {
      const pushes: ChannelPush[] = [];
      for (const [userId, last] of lastPerKey(events, addressee)) {
        pushes.push({ channel: userChannel(userId), payload: { notRead: await countUnread(db, userId) }, position: last.position });
      }
      return pushes;
    },
  };
}
