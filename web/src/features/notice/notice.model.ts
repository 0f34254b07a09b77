import type { NoticeType } from '../../../../domain/notice/notice.events';

/** Spec §3 Notice, as /notice/getAll and /notice/getById answer it. */
export interface Notice {
  noticeId: number;
  noticeType: NoticeType;
  noticeTitle: string;
  noticeContent: string;
  jump: number;
  only: number;
  createTime: string;
  /** 1 read, 0 unread (for a signed-in shopper). */
  ifRead?: number;
}

export const NOTICE_PAGE_SIZE = 10;

const typeLabels: Record<NoticeType, string> = { 1: '系统通知', 2: '平台公告', 3: '站内信' };

export const noticeTypeLabel = (type: NoticeType): string => typeLabels[type] ?? '通知';

/** Spec §4: jump 0/1 open the notice detail, 2 the order the notice is about; 3 (after-sale letters) the after-sale. */
export function noticeHref(notice: Pick<Notice, 'noticeId' | 'jump' | 'only'>): string {
  if (notice.jump === 2 && notice.only > 0) return `/orderDetail?orderId=${notice.only}&noticeId=${notice.noticeId}`;
  if (notice.jump === 3 && notice.only > 0) return `/afterSale?state=2&afterId=${notice.only}`;
  return `/notificationDetails?id=${notice.noticeId}`;
}
