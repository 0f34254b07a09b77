import type { ProductCardPage } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';
import { LISTING_PAGE_SIZE } from '../../../lib/catalog-ui/listing-states';
import { sortQuery, type Sort } from '../../../lib/catalog-ui/sort.model';

/** Spec §7 category products: classifyId (any level), type, volume, page, pageSize 12. */
export const getCategoryProducts = (q: { classifyId: number; sort: Sort; page: number }, signal?: AbortSignal): Promise<ProductCardPage> =>
  api.get<ProductCardPage>(
    '/classify/getClaasifyProducts',
    { classifyId: q.classifyId, ...sortQuery(q.sort), page: q.page, pageSize: LISTING_PAGE_SIZE },
    signal,
  );
