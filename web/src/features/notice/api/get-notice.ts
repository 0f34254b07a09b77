import { api } from '../../../lib/api-client';
import type { Notice } from '../notice.model';

export const getNotice = (noticeId: number, signal?: AbortSignal): Promise<Notice> =>
  api.get<Notice>('/notice/getById', { noticeId }, signal);
