import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/page';
import { NOTICE_PAGE_SIZE, type Notice } from '../notice.model';

/** The home page's 平台公告 board: announcements (type 2) only, never a shopper's own messages. */
export const getAnnouncementPage = (page: number, signal?: AbortSignal): Promise<Page<Notice>> =>
  api.get<Page<Notice>>('/notice/getAll', { page, pageSize: NOTICE_PAGE_SIZE, noticeType: 2 }, signal);

/** 我的消息: everything the shopper sees (system notices, announcements, their 站内信) with ifRead. */
export const getMessagePage = (page: number, signal?: AbortSignal): Promise<Page<Notice>> =>
  api.get<Page<Notice>>('/notice/getAll', { page, pageSize: NOTICE_PAGE_SIZE }, signal);
