import { useRef, useState } from 'react';
import { submitOrder, type SubmitOrderBody, type SubmittedPayInfo } from './api/submit-order';
import { submitAttempts } from './submit-attempts';

/** Spec §5/§9: throttled buttons stay disabled 2000 ms. */
export const THROTTLE_MS = 2000;

/**
 * Submitting with one Idempotency-Key per attempt (reused when the same request is sent again after an unknown
 * outcome) and the 2000 ms throttle. Resolves to the pay info; rejects with the API's error.
 */
export function useSubmitOrder() {
  const attempts = useRef(submitAttempts());
  const [busy, setBusy] = useState(false);
  const [throttled, setThrottled] = useState(false);

  const submit = async (body: SubmitOrderBody): Promise<SubmittedPayInfo> => {
    setThrottled(true);
    setTimeout(() => setThrottled(false), THROTTLE_MS);
    setBusy(true);
    try {
      return await submitOrder(body, attempts.current.keyFor(body));
    } catch (error) {
      attempts.current.failed(error);
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy, disabled: busy || throttled };
}
