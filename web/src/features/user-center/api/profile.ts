import { api } from '../../../lib/api-client';
import type { UserInfo } from '../../../lib/client-state';

export interface ProfileRequest { name: string; sex: '男' | '女' | ''; birthday: string; headImage: string }

/** GET /user/getUser (spec §7). */
export const getUserInfo = (signal?: AbortSignal): Promise<UserInfo> => api.get<UserInfo>('/user/getUser', undefined, signal);

/** PUT /user/update (spec §7 Update user) → 修改成功！ with the saved user info. */
export const updateProfile = (request: ProfileRequest): Promise<UserInfo> => api.put<UserInfo>('/user/update', request);
