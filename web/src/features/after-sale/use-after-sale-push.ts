import { useEffect, useRef } from 'react';
import { realtime } from '../../lib/realtime';
import { afterSalePushOf, type AfterSalePush } from './after-sale.model';

/**
 * Hears the shopper's after-sales change state on `user:<id>` (the merchant agreed, the refund arrived...), so the
 * after-sale screens follow without a reload.
 */
export function useAfterSalePush(onPush: (push: AfterSalePush) => void): void {
  const handler = useRef(onPush);
  handler.current = onPush;
  useEffect(
    () =>
      realtime.subscribe((userId) => `user:${userId}`, (payload) => {
        const push = afterSalePushOf(payload);
        if (push) handler.current(push);
      }),
    [],
  );
}
