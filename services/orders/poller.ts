/**
 * A background loop for work derived from read models (order notices, the demo merchant): `tick()` does one pass and
 * says how much it did; the loop ticks again at once while there was work, else after `pollMs`. Nothing is kept in
 * memory between passes, so a restart loses nothing: the next pass reads what is still to do.
 */
export interface Poller {
  tick(now?: Date): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createPoller(name: string, tick: (now?: Date) => Promise<number>, pollMs: number, log: (line: string) => void): Poller {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .then((done) => schedule(done > 0 ? 0 : pollMs))
        .catch((error: unknown) => {
          log(`[${name}] pass failed: ${error instanceof Error ? error.message : String(error)}`);
          schedule(pollMs);
        })
        .finally(() => { running = null; });
    }, delay);
    timer.unref();
  };

  return {
    tick,
    start() {
      if (timer || stopped) return;
      schedule(pollMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
