/**
 * A keyed in-process lock (DESIGN.md §4, hot streams): work on one key runs one at a time, in arrival order, so
 * sixty-four buyers of one flash-sale SKU queue in this process instead of all reading revision n, all appending, and
 * all but one retrying (a retry storm that grows with the square of the crowd). Other processes are still handled by
 * the append's expected revision and `retryOnConflict`. Keys with nothing queued are forgotten, so the map stays small.
 */
const tails = new Map<string, Promise<void>>();

export async function withStreamLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolve) => { release = resolve; });
  const tail = previous.then(() => done);
  tails.set(key, tail);
  try {
    await previous;
    return await work();
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}

/** How many keys have work queued or running now (for tests and health). */
export const lockedStreamCount = (): number => tails.size;
