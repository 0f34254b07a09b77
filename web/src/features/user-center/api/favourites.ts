import { api } from '../../../lib/api-client';
import type { Page } from '../../../lib/page';

export const FAVOURITES_PAGE_SIZE = 10;

export interface FavouriteProduct {
  collectId: number; shopId: number; productId: number; skuId: number; image: string; productName: string;
  price: number; originalPrice: number; shelveState: number;
}

export interface FavouriteShop {
  collectId: number; shopId: number; shopName: string; shopLogo: string; person: number;
  productList: Array<{ productId: number; skuId: number; image: string; productName: string; price: number }>;
}

const query = (page: number, search: string) => ({ page, pageSize: FAVOURITES_PAGE_SIZE, search });

export const getFavouriteProducts = (page: number, search: string, signal?: AbortSignal) =>
  api.get<Page<FavouriteProduct>>('/collect/getAllProduct', query(page, search), signal);

export const getFavouriteShops = (page: number, search: string, signal?: AbortSignal) =>
  api.get<Page<FavouriteShop>>('/collect/getAllShop', query(page, search), signal);

/** PUT /collect/cancel {ids} → 取消成功. */
export const cancelFavourites = (ids: number[]): Promise<null> => api.put<null>('/collect/cancel', { ids });
