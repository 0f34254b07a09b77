import type { Cart, CartCount } from '../../../../domain/cart/cart.contract';
import { api, createApiClient, REQUEST_TIMEOUT_MS } from '../../lib/api-client';
import { getToken } from '../../lib/session';

/**
 * The top bar reads the cart in the background on every page: a refused token there must not throw the shopper out
 * of the page they are reading (the next call they make themselves does, as spec §8 says).
 */
const background = createApiClient({
  baseUrl: '/api',
  timeoutMs: REQUEST_TIMEOUT_MS,
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => getToken(),
  onSessionEnded: () => undefined,
});

/** GET /cart/getCart (spec §7): the top bar previews the first lines and counts them all. */
export const getCartPreview = (signal?: AbortSignal): Promise<Cart> => background.get<Cart>('/cart/getCart', undefined, signal);

/** DELETE /cart/delete {ids} (spec §7) for one line of the preview. */
export const deleteCartLine = (skuId: number): Promise<CartCount> => api.del<CartCount>('/cart/delete', { ids: [skuId] });

/** Spec §3: the cart count is the number of SKU lines. */
export const countLines = (cart: Cart): number => cart.reduce((sum, shop) => sum + shop.skus.length, 0);
