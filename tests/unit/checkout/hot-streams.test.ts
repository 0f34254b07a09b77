/**
 * Hot streams decided on the state this process knows (services/commands/hot-streams.ts): no re-read per command,
 * and anything appended elsewhere is caught by the expected revision and read.
 */
import { handleCommand } from '../../../services/commands/handle-command';
import { stockDecider } from '../../../domain/stock/stock.decider';
import { DomainError } from '../../../domain/shared/errors';
import { MemoryStore } from './memory-store';

const NOW = new Date('2025-03-01T02:00:00.000Z');

class CountingStore extends MemoryStore {
  reads = 0;
  override async readStream(streamId: string) {
    this.reads += 1;
    return super.readStream(streamId);
  }
}

const reserve = (store: MemoryStore, streamId: string, i: number, commandId?: string) => handleCommand({
  store, streamId, decider: stockDecider, now: NOW, actor: { kind: 'system' }, serialize: true, retryOnConflict: true, commandId,
  command: { type: 'ReserveStock', data: { skuId: 1, reservationId: i, userId: i, number: 1, listedQuantity: 100 } },
});

describe('a hot stream this process has decided on before', () => {
  it('is not read again for the next buyers, refused ones included', async () => {
    const store = new CountingStore();
    await reserve(store, 'sku-h1', 1);
    const afterFirst = store.reads;
    for (let i = 2; i <= 100; i += 1) await reserve(store, 'sku-h1', i);
    await expect(reserve(store, 'sku-h1', 101)).rejects.toBeInstanceOf(DomainError); // sold out
    expect(store.reads).toBe(afterFirst);
    expect(store.types('sku-h1').filter((t) => t === 'StockReserved')).toHaveLength(100);
  });

  it('is read again when something was appended to it elsewhere, and decides on what it finds', async () => {
    const store = new CountingStore();
    await reserve(store, 'sku-h2', 1);
    // another process (or a command that did not queue) takes 98 units meanwhile
    await store.appendToStream('sku-h2', [{ type: 'StockReserved', data: { skuId: 1, reservationId: 500, userId: 500, number: 98, available: 1 },
      metadata: { eventId: 'e-elsewhere', actor: { kind: 'system' }, occurredAt: NOW.toISOString(), schemaVersion: 1 } }]);
    const reads = store.reads;
    await reserve(store, 'sku-h2', 2);
    expect(store.reads).toBeGreaterThan(reads);
    await expect(reserve(store, 'sku-h2', 3)).rejects.toBeInstanceOf(DomainError);
  });

  it('answers a command id it holds from the stream, with no second effect', async () => {
    const store = new CountingStore();
    const first = await reserve(store, 'sku-h3', 1, 'cmd-1');
    const again = await reserve(store, 'sku-h3', 1, 'cmd-1');
    expect(again.repeated).toBe(true);
    expect(again.events.map((e) => e.metadata.eventId)).toEqual(first.events.map((e) => e.metadata.eventId));
    expect(store.types('sku-h3').filter((t) => t === 'StockReserved')).toHaveLength(1);
  });
});
