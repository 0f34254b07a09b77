import { api } from '../../../lib/api-client';

/** GET /app/getCode (spec §7): sends an SMS code; answers 验证码获取成功. */
export const getCode = (phone: string): Promise<null> => api.get<null>('/app/getCode', { phone });
