import type { CartCount } from '../../../../../domain/cart/cart.contract';
import { api } from '../../../lib/api-client';

/** GET /cart/clearInvalidSku (origin §4): removes the off-shelf and sold-out lines. */
export const clearInvalid = (): Promise<CartCount> => api.get<CartCount>('/cart/clearInvalidSku');
