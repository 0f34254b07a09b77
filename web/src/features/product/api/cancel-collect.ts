import { api } from '../../../lib/api-client';

/** Spec §7 unfavourite: PUT ids (collectId array). */
export const cancelCollect = (collectId: number): Promise<null> => api.put<null>('/collect/cancel', { ids: [collectId] });
