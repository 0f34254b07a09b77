import type { ShopIndex } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';

/** The shop shown in the header on the shop and product pages (spec §7 shop index). */
export const getShopHeader = (shopId: number, signal?: AbortSignal): Promise<ShopIndex> =>
  api.get<ShopIndex>('/shop/getIndex', { shopId }, signal);
