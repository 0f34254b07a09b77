/**
 * A shopper's inbox. The caller names only notices the shopper can see (a broadcast or one addressed to them); a
 * notice they removed is gone for them: reading or removing it again answers like a missing one. Reading what is
 * read already changes nothing, so 全部已读 twice records one fact.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import { NOTICES_READ, NOTICES_REMOVED, type NoticeInboxEvent } from './notice-inbox.events';

export interface NoticeInboxState { readonly read: ReadonlySet<number>; readonly removed: ReadonlySet<number> }

export type NoticeInboxCommand =
  | { type: 'ReadNotices'; userId: number; noticeIds: readonly number[] }
  | { type: 'RemoveNotices'; userId: number; noticeIds: readonly number[] };

export const noticeInboxDecider: Decider<NoticeInboxCommand, NoticeInboxEvent, NoticeInboxState> = {
  initialState: { read: new Set(), removed: new Set() },

  evolve(state, event) {
    switch (event.type) {
      case NOTICES_READ:
        return { ...state, read: new Set([...state.read, ...event.data.noticeIds]) };
      case NOTICES_REMOVED:
        return { ...state, removed: new Set([...state.removed, ...event.data.noticeIds]) };
      default: {
        const never: never = event;
        return never;
      }
    }
  },

  decide(command, state) {
    const ids = [...new Set(command.noticeIds)];
    if (ids.some((id) => state.removed.has(id))) return fail('messageNotFound');
    switch (command.type) {
      case 'ReadNotices': {
        const unread = ids.filter((id) => !state.read.has(id));
        return unread.length === 0 ? [] : [{ type: NOTICES_READ, data: { userId: command.userId, noticeIds: unread } }];
      }
      case 'RemoveNotices':
        return ids.length === 0 ? [] : [{ type: NOTICES_REMOVED, data: { userId: command.userId, noticeIds: ids } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
