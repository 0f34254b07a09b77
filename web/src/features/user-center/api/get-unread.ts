import { api } from '../../../lib/api-client';

/** GET /user/getUser (spec §7): the user centre reads `notRead` for the 我的消息 badge. */
export const getUnread = (signal?: AbortSignal): Promise<number> =>
  api.get<{ notRead?: number }>('/user/getUser', undefined, signal).then((user) => user.notRead ?? 0);
