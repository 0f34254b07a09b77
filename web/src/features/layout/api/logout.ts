import { api } from '../../../lib/api-client';

/** POST /app/logout: ends the session on the server too; a session already gone is fine. */
export const logout = (): Promise<void> => api.post<null>('/app/logout').then(() => undefined, () => undefined);
