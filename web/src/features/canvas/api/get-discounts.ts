import type { DiscountBlock } from '../../../../../domain/catalog/detail.contract';
import { api } from '../../../lib/api-client';

/** A layout's timed-discount block: the platform's activities on the home page, a shop's on its own page. */
export const getDiscounts = (ids: number[], shopId: number | undefined, signal?: AbortSignal): Promise<DiscountBlock[]> =>
  shopId
    ? api.get<DiscountBlock[]>('/renovation/getDiscounts', { shopId, ids: ids.join(',') }, signal)
    : api.get<DiscountBlock[]>('/canvas/getMinDiscount', { ids: ids.join(',') }, signal);
