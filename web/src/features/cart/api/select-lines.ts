import type { CartCount } from '../../../../../domain/cart/cart.contract';
import { api } from '../../../lib/api-client';

export interface ShopSelection { shopId: number; selected?: 0 | 1; skus: Array<{ skuId: number; selected: 0 | 1 }> }

/** PUT /cart/selected {shopCarts} (spec §7): a shop's flag applies to its lines, a SKU's to itself. */
export const selectLines = (shopCarts: ShopSelection[]): Promise<CartCount> => api.put<CartCount>('/cart/selected', { shopCarts });
