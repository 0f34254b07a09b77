import { api } from '../../../lib/api-client';

interface Unread { notRead: number }

/** PUT /notice/readNotice {ids} → the new unread count. */
export const readNotices = (ids: number[]): Promise<Unread> => api.put<Unread>('/notice/readNotice', { ids });
/** PUT /notice/readAll. */
export const readAllNotices = (): Promise<Unread> => api.put<Unread>('/notice/readAll');
/** DELETE /notice/removeById {ids} → 删除成功. */
export const removeNotices = (ids: number[]): Promise<Unread> => api.del<Unread>('/notice/removeById', { ids });
