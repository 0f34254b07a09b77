/**
 * Payment ids (services/checkout/checkout-ids.ts) are WeChat out_trade_no values: 6-32 of [0-9A-Za-z]. A flash sale
 * draws a thousand of them in one second; they must not meet, and refund ids made from them must stay within 32
 * characters and apart per order.
 */
import { blockIds, createCheckoutIds } from '../../../services/checkout/checkout-ids';
import type { Database } from '../../../services/db/database';

const NOW = new Date('2025-03-01T02:00:00.000Z');

/** Enough of a Database for createCheckoutIds' migration bookkeeping; no id here is drawn from a sequence. */
const migrationsOnly = {
  kind: 'postgres',
  query: async () => ({ rows: [], rowCount: 0 }),
  transaction: async (work: (tx: unknown) => Promise<unknown>) => work({ query: async () => ({ rows: [], rowCount: 0 }) }),
} as unknown as Database;

describe('payment ids drawn in one second', () => {
  // 5,000 draws: with 6 random digits a repeat is all but certain; with 10 digits it had a 0.1% chance, which CI met
  // (and 2% at 20,000 draws, met once before); with 10 characters of [0-9A-Za-z] about 1 in 70 billion
  it('are WeChat out_trade_no values and 5,000 of them are all distinct', async () => {
    const ids = await createCheckoutIds(migrationsOnly);
    const drawn = Array.from({ length: 5_000 }, () => ids.paymentId(NOW));
    for (const id of drawn.slice(0, 100)) expect(id).toMatch(/^JS250301100000[0-9A-Za-z]{10}$/);
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('make refund ids of at most 32 characters that tell the orders of one payment apart', async () => {
    const ids = await createCheckoutIds(migrationsOnly);
    const paymentId = ids.paymentId(NOW);
    const refunds = [1000001, 1000002, 9999999].map((orderId) => ids.refundId(paymentId, orderId));
    for (const refund of refunds) expect(refund.length).toBeLessThanOrEqual(32);
    expect(new Set(refunds).size).toBe(3);
  });
});

describe('order ids in blocks', () => {
  it('hands out consecutive ids from one sequence value per block, concurrent askers sharing a fetch', async () => {
    let value = 10001 - 20;
    let fetches = 0;
    const take = async () => {
      fetches += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      value += 20;
      return value;
    };
    const id = blockIds(take, 20);
    const ids = await Promise.all(Array.from({ length: 45 }, () => id()));
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => 10001 + i));
    expect(fetches).toBe(3);
  });

  it('never meets the block of another process on the same sequence', async () => {
    let value = 1 - 20;
    const take = async () => {
      value += 20;
      return value;
    };
    const a = blockIds(take, 20);
    const b = blockIds(take, 20);
    const ids = [];
    for (let i = 0; i < 50; i += 1) ids.push(await a(), await b());
    expect(new Set(ids).size).toBe(100);
  });
});
