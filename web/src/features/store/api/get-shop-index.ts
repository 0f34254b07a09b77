import type { ShopIndex } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';

export const getShopIndex = (shopId: number, signal?: AbortSignal): Promise<ShopIndex> =>
  api.get<ShopIndex>('/shop/getIndex', { shopId }, signal);
