import type { ProductCoupon } from '../../../../../domain/catalog/detail.contract';
import { api } from '../../../lib/api-client';

export const getPlatformCoupons = (ids: number[], signal?: AbortSignal): Promise<ProductCoupon[]> =>
  api.get<ProductCoupon[]>('/canvas/getCoupons', { ids: ids.join(',') }, signal);
