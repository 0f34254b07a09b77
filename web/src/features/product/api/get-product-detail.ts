import type { ProductDetail } from '../../../../../domain/catalog/detail.contract';
import { api } from '../../../lib/api-client';
import type { ProductRef } from '../../../lib/catalog-ui/links';

/** Spec §7 product detail: shopId, productId, skuId, terminal 3, system 3 (city unknown on the PC). */
export const getProductDetail = (ref: ProductRef, signal?: AbortSignal): Promise<ProductDetail> =>
  api.get<ProductDetail>('/product/getById', { shopId: ref.shopId, productId: ref.productId, skuId: ref.skuId, terminal: 3, system: 3 }, signal);
