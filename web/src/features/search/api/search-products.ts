import type { ProductCardPage } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';
import { LISTING_PAGE_SIZE } from '../../../lib/catalog-ui/listing-states';
import { sortQuery, type Sort } from '../../../lib/catalog-ui/sort.model';

export interface ProductSearch {
  keyword: string;
  sort: Sort;
  page: number;
  /** Price bounds in yuan; undefined = open. */
  minMoney?: number;
  maxMoney?: number;
}

/** Spec §7 search products: search, type, volume, minMoney, maxMoney, page, pageSize 12. */
export const searchProducts = (q: ProductSearch, signal?: AbortSignal): Promise<ProductCardPage> =>
  api.get<ProductCardPage>(
    '/app/getSearchProducts',
    { search: q.keyword, ...sortQuery(q.sort), minMoney: q.minMoney ?? '', maxMoney: q.maxMoney ?? '', page: q.page, pageSize: LISTING_PAGE_SIZE },
    signal,
  );
