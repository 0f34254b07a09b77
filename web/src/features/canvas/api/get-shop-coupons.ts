import type { ProductCoupon } from '../../../../../domain/catalog/detail.contract';
import { api } from '../../../lib/api-client';

export const getShopCoupons = (shopId: number, ids: number[], signal?: AbortSignal): Promise<ProductCoupon[]> =>
  api.get<ProductCoupon[]>('/canvas/getShopCoupons', { shopId, ids: ids.join(',') }, signal);
