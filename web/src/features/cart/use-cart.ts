import App from 'antd/es/app';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Cart, CartCount } from '../../../../domain/cart/cart.contract';
import { ApiError } from '../../lib/api-client';
import { setClientState } from '../../lib/client-state';
import { getCart } from './api/get-cart';
import { allLines } from './cart.model';

export interface CartPage {
  cart: Cart | undefined;
  error: ApiError | undefined;
  busy: boolean;
  /** Runs a cart call; on success shows `success` (if any), always refetches; a refusal shows its message. */
  run: (call: () => Promise<CartCount>, success?: string) => Promise<void>;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The cart page's data: fetched on entry and after every change; the top-bar count follows each answer. */
export function useCart(enabled: boolean): CartPage {
  const { message } = App.useApp();
  const [cart, setCart] = useState<Cart>();
  const [error, setError] = useState<ApiError>();
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = (latest.current += 1);
    try {
      const data = await getCart();
      if (ticket !== latest.current) return;
      setCart(data);
      setError(undefined);
      setClientState({ cartNumber: allLines(data).length });
    } catch (failure) {
      if (ticket === latest.current) setError(failure instanceof ApiError ? failure : new ApiError('CLIENT', messageOf(failure)));
    }
  }, []);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  const run = useCallback(async (call: () => Promise<CartCount>, success?: string) => {
    setBusy(true);
    try {
      const { cartNumber } = await call();
      setClientState({ cartNumber });
      if (success) void message.success(success);
    } catch (failure) {
      void message.error(messageOf(failure));
    } finally {
      await load();
      setBusy(false);
    }
  }, [load, message]);

  return { cart, error, busy, run };
}
