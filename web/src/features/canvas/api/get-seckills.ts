import type { SeckillBlock } from '../../../../../domain/catalog/detail.contract';
import { api } from '../../../lib/api-client';

/** A layout's flash-sale block: the platform's activities on the home page, a shop's on its own page. */
export const getSeckills = (ids: number[], shopId: number | undefined, signal?: AbortSignal): Promise<SeckillBlock[]> =>
  shopId
    ? api.get<SeckillBlock[]>('/renovation/getSeckills', { shopId, ids: ids.join(',') }, signal)
    : api.get<SeckillBlock[]>('/canvas/getPlatformSeckills', { ids: ids.join(',') }, signal);
