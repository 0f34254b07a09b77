import { noticeInboxDecider } from '../../../domain/notice/notice-inbox.decider';
import type { NoticeInboxEvent } from '../../../domain/notice/notice-inbox.events';
import { given, rejectionOf } from '../support/decider-spec';

const now = new Date('2025-03-01T08:00:00.000Z');
const inbox = (...history: NoticeInboxEvent[]) => given(noticeInboxDecider, history);
const read = (...noticeIds: number[]): NoticeInboxEvent => ({ type: 'NoticesRead', data: { userId: 7, noticeIds } });
const removed = (...noticeIds: number[]): NoticeInboxEvent => ({ type: 'NoticesRemoved', data: { userId: 7, noticeIds } });

describe('a shopper with two messages read', () => {
  const history = [read(1, 2)];

  it('reads only the ones still unread, once each', () => {
    expect(inbox(...history).when({ type: 'ReadNotices', userId: 7, noticeIds: [2, 3, 3, 4] }, now).events).toEqual([read(3, 4)]);
  });

  it('records nothing when everything named is read already', () => {
    expect(inbox(...history).when({ type: 'ReadNotices', userId: 7, noticeIds: [1, 2] }, now).events).toEqual([]);
  });

  it('removes messages, read or not', () => {
    expect(inbox(...history).when({ type: 'RemoveNotices', userId: 7, noticeIds: [1, 5] }, now).events).toEqual([removed(1, 5)]);
  });
});

describe('a shopper who removed a message', () => {
  it('answers it as missing when read or removed again, recording nothing', () => {
    for (const type of ['ReadNotices', 'RemoveNotices'] as const) {
      const outcome = inbox(removed(9)).when({ type, userId: 7, noticeIds: [8, 9] }, now);
      expect(outcome.events).toEqual([]);
      expect(rejectionOf(outcome)).toEqual({ code: '30002', message: '消息不存在或已删除' });
    }
  });
});
