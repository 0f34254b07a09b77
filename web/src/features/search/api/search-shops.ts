import type { ShopCardPage } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';
import { LISTING_PAGE_SIZE } from '../../../lib/catalog-ui/listing-states';
import { sortQuery, type Sort } from '../../../lib/catalog-ui/sort.model';

/** Spec §7 search shops: as products, without money bounds. */
export const searchShops = (q: { keyword: string; sort: Sort; page: number }, signal?: AbortSignal): Promise<ShopCardPage> =>
  api.get<ShopCardPage>('/shop/getShops', { search: q.keyword, ...sortQuery(q.sort), page: q.page, pageSize: LISTING_PAGE_SIZE }, signal);
