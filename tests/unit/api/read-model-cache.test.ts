/** Answers kept until a read model they depend on changes (services/read-cache/read-model-cache.ts). */
import { createReadModelCache, type ReadModelChanges } from '../../../services/read-cache/read-model-cache';

function changeFeed() {
  const listeners = new Set<(projection: string | null) => void>();
  const changes: ReadModelChanges = {
    onApplied(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { changes, applied: (projection: string | null) => listeners.forEach((l) => l(projection)), listeners };
}

function counter() {
  let calls = 0;
  return { read: async () => `answer ${(calls += 1)}`, calls: () => calls };
}

describe('a read-model cache', () => {
  it('answers again from memory until a projection it depends on applies a batch', async () => {
    const feed = changeFeed();
    const cache = createReadModelCache<string>(feed.changes, { dependsOn: ['catalog'] });
    const db = counter();
    expect(await cache.get('手机', db.read)).toBe('answer 1');
    expect(await cache.get('手机', db.read)).toBe('answer 1');
    feed.applied('orders'); // not a dependency
    expect(await cache.get('手机', db.read)).toBe('answer 1');
    feed.applied('catalog');
    expect(await cache.get('手机', db.read)).toBe('answer 2');
    feed.applied(null); // a generation switch or a lost notification channel: anything may have changed
    expect(await cache.get('手机', db.read)).toBe('answer 3');
  });

  it('shares one computation between concurrent asks for the same key', async () => {
    const cache = createReadModelCache<string>(changeFeed().changes, { dependsOn: ['catalog'] });
    const db = counter();
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', db.read)));
    expect(new Set(answers)).toEqual(new Set(['answer 1']));
    expect(db.calls()).toBe(1);
  });

  it('does not keep a failure', async () => {
    const cache = createReadModelCache<string>(changeFeed().changes, { dependsOn: ['catalog'] });
    await expect(cache.get('k', async () => { throw new Error('database gone'); })).rejects.toThrow('database gone');
    expect(await cache.get('k', async () => 'back')).toBe('back');
  });

  it('drops the least recently used answer beyond its bound, and answers older than maxAgeMs', async () => {
    let now = 0;
    const cache = createReadModelCache<string>(changeFeed().changes, { dependsOn: ['catalog'], maxEntries: 2, maxAgeMs: 1000, now: () => now });
    const db = counter();
    await cache.get('a', db.read); // answer 1
    await cache.get('b', db.read); // answer 2
    await cache.get('a', db.read); // a used again: b is now the oldest
    await cache.get('c', db.read); // answer 3, b dropped
    expect(cache.size).toBe(2);
    expect(await cache.get('a', db.read)).toBe('answer 1');
    expect(await cache.get('b', db.read)).toBe('answer 4');
    now = 1000;
    expect(await cache.get('b', db.read)).toBe('answer 5');
  });

  it('caches nothing without a change feed, and stops listening when closed', async () => {
    const uncached = createReadModelCache<string>(null, { dependsOn: ['catalog'] });
    const db = counter();
    await uncached.get('k', db.read);
    await uncached.get('k', db.read);
    expect(db.calls()).toBe(2);
    const feed = changeFeed();
    createReadModelCache<string>(feed.changes, { dependsOn: ['catalog'] }).close();
    expect(feed.listeners.size).toBe(0);
  });
});
