import { ApiError } from '../../lib/api-client';

/**
 * One Idempotency-Key per checkout attempt (DESIGN.md §4): a retry of the same request (same body, after a timeout,
 * a lost connection or a server failure) reuses the key, so the server places the orders once and answers like the
 * first time; so does a repeat after success. A changed request (another address, coupon, remark), or one after a
 * definite refusal (商品库存不足, a coupon error...), is a new attempt.
 */
export interface SubmitAttempts {
  keyFor(body: unknown): string;
  /** after a failed call: the key is kept only when the outcome is unknown (after success it stays: a repeat is a replay) */
  failed(error: unknown): void;
}

/**
 * Outcomes where the request may have been applied, or that are worth asking again as they were: transport failures
 * and 5xx, among them 503 服务繁忙，请稍后重试 (the server's "ask again", error.retryLater).
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'TIMEOUT' || error.code === 'NETWORK' || error.code === 'BAD_RESPONSE') return true;
  return error.retryLater || (error.status !== undefined && error.status >= 500);
}

export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function submitAttempts(newKey: () => string = randomKey): SubmitAttempts {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (!current || current.body !== text) current = { key: newKey(), body: text };
      return current.key;
    },
    failed(error) {
      if (!outcomeUnknown(error)) current = null;
    },
  };
}
