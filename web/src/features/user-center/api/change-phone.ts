import { api } from '../../../lib/api-client';
import type { UserInfo } from '../../../lib/client-state';

/** GET /app/getCode (spec §7 Verification code). */
export const sendPhoneCode = (phone: string): Promise<null> => api.get<null>('/app/getCode', { phone });

/** GET /user/checkUser {phone, verificationCode}: step 0, the current phone. */
export const checkUser = (phone: string, verificationCode: string): Promise<null> =>
  api.get<null>('/user/checkUser', { phone, verificationCode });

/** PUT /user/updatePhone {phone, verificationCode}: step 1, the new phone → 修改成功！ with the user info. */
export const updatePhone = (phone: string, verificationCode: string): Promise<UserInfo> =>
  api.put<UserInfo>('/user/updatePhone', { phone, verificationCode });
