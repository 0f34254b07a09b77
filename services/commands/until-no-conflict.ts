/**
 * Asks again while a command loses optimistic-concurrency races (DomainError 'concurrency': another writer moved the
 * stream between its read and its append), for commands whose answer does not depend on what the caller saw — a
 * coupon claim on a popular coupon's one stream, a give-back on a flash sale's hot stream. Each try comes after a
 * pause drawn from 50–150% of a doubling delay, so the losers of one race do not meet again in the next. Any other
 * error, or the last try's conflict, is thrown as it is. The command's id keeps every try the same command.
 */
import { DomainError } from '../../domain/shared/errors';
import { Backoff } from '../feed/backoff';

export interface ConflictRetry {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first pause's middle, doubling up to `maxMs`. */
  initialMs: number;
  maxMs: number;
}

export const isConflict = (error: unknown): boolean => error instanceof DomainError && error.errorName === 'concurrency';

export async function untilNoConflict<T>(work: () => Promise<T>, retry: ConflictRetry): Promise<T> {
  const backoff = new Backoff({ initialMs: retry.initialMs, maxMs: retry.maxMs });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isConflict(error) || attempt >= retry.attempts) throw error;
      const delay = backoff.next();
      await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * delay));
    }
  }
}
