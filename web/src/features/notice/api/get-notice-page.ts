import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/page';
import { NOTICE_PAGE_SIZE, type Notice } from '../notice.model';

export const getNoticePage = (page: number, signal?: AbortSignal): Promise<Page<Notice>> =>
  api.get<Page<Notice>>('/notice/getAll', { page, pageSize: NOTICE_PAGE_SIZE }, signal);
