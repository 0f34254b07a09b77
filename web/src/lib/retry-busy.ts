/**
 * A read retried while the server says "busy, retry" (HTTP 503 服务繁忙，请稍后重试, issue 29): seconds after a broker
 * restart the read models may not have the order just placed, and the server answers busy rather than 订单不存在. The
 * page asks again a few times, waiting a little longer each time, before it shows an error. Anything else — 订单不存在
 * included — is shown at once; an aborted read (the page moved on) stops waiting.
 */
import { ApiError } from './api-client';

export interface RetryBusyOptions {
  /** Attempts in all, the first included (default 4). */
  attempts?: number;
  /** Wait before the second attempt; doubles each time (default 1000 ms). */
  delayMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const sleepFor = (ms: number, signal?: AbortSignal): Promise<void> => new Promise((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => { clearTimeout(timer); reject(signal.reason); }, { once: true });
});

const isBusy = (error: unknown): boolean => error instanceof ApiError && error.retryLater;

export async function retryingBusy<T>(load: () => Promise<T>, signal?: AbortSignal, options: RetryBusyOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 4;
  const sleep = options.sleep ?? sleepFor;
  let delay = options.delayMs ?? 1000;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (!isBusy(error) || attempt >= attempts || signal?.aborted) throw error;
      await sleep(delay, signal);
      delay *= 2;
    }
  }
}
