/** Retry delays for failed batches: doubling from `initialMs` up to `maxMs`, reset after a success. */
export interface BackoffOptions { initialMs?: number; maxMs?: number }

export class Backoff {
  private failures = 0;
  private readonly initialMs: number;
  private readonly maxMs: number;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 100;
    this.maxMs = options.maxMs ?? 30_000;
  }

  /** The delay before the next attempt, counting this failure. */
  next(): number {
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** this.failures);
    this.failures += 1;
    return delay;
  }

  reset(): void {
    this.failures = 0;
  }
}

/** A sleep that `stop` can cut short. */
export function pause(ms: number, stopped: { readonly signal: AbortSignal }): Promise<void> {
  return new Promise((resolve) => {
    if (stopped.signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      stopped.signal.removeEventListener('abort', done);
      resolve();
    }
    stopped.signal.addEventListener('abort', done, { once: true });
  });
}
