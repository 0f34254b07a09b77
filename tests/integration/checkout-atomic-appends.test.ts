/**
 * Fewer round trips per order (issue 14 item 6), on PGlite and PostgreSQL: what one command changes on several streams
 * goes to the store as ONE multi-stream append (appendToStreams, one transaction there). A buy-now submit writes three
 * transactions — CheckoutStarted, the SKU's reservation (a hot stream, group-committed with other buyers), then the
 * order, its payment and CheckoutCompleted together — where the steps took five (four from the cart: the completion
 * waits for the lines to leave the cart); the payment callback writes one,
 * PaymentSucceeded with every OrderPaid, where it took two. All or none: a payment that cannot be recorded leaves no
 * order, and money that cannot pay its order is not recorded either (the callback answers FAIL and is sent again).
 * The guarantees around it stay: the same Idempotency-Key answers the same, a retry after the failure converges.
 */
import { settleCheckoutFixture, ids } from './checkout.fixtures';
import { cupOrder, line, newShopper, shopOf, typesOf, type PayInfo } from './checkout.support';
import { checkoutStream } from '../../domain/checkout/checkout.events';
import { checkoutIdOf } from '../../services/checkout/checkout-ids';
import { freshPostgres, type FreshPostgres } from '../support/backends';
import { startTestServer, type TestServer } from '../support/test-server';

const backends = process.env.DATABASE_URL ? ['pglite', 'postgres'] as const : ['pglite'] as const;
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

interface Written { streamId: string; type: string; tx: string }

/** Every event of the process `correlationId` (its own stream and what its steps recorded), with its transaction. */
async function writtenBy(server: TestServer, correlationId: string): Promise<Written[]> {
  const { rows } = await server.runtime.db.query<{ stream_id: string; type: string; tx: string }>(
    `select stream_id, type, transaction_id::text as tx from events
     where stream_id = $1 or metadata->>'correlationId' = $1 order by global_position`, [correlationId]);
  return rows.map((r) => ({ streamId: r.stream_id, type: r.type, tx: r.tx }));
}

const transactions = (written: readonly Written[]) => new Set(written.map((w) => w.tx)).size;
/** Without the first buyer's StockInitialised (the SKU stream's lazy start, in the reservation's transaction). */
const typesIn = (written: readonly Written[]) => written.map((w) => w.type).filter((type) => type !== 'StockInitialised');
/** Buy now (not from the cart): one cup. */
const buyNow = () => [shopOf(ids.shop, [line(ids.sku.cupRed, 1, 0)])];
const txOf = (written: readonly Written[], type: string) => written.filter((w) => w.type === type).map((w) => w.tx);

async function checkoutStreamOf(server: TestServer, orderId: number): Promise<string> {
  const [placed] = await server.runtime.store.readStream(`order-${orderId}`);
  return placed.metadata.correlationId as string;
}

/** Makes the database refuse to store events of `type` (an injected failure inside the append). */
async function refuse(server: TestServer, type: string): Promise<() => Promise<void>> {
  const name = `test_refuse_${type.toLowerCase()}`;
  await server.runtime.db.query(`create or replace function ${name}() returns trigger language plpgsql as $$
    begin raise exception 'injected: % refused', new.type; end $$`);
  await server.runtime.db.query(`create trigger ${name} before insert on events for each row when (new.type = '${type}') execute function ${name}()`);
  return async () => {
    await server.runtime.db.query(`drop trigger ${name} on events`);
    await server.runtime.db.query(`drop function ${name}()`);
  };
}

const confirm = (server: TestServer, paymentId: string) => fetch(`${server.url}/pay/sandbox/${paymentId}/confirm`, { method: 'POST' })
  .then(async (r) => ({ status: r.status, body: await r.json() as { ok: boolean; message: string } }));

describe.each(backends)('what changes together is appended together, on %s', (backend) => {
  let server: TestServer;
  let pg: FreshPostgres | null = null;

  beforeAll(async () => {
    if (backend === 'postgres') pg = await freshPostgres('checkout_atomic');
    server = await startTestServer({ web: false, clock: () => NOW, databaseUrl: pg?.url });
    await settleCheckoutFixture(server, NOW);
  });
  afterAll(async () => {
    await server?.stop();
    await pg?.drop();
  });

  describe('a buy-now submit', () => {
    let pay: PayInfo;
    let written: Written[];
    const key = `atomic-${backend}-1`;

    beforeAll(async () => {
      const shopper = await newShopper(server, NOW);
      const submitted = await shopper.submit({ shops: buyNow() }, key);
      expect(submitted.body.code).toBe('200');
      pay = submitted.body.data;
      written = await writtenBy(server, await checkoutStreamOf(server, pay.orderId));
    });

    it('writes four transactions: the start, the unpaid holdings, the stock reservation, then order + payment + completion together', () => {
      // the checkout stream's part first: the fence (CheckoutCommitted) with the completion, then order and payment
      expect(typesIn(written)).toEqual(['CheckoutStarted', 'UnpaidOrdersHeld', 'StockReserved', 'CheckoutCommitted', 'CheckoutCompleted', 'OrderPlaced', 'PaymentCreated']);
      expect(transactions(written)).toBe(4);
      const [together] = txOf(written, 'OrderPlaced');
      expect(txOf(written, 'PaymentCreated')).toEqual([together]);
      expect(txOf(written, 'CheckoutCompleted')).toEqual([together]);
    });

    it('answers the same key again from the streams, writing nothing', async () => {
      const shopper = await newShopper(server, NOW);
      const first = await shopper.submit({ shops: buyNow() }, `${key}-again`);
      const checkout = await checkoutStreamOf(server, first.body.data.orderId);
      const before = await writtenBy(server, checkout);
      const again = await shopper.submit({ shops: buyNow() }, `${key}-again`);
      expect(again.body).toEqual(first.body);
      expect(await writtenBy(server, checkout)).toEqual(before);
    });

    it('is paid by a callback that writes one transaction: the money and the order paid together', async () => {
      expect((await confirm(server, pay.paymentId)).body.ok).toBe(true);
      const paid = await writtenBy(server, `payment-${pay.paymentId}`);
      expect(paid.map((w) => w.type)).toEqual(['PaymentCreated', 'PaymentSucceeded', 'OrderPaid', 'UnpaidOrderReleased']);
      expect(txOf(paid, 'UnpaidOrderReleased')).toEqual(txOf(paid, 'PaymentSucceeded'));
      expect(txOf(paid, 'OrderPaid')).toEqual(txOf(paid, 'PaymentSucceeded'));
      // the callback again records nothing
      expect((await confirm(server, pay.paymentId)).body.ok).toBe(true);
      expect(await writtenBy(server, `payment-${pay.paymentId}`)).toEqual(paid);
    });
  });

  it('places the orders of two shops, their one payment and the completion in one transaction', async () => {
    const shopper = await newShopper(server, NOW);
    const submitted = await shopper.submit({ shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 1, 0)]), shopOf(ids.otherShop, [line(ids.sku.tea, 1, 0)])] },
      `atomic-${backend}-two-shops`);
    expect(submitted.body.code).toBe('200');
    expect(submitted.body.data.orderIds).toHaveLength(2);
    const written = await writtenBy(server, await checkoutStreamOf(server, submitted.body.data.orderId));
    const [together] = txOf(written, 'OrderPlaced');
    expect(txOf(written, 'OrderPlaced')).toEqual([together, together]);
    expect(txOf(written, 'PaymentCreated')).toEqual([together]);
    expect(txOf(written, 'CheckoutCompleted')).toEqual([together]);
    expect(transactions(written)).toBe(5); // start, unpaid holdings, two SKU reservations, the rest

    expect((await confirm(server, submitted.body.data.paymentId)).body.ok).toBe(true);
    const paid = await writtenBy(server, `payment-${submitted.body.data.paymentId}`);
    expect(paid.map((w) => w.type)).toEqual(['PaymentCreated', 'PaymentSucceeded', 'OrderPaid', 'OrderPaid']);
    expect(new Set(paid.filter((w) => w.type !== 'PaymentCreated').map((w) => w.tx)).size).toBe(1);
  });

  it('from the cart: the orders and their payment together, the completion after the lines left the cart', async () => {
    const shopper = await newShopper(server, NOW);
    const submitted = await shopper.submit({ shops: cupOrder(1) }, `atomic-${backend}-cart`);
    expect(submitted.body.code).toBe('200');
    const written = await writtenBy(server, await checkoutStreamOf(server, submitted.body.data.orderId));
    expect(typesIn(written)).toEqual(['CheckoutStarted', 'UnpaidOrdersHeld', 'StockReserved', 'CheckoutCommitted', 'OrderPlaced', 'PaymentCreated', 'CheckoutCompleted']);
    expect(txOf(written, 'PaymentCreated')).toEqual(txOf(written, 'OrderPlaced'));
    expect(txOf(written, 'CheckoutCommitted')).toEqual(txOf(written, 'OrderPlaced'));
    expect(transactions(written)).toBe(5);
  });

  describe('a submit whose payment cannot be recorded', () => {
    it('records no order either, and the same key afterwards places it once, with its payment', async () => {
      const shopper = await newShopper(server, NOW);
      const key = `atomic-${backend}-refused-payment`;
      const allow = await refuse(server, 'PaymentCreated');
      let failed;
      try {
        failed = await shopper.submit({ shops: buyNow() }, key);
      } finally {
        await allow();
      }
      expect(failed.body.code).not.toBe('200');
      const checkout = checkoutStream(checkoutIdOf(shopper.userId, key));
      expect(typesIn(await writtenBy(server, checkout))).toEqual(['CheckoutStarted', 'UnpaidOrdersHeld', 'StockReserved']);

      const retried = await shopper.submit({ shops: buyNow() }, key);
      expect(retried.body.code).toBe('200');
      const written = await writtenBy(server, checkout);
      expect(typesIn(written)).toEqual([
        'CheckoutStarted', 'UnpaidOrdersHeld', 'StockReserved', 'CheckoutCommitted', 'OrderPlaced', 'PaymentCreated', 'CheckoutCompleted',
      ]);
      expect(await typesOf(server, `payment-${retried.body.data.paymentId}`)).toEqual(['PaymentCreated']);
    });
  });

  describe('a callback whose order cannot be paid', () => {
    it('records no money either (FAIL: it is sent again), and the next one pays the order once', async () => {
      const shopper = await newShopper(server, NOW);
      const pay = (await shopper.submit({ shops: buyNow() }, `atomic-${backend}-refused-paid`)).body.data;
      const allow = await refuse(server, 'OrderPaid');
      let first;
      try {
        first = await confirm(server, pay.paymentId);
      } finally {
        await allow();
      }
      expect(first.body.ok).toBe(false);
      expect(await typesOf(server, `payment-${pay.paymentId}`)).toEqual(['PaymentCreated']);
      expect(await typesOf(server, `order-${pay.orderId}`)).toEqual(['OrderPlaced']);

      expect((await confirm(server, pay.paymentId)).body.ok).toBe(true);
      expect(await typesOf(server, `payment-${pay.paymentId}`)).toEqual(['PaymentCreated', 'PaymentSucceeded']);
      expect(await typesOf(server, `order-${pay.orderId}`)).toEqual(['OrderPlaced', 'OrderPaid']);
    });
  });
});
