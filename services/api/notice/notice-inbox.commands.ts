/**
 * Inbox writes: only notices the shopper sees may be named (others answer 消息不存在, nothing recorded); the command
 * is decided on `notice-inbox-<userId>` and the read model is waited for. The new unread count reaches the shopper's
 * channel `user:<id>` as `{notRead}` from the log (unread-push.ts), on every instance.
 */
import { noticeInboxDecider } from '../../../domain/notice/notice-inbox.decider';
import { noticeInboxStream } from '../../../domain/notice/notice-inbox.events';
import { DomainError } from '../../../domain/shared/errors';
import type { WaitFor } from '../../../projections/runner/wait-for';
import { handleCommand } from '../../commands/handle-command';
import type { Queryable } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import type { RealtimeHub } from '../../realtime/hub';
import { countUnread, unreadNoticeIds, visibleNoticeIds } from './notice.queries';

export interface NoticeInboxDeps { db: Queryable; store: EventStore; waitFor: WaitFor; hub: RealtimeHub; clock: () => Date }

export async function runInboxCommand(
  deps: NoticeInboxDeps, userId: number, type: 'ReadNotices' | 'RemoveNotices', ids: readonly number[] | 'all',
): Promise<{ notRead: number }> {
  const { db } = deps;
  let noticeIds: readonly number[];
  if (ids === 'all') {
    noticeIds = await unreadNoticeIds(db, userId);
  } else {
    const visible = await visibleNoticeIds(db, userId, ids);
    if (ids.some((id) => !visible.has(id))) throw new DomainError('messageNotFound');
    noticeIds = ids;
  }
  if (noticeIds.length === 0) return { notRead: await countUnread(db, userId) };
  const result = await handleCommand({
    store: deps.store, streamId: noticeInboxStream(userId), decider: noticeInboxDecider,
    command: { type, userId, noticeIds }, now: deps.clock(), actor: { kind: 'user', id: String(userId) },
    retryOnConflict: true,
  });
  if (result.events.length === 0) return { notRead: await countUnread(db, userId) };
  await deps.waitFor(result, { projections: ['notice_inbox'] });
  return { notRead: await countUnread(db, userId) };
}
