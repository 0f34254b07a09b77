import type { CartCount } from '../../../../../domain/cart/cart.contract';
import { api } from '../../../lib/api-client';

/** PUT /cart/updateNumber {skuId, number} (spec §7). */
export const updateNumber = (skuId: number, number: number): Promise<CartCount> => api.put<CartCount>('/cart/updateNumber', { skuId, number });
