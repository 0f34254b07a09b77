/**
 * The unpaid caps under racing submits (issue 29). The read-model check (failWhenHoarding) reads what the shopper
 * holds before anything is reserved: submits fired together all read the same holdings and all passed it. The caps
 * are now decided again on the shopper's own stream `unpaid-holdings-<userId>`, the checkout's first reserving step,
 * so N racing submits never pass them together. Lowered here to 5 orders and 6 units of a SKU; a shopper's share of a
 * small stock stays the default 30 % (of a SKU listing 15: 4 units). On PGlite, and on PostgreSQL when DATABASE_URL
 * is set (where the submits really run side by side).
 */
import { fold } from '../../domain/shared/decider';
import { unpaidHoldingsDecider } from '../../domain/checkout/unpaid-holdings.decider';
import { unpaidHoldingsStream, type UnpaidHoldingsEvent } from '../../domain/checkout/unpaid-holdings.events';
import { toDomainEvent } from '../../services/commands/command-events';
import { appendCatalogEvents, ids, product, settleCheckoutFixture, sku, templates } from './checkout.fixtures';
import { available, cupOrder, line, newShopper, shopOf, until, type Call, type PayInfo, type Shopper } from './checkout.support';
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const SMALL = { productId: 770190, skuId: 77019001 };
const backends = process.env.DATABASE_URL ? ['pglite', 'postgres'] as const : ['pglite'] as const;

describe.each(backends)('the unpaid caps under racing submits, on %s', (backend) => {
  let server: TestServer;
  let pg: FreshPostgres | null = null;

  beforeAll(async () => {
    if (backend === 'postgres') pg = await freshPostgres('checkout_unpaid_races');
    server = await startTestServer({
      web: false, clock: () => NOW, databaseUrl: pg?.url, env: { UNPAID_ORDERS_PER_USER: '5', UNPAID_UNITS_PER_SKU_PER_USER: '6' },
    });
    await settleCheckoutFixture(server, NOW);
    const listed = await appendCatalogEvents(server.runtime.store, [[`product-${SMALL.productId}`, [{
      type: 'ProductListed', data: product(SMALL.productId, ids.shop, '限量手冲壶', [sku(SMALL.skuId, 3000, 15)], templates.free),
    }]]], NOW);
    if (!(await server.runtime.projections.waitFor(listed, { timeoutMs: 60000 }))) throw new Error('small stock not projected');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await pg?.drop();
  });

  const teaOrder = (number = 1) => [shopOf(ids.otherShop, [line(ids.sku.tea, number)])];
  const smallOrder = (number: number) => [shopOf(ids.shop, [line(SMALL.skuId, number)])];

  /** `n` submits of one shopper fired together; their answer codes, sorted. */
  async function together(shopper: Shopper, n: number, shops: unknown[]): Promise<Call<PayInfo>[]> {
    return Promise.all(Array.from({ length: n }, () => shopper.submit({ shops })));
  }
  const codesOf = (calls: Call<PayInfo>[]) => calls.map((c) => c.body.code).sort();

  const unpaidInStore = async (userId: number): Promise<number> => Number((await server.runtime.db.query<{ n: number }>(
    'select count(*)::int as n from orders where user_id = $1 and state = 1 and deleted_at is null', [userId])).rows[0].n);

  const heldOnStream = async (userId: number) => fold(unpaidHoldingsDecider,
    (await server.runtime.store.readStream(unpaidHoldingsStream(userId))).map((e) => toDomainEvent<UnpaidHoldingsEvent>(e))).held;

  /** The stock read model once it has caught up with the submits (they wait for the orders, not for the stock). */
  async function stockSettled(skuId: number, expected: number): Promise<number | null> {
    await until(async () => (await available(server, skuId)) === expected, 5000).catch(() => undefined);
    return available(server, skuId);
  }

  const unitsHeld = async (userId: number, skuId: number): Promise<number> => [...(await heldOnStream(userId)).values()]
    .flat().filter((l) => l.skuId === skuId).reduce((sum, l) => sum + l.number, 0);

  describe('15 submits of one shopper fired together, cap 5 unpaid orders', () => {
    let shopper: Shopper;
    let answers: Call<PayInfo>[];
    beforeAll(async () => {
      shopper = await newShopper(server, NOW);
      answers = await together(shopper, 15, teaOrder(1));
    }, 60_000);

    it('let through at most the cap; the rest are refused with 81007', async () => {
      const codes = codesOf(answers);
      expect(codes.filter((c) => c === '200')).toHaveLength(5);
      expect(codes.filter((c) => c !== '200')).toEqual(Array(10).fill('81007'));
    });

    it('leave the shopper holding no more than the cap, in the store and on the holdings stream', async () => {
      expect(await unpaidInStore(shopper.userId)).toBe(5);
      expect((await heldOnStream(shopper.userId)).size).toBe(5);
    });

    it('paying one makes room for exactly one more', async () => {
      const paid = answers.find((a) => a.body.code === '200')?.body.data as PayInfo;
      const confirmed = await fetch(`${server.url}/pay/sandbox/${paid.paymentId}/confirm`, { method: 'POST' });
      expect(confirmed.status).toBe(200);
      await until(async () => (await unpaidInStore(shopper.userId)) === 4, 10_000);
      expect(codesOf(await together(shopper, 3, teaOrder(1)))).toEqual(['200', '81007', '81007']);
      expect((await heldOnStream(shopper.userId)).has(paid.orderId)).toBe(false);
      expect(await unpaidInStore(shopper.userId)).toBe(5);
    }, 30_000);

    it('cancelling one makes room for exactly one more', async () => {
      const held = [...(await heldOnStream(shopper.userId)).keys()];
      expect((await shopper.call('POST', '/order/cancel', { orderId: held[0] })).body.code).toBe('200');
      expect((await heldOnStream(shopper.userId)).has(held[0])).toBe(false);
      expect(codesOf(await together(shopper, 3, teaOrder(1)))).toEqual(['200', '81007', '81007']);
      expect(await unpaidInStore(shopper.userId)).toBe(5);
    }, 30_000);
  });

  describe('8 submits of 3 units of one SKU fired together, cap 6 units', () => {
    it('let through at most 6 units; the rest are refused with 81008', async () => {
      const shopper = await newShopper(server, NOW);
      const before = await available(server, ids.sku.cupRed);
      const codes = codesOf(await together(shopper, 8, cupOrder(3)));
      expect(codes.filter((c) => c === '200')).toHaveLength(2);
      expect(codes.filter((c) => c !== '200')).toEqual(Array(6).fill('81008'));
      expect(await stockSettled(ids.sku.cupRed, (before ?? 50) - 6)).toBe((before ?? 50) - 6);
      expect(await unitsHeld(shopper.userId, ids.sku.cupRed)).toBe(6);
    }, 60_000);
  });

  describe('a small stock (15 units listed)', () => {
    it('one shopper holds at most their share (4 units), one submit at a time', async () => {
      const shopper = await newShopper(server, NOW);
      expect((await shopper.submit({ shops: smallOrder(5) })).body.code).toBe('81008');
      expect((await shopper.submit({ shops: smallOrder(3) })).body.code).toBe('200');
      expect((await shopper.submit({ shops: smallOrder(2) })).body.code).toBe('81008');
      expect((await shopper.submit({ shops: smallOrder(1) })).body.code).toBe('200');
      expect(await unitsHeld(shopper.userId, SMALL.skuId)).toBe(4);
    }, 30_000);

    it('nor with submits fired together, and the rest stays for everyone else', async () => {
      const shopper = await newShopper(server, NOW);
      const before = await available(server, SMALL.skuId);
      const codes = codesOf(await together(shopper, 6, smallOrder(2)));
      expect(codes).toEqual(['200', '200', '81008', '81008', '81008', '81008']);
      expect(await stockSettled(SMALL.skuId, (before ?? 15) - 4)).toBe((before ?? 15) - 4);
      expect(await unitsHeld(shopper.userId, SMALL.skuId)).toBe(4);
      expect((await (await newShopper(server, NOW)).submit({ shops: smallOrder(2) })).body.code).toBe('200');
    }, 60_000);
  });
});
