import type { ShopProducts } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';
import { LISTING_PAGE_SIZE } from '../../../lib/catalog-ui/listing-states';
import { sortQuery, type Sort } from '../../../lib/catalog-ui/sort.model';

/** Spec §7 shop products: shopId, ifNew (empty), type, volume, page, pageSize 12, optional classifyId. */
export const getShopProducts = (
  q: { shopId: number; classifyId?: number; sort: Sort; page: number },
  signal?: AbortSignal,
): Promise<ShopProducts> =>
  api.get<ShopProducts>(
    '/shop/getShopProducts',
    { shopId: q.shopId, ifNew: '', ...sortQuery(q.sort), page: q.page, pageSize: LISTING_PAGE_SIZE, classifyId: q.classifyId },
    signal,
  );
