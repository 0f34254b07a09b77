/**
 * A latched wake-up signal: a ping that arrives while the reader is busy is not lost, because `wait(since)`
 * returns at once when any ping came after the reader's `mark()`. Idle readers sleep until a ping or `ms`.
 */
export class Wakeup {
  private count = 0;
  private readonly sleepers = new Set<() => void>();

  ping(): void {
    this.count += 1;
    for (const wake of [...this.sleepers]) wake();
  }

  mark(): number {
    return this.count;
  }

  wait(since: number, ms: number, signal?: AbortSignal): Promise<'pinged' | 'timeout'> {
    if (this.count !== since) return Promise.resolve('pinged');
    if (signal?.aborted) return Promise.resolve('timeout');
    return new Promise((resolve) => {
      const finish = (how: 'pinged' | 'timeout') => {
        clearTimeout(timer);
        this.sleepers.delete(onPing);
        signal?.removeEventListener('abort', onAbort);
        resolve(how);
      };
      const onPing = () => finish('pinged');
      const onAbort = () => finish('timeout');
      const timer = setTimeout(() => finish('timeout'), ms);
      this.sleepers.add(onPing);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
