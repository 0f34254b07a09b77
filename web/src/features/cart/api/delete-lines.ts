import type { CartCount } from '../../../../../domain/cart/cart.contract';
import { api } from '../../../lib/api-client';

/** DELETE /cart/delete {ids: skuIds} (spec §7), then the page refetches. */
export const deleteLines = (ids: number[]): Promise<CartCount> => api.del<CartCount>('/cart/delete', { ids });
