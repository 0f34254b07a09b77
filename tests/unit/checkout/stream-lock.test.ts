import { handleCommand } from '../../../services/commands/handle-command';
import { lockedStreamCount, withStreamLock } from '../../../services/commands/stream-lock';
import { stockDecider } from '../../../domain/stock/stock.decider';
import { DomainError } from '../../../domain/shared/errors';
import { MemoryStore } from './memory-store';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('work queued on one key', () => {
  it('runs one at a time in arrival order, other keys alongside, and forgets idle keys', async () => {
    const log: string[] = [];
    const job = (key: string, name: string) => withStreamLock(key, async () => { log.push(`${name}+`); await tick(); log.push(`${name}-`); });
    await Promise.all([job('a', 'a1'), job('a', 'a2'), job('b', 'b1')]);
    expect(log.filter((l) => l.startsWith('a'))).toEqual(['a1+', 'a1-', 'a2+', 'a2-']);
    expect(log.indexOf('b1+')).toBeLessThan(log.indexOf('a1-'));
    expect(lockedStreamCount()).toBe(0);
  });

  it('lets the next one run when one throws', async () => {
    const failing = withStreamLock('c', async () => { throw new Error('boom'); });
    const next = withStreamLock('c', async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });
});

describe('1,000 buyers reserving one unit each of a SKU with stock 100, serialized', () => {
  it('takes exactly 100, refuses 900, never oversells, and never conflicts', async () => {
    const store = new MemoryStore();
    const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => handleCommand({
      store, streamId: 'sku-1', decider: stockDecider, now: NOW, actor: { kind: 'system' }, serialize: true, retryOnConflict: true,
      command: { type: 'ReserveStock', data: { skuId: 1, reservationId: i + 1, userId: i + 1, number: 1, listedQuantity: 100 } },
    }).then(() => 'ok', (error: unknown) => (error instanceof DomainError ? error.code : 'other'))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(100);
    expect(results.filter((r) => r === '80001')).toHaveLength(900);
    expect(store.conflicts).toBe(0);
    const levels = (store.streams.get('sku-1') ?? []).filter((e) => e.type === 'StockReserved').map((e) => (e.data as { available: number }).available);
    expect(Math.min(...levels)).toBe(0);
  });

  it('without the lock, the same crowd conflicts on the stream (the storm the lock prevents)', async () => {
    const store = new MemoryStore();
    await Promise.all(Array.from({ length: 50 }, (_, i) => handleCommand({
      store, streamId: 'sku-2', decider: stockDecider, now: NOW, actor: { kind: 'system' }, retryOnConflict: true,
      command: { type: 'ReserveStock', data: { skuId: 2, reservationId: i + 1, userId: i + 1, number: 1, listedQuantity: 100 } },
    }).catch(() => undefined)));
    expect(store.conflicts).toBeGreaterThan(0);
  });
});
