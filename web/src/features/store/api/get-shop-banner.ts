import type { ShopBanner } from '../../../../../domain/catalog/browse.contract';
import { api } from '../../../lib/api-client';

/** Spec §7: the page shows the first item's bannerImage. */
export const getShopBanner = (shopId: number, signal?: AbortSignal): Promise<ShopBanner[]> =>
  api.get<ShopBanner[]>('/shop/getShopBanner', { shopId }, signal);
