/**
 * A checkout stopped halfway (issue 10 finding 8, issue 28): the request dies between its steps. Its own stream holds
 * the one resumer's row (resume-process, PROCESS_RESUME_AFTER_MS after the start: 30 s here) and its deadline
 * (abandon-checkout, 2 minutes after the start). The resumer carries a stopped checkout forward — its order placed with
 * what it reserved, its QR made, completed. One that nothing committed by its deadline (the servers were down
 * meanwhile) is given up instead: CheckoutAbandoned first, then its reservation comes back. A checkout that completed
 * is untouched by its deadline, even one fired anyway (the decider refuses it as stale).
 */
import { openFreshPGlite } from '../support/pglite-snapshot';
import type { PGlite } from '@electric-sql/pglite';
import { appendInSequence, type EventStore } from '../../services/event-store/event-store.port';
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { available, cupOrder, newShopper, typesOf, until, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

let offset = 0;
const clock = () => new Date(Date.now() + offset);
const MINUTE = 60_000;
let pglite: PGlite;
let server: TestServer;

beforeAll(async () => {
  pglite = await openFreshPGlite();
  server = await startTestServer({ web: false, clock, pglite });
  await settleCheckoutFixture(server, clock());
});
afterAll(async () => {
  await server?.stop();
  await pglite?.close();
});

/**
 * The process dies at its first append to a stream of `category`: what it recorded before stays recorded. Appends of
 * several streams together run here in sequence, as on EventStoreDB (appendInSequence), so the process can die between
 * their streams (on PostgreSQL such an append is all or none: the crash before placing covers it).
 */
function crashAt(store: EventStore, category: 'order' | 'payment' | 'commit'): () => void {
  const { appendToStream: append, appendToStreams: appendMany } = store;
  store.appendToStream = (streamId, events, options) => {
    const dies = category === 'commit' ? events.some((e) => e.type === 'CheckoutCommitted') : streamId.startsWith(`${category}-`);
    if (dies) return Promise.reject(new Error(`process killed before writing ${streamId}`));
    return append(streamId, events, options);
  };
  store.appendToStreams = (appends) => appendInSequence(store, appends);
  return () => {
    store.appendToStream = append;
    store.appendToStreams = appendMany;
  };
}

async function checkoutStreamOf(userId: number): Promise<string> {
  const { rows } = await server.runtime.db.query<{ stream_id: string }>(
    `select stream_id from events where type = 'CheckoutStarted' and (data->>'userId')::bigint = $1`, [userId]);
  return rows[0].stream_id;
}

const deadlineOf = async (streamId: string) => (await server.runtime.db.query<{ due_text: string }>(
  `select due_text from deadlines where kind = 'abandon-checkout' and stream_id = $1`, [streamId])).rows[0]?.due_text ?? null;

const SECOND = 1000;

async function diedAt(shopper: Shopper, category: 'order' | 'payment' | 'commit', key: string): Promise<string> {
  const restore = crashAt(server.runtime.store, category);
  try {
    expect((await shopper.submit({ shops: cupOrder(1) }, key)).status).toBe(500);
  } finally {
    restore();
  }
  return checkoutStreamOf(shopper.userId);
}

/** A new shopper's checkout that reserved its unit and died at its commitment, once its deadline row is there. */
async function stoppedBeforeItsCommitment(key: string): Promise<{ shopper: Shopper; stockBefore: number; checkout: string }> {
  const shopper = await newShopper(server, clock());
  const stockBefore = (await available(server, ids.sku.cupRed)) ?? 50;
  const checkout = await diedAt(shopper, 'commit', key);
  await until(async () => (await available(server, ids.sku.cupRed)) === stockBefore - 1);
  await until(async () => (await deadlineOf(checkout)) !== null);
  return { shopper, stockBefore, checkout };
}

describe('a checkout whose request died after reserving the stock and before placing the order', () => {
  let shopper: Shopper;
  let stockBefore: number;
  let checkout: string;
  beforeAll(async () => {
    ({ shopper, stockBefore, checkout } = await stoppedBeforeItsCommitment('dies-before-placing'));
  });

  it('holds its unit until the resumer looks at it', async () => {
    offset += 10 * SECOND;
    await server.runtime.scheduler.tick(clock());
    expect(await typesOf(server, checkout)).toEqual(['CheckoutStarted']);
    expect(await available(server, ids.sku.cupRed)).toBe(stockBefore - 1);
  });

  it('is carried forward by the resumer: its order placed with the unit it holds, its QR made, completed', async () => {
    offset += 25 * SECOND;
    expect(await server.runtime.scheduler.tick(clock())).toMatchObject({ failed: 0 });
    expect(await typesOf(server, checkout)).toEqual(['CheckoutStarted', 'CheckoutCommitted', 'CheckoutCompleted']);
    expect(await available(server, ids.sku.cupRed)).toBe(stockBefore - 1);
    const retried = (await shopper.submit({ shops: cupOrder(1) }, 'dies-before-placing')).body;
    expect(retried.code).toBe('200');
    expect(await typesOf(server, `order-${retried.data.orderId}`)).toEqual(['OrderPlaced']);
    expect(await typesOf(server, `payment-${retried.data.paymentId}`)).toEqual(['PaymentCreated']);
  });
});

describe('a checkout that nothing committed before its deadline (its servers were down meanwhile)', () => {
  let shopper: Shopper;
  let stockBefore: number;
  let checkout: string;
  beforeAll(async () => {
    ({ shopper, stockBefore, checkout } = await stoppedBeforeItsCommitment('dies-and-waits'));
  });

  it('gives the unit back at its deadline, as the system, and is recorded abandoned', async () => {
    offset += 2 * MINUTE + SECOND;
    expect(await server.runtime.scheduler.tick(clock())).toMatchObject({ failed: 0 });
    expect(await typesOf(server, checkout)).toEqual(['CheckoutStarted', 'CheckoutAbandoned']);
    await until(async () => (await available(server, ids.sku.cupRed)) === stockBefore);
    const released = (await server.runtime.store.readStream(`sku-${ids.sku.cupRed}`)).at(-1);
    expect(released).toMatchObject({ type: 'StockReleased', metadata: { correlationId: checkout, actor: { kind: 'system' } } });
    await until(async () => (await deadlineOf(checkout)) === null);
  });

  it('answers 订单状态已变更 to the same request retried under its key', async () => {
    expect((await shopper.submit({ shops: cupOrder(1) }, 'dies-and-waits')).body).toMatchObject({ code: '400001' });
    expect(await typesOf(server, checkout)).toEqual(['CheckoutStarted', 'CheckoutAbandoned']);
  });
});

describe('a checkout that completed', () => {
  it('is untouched by its deadline: cleared when it completed, and refused as stale when fired anyway', async () => {
    const shopper = await newShopper(server, clock());
    const pay = (await shopper.submit({ shops: cupOrder(1) })).body.data;
    const checkout = await checkoutStreamOf(shopper.userId);
    await until(async () => (await deadlineOf(checkout)) === null);
    const stock = await available(server, ids.sku.cupRed);
    offset += 3 * MINUTE;
    expect(await server.runtime.scheduler.tick(clock())).toMatchObject({ failed: 0 });
    // a deadline the read model still held (a lagging projection): the decider refuses it, nothing is given back
    await server.runtime.db.query(
      `insert into deadlines (kind, stream_id, entity_id, due_at, due_text, set_at) values ('abandon-checkout', $1, 0, $2, $3, $2)`,
      [checkout, new Date(clock().getTime() - 1000), new Date(clock().getTime() - 1000).toISOString()]);
    expect(await server.runtime.scheduler.tick(clock())).toMatchObject({ stale: 1, fired: 0, failed: 0 });
    expect(await typesOf(server, checkout)).toEqual(['CheckoutStarted', 'CheckoutCommitted', 'CheckoutCompleted']);
    expect(await typesOf(server, `order-${pay.orderId}`)).toEqual(['OrderPlaced']);
    expect(await available(server, ids.sku.cupRed)).toBe(stock);
  });
});

describe('a checkout whose request died after placing the order and before making its QR', () => {
  it('is resumed: the order keeps its unit, gets its QR and the checkout completes', async () => {
    const shopper = await newShopper(server, clock());
    const checkout = await diedAt(shopper, 'payment', 'dies-before-paying');
    await until(async () => (await deadlineOf(checkout)) !== null);
    const stock = await available(server, ids.sku.cupRed);
    offset += 31 * SECOND;
    expect(await server.runtime.scheduler.tick(clock())).toMatchObject({ failed: 0 });
    expect(await typesOf(server, checkout)).toEqual(['CheckoutStarted', 'CheckoutCommitted', 'CheckoutCompleted']);
    const retried = (await shopper.submit({ shops: cupOrder(1) }, 'dies-before-paying')).body;
    expect(retried.code).toBe('200');
    expect(await typesOf(server, `order-${retried.data.orderId}`)).toEqual(['OrderPlaced']);
    expect(await typesOf(server, `payment-${retried.data.paymentId}`)).toEqual(['PaymentCreated']);
    expect(await available(server, ids.sku.cupRed)).toBe(stock);
  });
});
