import type { ShopClassify } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';

/** The shop's own categories: one tab each. */
export const getShopClassify = (shopId: number, signal?: AbortSignal): Promise<ShopClassify[]> =>
  api.get<ShopClassify[]>('/shop/getShopClassify', { shopId }, signal);
