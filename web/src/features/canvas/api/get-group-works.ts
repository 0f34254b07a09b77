import type { GroupWorkBlock } from '../../../../../domain/catalog/detail.contract';
import { api } from '../../../lib/api-client';

/** A layout's group-buy block: the platform's activities on the home page, a shop's on its own page. */
export const getGroupWorks = (ids: number[], shopId: number | undefined, signal?: AbortSignal): Promise<GroupWorkBlock[]> =>
  shopId
    ? api.get<GroupWorkBlock[]>('/renovation/getGroupWorks', { shopId, ids: ids.join(',') }, signal)
    : api.get<GroupWorkBlock[]>('/canvas/getGroupWorks', { ids: ids.join(',') }, signal);
