import type { Cart } from '../../../../../domain/cart/cart.contract';
import { api } from '../../../lib/api-client';

/** GET /cart/getCart (spec §7): shops with their lines, off-shelf and sold-out lines flagged. */
export const getCart = (signal?: AbortSignal): Promise<Cart> => api.get<Cart>('/cart/getCart', undefined, signal);
