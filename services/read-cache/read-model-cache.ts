/**
 * Answers computed from read models, kept until one of those read models changes (DESIGN.md §6: read models are
 * rebuilt from events and change only when a projection applies a batch). Each cache names the projections its
 * answers depend on; any committed batch of one of them (or a generation switch, or a lost notification channel)
 * starts a new epoch, and an answer from an older epoch is computed again. Concurrent asks for the same key share
 * one computation, so a burst of identical searches costs one query. Bounded (least recently used entries go first)
 * and aged (maxAgeMs) as a safety net should a notification be lost. Without a change feed nothing is cached.
 */
export interface ReadModelChanges {
  onApplied(listener: (projection: string | null) => void): () => void;
}

export interface ReadModelCacheOptions {
  /** Projection names whose batches make the cached answers stale. */
  dependsOn: readonly string[];
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export interface ReadModelCache<T> {
  get(key: string, compute: () => Promise<T>): Promise<T>;
  readonly size: number;
  close(): void;
}

interface Entry<T> { epoch: number; at: number; value: Promise<T> }

export function createReadModelCache<T>(changes: ReadModelChanges | null, options: ReadModelCacheOptions): ReadModelCache<T> {
  const maxEntries = options.maxEntries ?? 2000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  const dependsOn = new Set(options.dependsOn);
  const entries = new Map<string, Entry<T>>();
  let epoch = 0;
  const stop = changes?.onApplied((projection) => {
    if (projection === null || dependsOn.has(projection)) {
      epoch += 1;
      entries.clear();
    }
  });

  return {
    get(key, compute) {
      if (!changes) return compute();
      const hit = entries.get(key);
      if (hit && hit.epoch === epoch && now() - hit.at < maxAgeMs) {
        entries.delete(key); // most recently used last
        entries.set(key, hit);
        return hit.value;
      }
      const entry: Entry<T> = { epoch, at: now(), value: compute() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return entry.value;
    },
    get size() {
      return entries.size;
    },
    close() {
      stop?.();
      entries.clear();
    },
  };
}
