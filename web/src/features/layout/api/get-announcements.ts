import { api } from '../../../lib/api-client';

/** The top-bar carousel's items: all announcements, newest first. */
export interface Announcement {
  noticeId: number;
  noticeTitle: string;
  noticeType: number;
  createTime: string;
}

export const getAnnouncements = (signal?: AbortSignal): Promise<Announcement[]> =>
  api.get<Announcement[]>('/notice/getGongGaoAll', undefined, signal);
