import { useEffect } from 'react';
import { setClientState } from '../../lib/client-state';
import { realtime } from '../../lib/realtime';
import { countLines, getCartPreview } from './cart-dropdown.api';

/** `{cartNumber}` pushed on `user:<id>` after every cart change (read without zod: the top bar stays small). */
const cartNumberOf = (payload: unknown): number | null => {
  const value = typeof payload === 'object' && payload !== null ? (payload as { cartNumber?: unknown }).cartNumber : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
};

/**
 * While a shopper is signed in: the cart count from the server once, then live from the websocket channel
 * `user:<id>`, so the badge follows changes made on any page or in another tab without a reload.
 */
export function useLiveCartCount(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getCartPreview(controller.signal).then(
      (cart) => setClientState({ cartNumber: countLines(cart) }),
      () => undefined, // the badge keeps its last value; the next push corrects it
    );
    const leave = realtime.subscribe((userId) => `user:${userId}`, (payload) => {
      const cartNumber = cartNumberOf(payload);
      if (cartNumber !== null) setClientState({ cartNumber });
    });
    return () => {
      controller.abort();
      leave();
    };
  }, [signedIn]);
}
