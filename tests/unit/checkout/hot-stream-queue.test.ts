/**
 * Group commit on hot streams (services/commands/hot-stream-queue.ts): commands that arrive while an append is in
 * flight are decided together and appended at once, each still answered on its own — its events, its revision, its
 * refusal — and any doubt sends them the full path one by one.
 */
import { handleCommand } from '../../../services/commands/handle-command';
import { stockDecider } from '../../../domain/stock/stock.decider';
import { DomainError } from '../../../domain/shared/errors';
import type { EventStore, ExpectedRevision, NewEvent } from '../../../services/event-store/event-store.port';
import { MemoryStore } from './memory-store';

const NOW = new Date('2025-03-01T02:00:00.000Z');

class CountingStore extends MemoryStore {
  appends: number[] = [];
  reads = 0;
  failNextAppend: Error | null = null;
  override async appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }) {
    this.appends.push(events.length);
    if (this.failNextAppend) {
      const error = this.failNextAppend;
      this.failNextAppend = null;
      await Promise.resolve();
      throw error;
    }
    return super.appendToStream(streamId, events, options);
  }
  override async readStream(streamId: string) {
    this.reads += 1;
    return super.readStream(streamId);
  }
}

const reserve = (store: EventStore, streamId: string, reservationId: number, number = 1, commandId = `cmd-${reservationId}`) => handleCommand({
  store, streamId, decider: stockDecider, now: NOW, actor: { kind: 'system' }, serialize: true, retryOnConflict: true, commandId,
  command: { type: 'ReserveStock', data: { skuId: 1, reservationId, userId: reservationId, number, listedQuantity: 10 } },
});

const settle = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);
const reservedOn = (store: MemoryStore, streamId: string) => store.types(streamId).filter((t) => t === 'StockReserved').length;

describe('sixty buyers reserving one SKU with 10 units at the same moment', () => {
  const store = new CountingStore();
  let answers: PromiseSettledResult<Awaited<ReturnType<typeof reserve>>>[];
  beforeAll(async () => {
    answers = await settle(Array.from({ length: 60 }, (_, i) => reserve(store, 'sku-g1', i + 1)));
  });

  it('sells exactly 10 and refuses the other 50 with 商品库存不足', () => {
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(refused).toHaveLength(50);
    for (const r of refused) expect((r.reason as DomainError).message).toBe('商品库存不足');
    expect(reservedOn(store, 'sku-g1')).toBe(10);
  });

  it('takes a couple of appends instead of one per buyer', () => {
    // the first buyer reads the stream and appends alone; everyone who queued meanwhile goes in one append
    expect(store.appends.length).toBeLessThanOrEqual(3);
    expect(store.reads).toBeLessThanOrEqual(2);
  });

  it('answers every buyer with its own events, revision and position, in arrival order', () => {
    const sold = answers.slice(0, 10).map((a) => (a.status === 'fulfilled' ? a.value : null));
    expect(sold.every((r) => r !== null)).toBe(true);
    sold.forEach((r, i) => {
      const mine = r!.events.filter((e) => e.type === 'StockReserved');
      expect(mine).toHaveLength(1);
      expect(mine[0].metadata.commandId).toBe(`cmd-${i + 1}`);
      expect(r!.nextRevision).toBe(r!.events.at(-1)!.revision);
      expect(r!.position).toEqual(r!.events.at(-1)!.position);
      expect((r!.state as { available: number }).available).toBe(9 - i);
    });
  });
});

describe('a buyer refused in the middle of a group', () => {
  it('stops no one else: the buyers after it still get the units left', async () => {
    const store = new CountingStore();
    await reserve(store, 'sku-g2', 1, 5); // 5 left, stream known
    const [small, tooMany, last] = await settle([reserve(store, 'sku-g2', 2, 2), reserve(store, 'sku-g2', 3, 4), reserve(store, 'sku-g2', 4, 3)]);
    expect(small.status).toBe('fulfilled');
    expect(tooMany.status).toBe('rejected');
    expect(last.status).toBe('fulfilled');
    expect(reservedOn(store, 'sku-g2')).toBe(3);
    expect(store.appends).toEqual([2, 2]); // the first (initialised + reserved), then the two sold in one append
  });
});

describe('the same command sent twice into one group', () => {
  it('has one effect and answers the second from the stream, with the same events', async () => {
    const store = new CountingStore();
    await reserve(store, 'sku-g3', 1);
    const [first, again] = await Promise.all([reserve(store, 'sku-g3', 2, 1, 'twice'), reserve(store, 'sku-g3', 2, 1, 'twice')]);
    expect(first.repeated).toBe(false);
    expect(again.repeated).toBe(true);
    expect(again.events.map((e) => e.metadata.eventId)).toEqual(first.events.map((e) => e.metadata.eventId));
    expect(reservedOn(store, 'sku-g3')).toBe(2);
  });
});

describe('a hot stream appended to elsewhere while a group gathers', () => {
  it('sends the group the full path: decided on what the stream now holds, never oversold', async () => {
    const store = new CountingStore();
    await reserve(store, 'sku-g4', 1); // 9 left as this process knows it
    await store.seed('sku-g4', 'StockReserved', { skuId: 1, reservationId: 900, userId: 900, number: 8, available: 1 });
    const answers = await settle([reserve(store, 'sku-g4', 2), reserve(store, 'sku-g4', 3), reserve(store, 'sku-g4', 4)]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(store.conflicts).toBe(1);
    expect(reservedOn(store, 'sku-g4')).toBe(3);
  });
});

describe('an append that fails for another reason', () => {
  it('fails every command of its group with that error, and the next command reads the stream again', async () => {
    const store = new CountingStore();
    await reserve(store, 'sku-g5', 1);
    const reads = store.reads;
    store.failNextAppend = new Error('connection reset');
    const answers = await settle([reserve(store, 'sku-g5', 2), reserve(store, 'sku-g5', 3)]);
    expect(answers.map((a) => (a.status === 'rejected' ? (a.reason as Error).message : 'ok'))).toEqual(['connection reset', 'connection reset']);
    await reserve(store, 'sku-g5', 4);
    expect(store.reads).toBeGreaterThan(reads);
    expect(reservedOn(store, 'sku-g5')).toBe(2);
  });
});
