/**
 * A flash sale under load (DESIGN.md §4 hot streams): 64 shoppers submit at once for a SKU with stock 10. The SKU's
 * stream is the consistency boundary and the in-process stream lock queues its commands: exactly 10 orders, the
 * others 商品库存不足, stock never below zero, and no request fails for a write conflict. Then 1,000 reservations on
 * stock 100 straight on the store: 100 taken, zero oversold.
 */
import { fold } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/errors';
import { stockDecider } from '../../domain/stock/stock.decider';
import type { StockEvent } from '../../domain/stock/stock.events';
import { toDomainEvent } from '../../services/commands/command-events';
import { decideOn } from '../../services/processes/process-step';
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { available, line, newShopper, shopOf, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;
let buyers: Shopper[];

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
  buyers = await Promise.all(Array.from({ length: 64 }, () => newShopper(server, NOW)));
}, 300_000);
afterAll(async () => server?.stop());

describe('a shopper asking for more than the sale allows one shopper', () => {
  it('is refused with 80005 已超出最大限制购买数量 and takes no stock', async () => {
    const { body } = await buyers[0].submit({ type: 3, shopSeckillId: ids.seckill, shops: [shopOf(ids.shop, [line(ids.sku.flash, 2, 0)])] });
    expect(body).toMatchObject({ code: '80005', message: '已超出最大限制购买数量' });
    expect(await available(server, ids.sku.flash)).toBeNull();
  });
});

describe('64 shoppers buying a flash-sale SKU with stock 10 at the same moment', () => {
  let codes: string[];
  beforeAll(async () => {
    const answers = await Promise.all(buyers.map((buyer, i) => buyer.submit({
      type: 3, shopSeckillId: ids.seckill, shops: [shopOf(ids.shop, [line(ids.sku.flash, 1, 0)])],
    }, `flash-${i}`)));
    codes = answers.map((a) => a.body.code);
  }, 300_000);

  it('makes exactly 10 orders and refuses the rest with 商品库存不足', () => {
    expect(codes.filter((c) => c === '200')).toHaveLength(10);
    expect(codes.filter((c) => c === '80001')).toHaveLength(54);
  });

  it('leaves the stock at 0, never below, with one reservation per order on the SKU stream', async () => {
    expect(await available(server, ids.sku.flash)).toBe(0);
    const events = await server.runtime.store.readStream(`sku-${ids.sku.flash}`);
    const levels = events.filter((e) => e.type === 'StockReserved').map((e) => (e.data as { available: number }).available);
    expect(levels).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });
});

describe('1,000 reservations at once on one SKU with stock 100, on the real store', () => {
  it('takes exactly 100, refuses 900 with 商品库存不足, and never answers a write conflict', async () => {
    const skuId = 77019901;
    const ctx = { store: server.runtime.store, clock: () => NOW, actor: { kind: 'system' as const }, correlationId: 'flash-sale-test', kind: 'checkout' as const };
    const outcomes = await Promise.all(Array.from({ length: 1000 }, (_, i) => decideOn(ctx, `sku-${skuId}`, stockDecider, {
      type: 'ReserveStock', data: { skuId, reservationId: i + 1, userId: i + 1, number: 1, listedQuantity: 100 },
    }, `flash-sale-test:${i}`, { hot: true }).then(() => 'reserved', (error: unknown) => (error instanceof DomainError ? error.code : String(error)))));
    expect(outcomes.filter((o) => o === 'reserved')).toHaveLength(100);
    expect(outcomes.filter((o) => o === '80001')).toHaveLength(900);
    const state = fold(stockDecider, (await server.runtime.store.readStream(`sku-${skuId}`)).map((e) => toDomainEvent<StockEvent>(e)));
    expect(state.available).toBe(0);
  }, 300_000);
});
