/**
 * Paying while the checkout read model lags (issue 10 finding 6): pay and getUrl find an order's live QR on the
 * checkout's own stream, so a read model held back (its runner paused) never makes them create a second payment.
 */
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { cupOrder, line, newShopper, shopOf, typesOf, type PayInfo, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;
let resume: () => void = () => undefined;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
  resume = await server.runtime.projections.pause('checkout');
});
afterAll(async () => {
  resume();
  await server?.stop();
});

/** Payments created for an order, from the log (the read model is the one held back). */
async function paymentsCreatedFor(orderId: number): Promise<string[]> {
  const { rows } = await server.runtime.db.query<{ stream_id: string }>(
    `select stream_id from events where type = 'PaymentCreated' and data->'orderIds' @> $1::jsonb order by global_position`,
    [JSON.stringify([orderId])]);
  return rows.map((r) => r.stream_id);
}

const pay = (shopper: Shopper, orderId: number, type: 1 | 2) =>
  shopper.call<PayInfo>('PUT', '/order/pay', { money: 0, orderId, type });
const getUrl = (shopper: Shopper, orderId: number) => shopper.call<PayInfo>('GET', `/order/getUrl?orderId=${orderId}`);

describe('a shopper asking for the QR again while the checkout read model lags', () => {
  let shopper: Shopper;
  let submitted: PayInfo;
  beforeAll(async () => {
    shopper = await newShopper(server, NOW);
    submitted = (await shopper.submit({ shops: cupOrder(1) })).body.data;
  });

  it('answers the checkout\'s own QR to pay (both types) and getUrl, each time the same url', async () => {
    for (const answer of [await pay(shopper, submitted.orderId, 1), await pay(shopper, submitted.orderId, 1),
      await pay(shopper, submitted.orderId, 2), await getUrl(shopper, submitted.orderId)]) {
      expect(answer.body).toMatchObject({ code: '200', data: { paymentId: submitted.paymentId, url: submitted.url, codeUrl: submitted.codeUrl } });
    }
  });

  it('leaves one live payment for the order', async () => {
    expect(await paymentsCreatedFor(submitted.orderId)).toEqual([`payment-${submitted.paymentId}`]);
  });
});

describe('a shopper paying one order of a two-shop checkout while the checkout read model lags', () => {
  it('names one new payment for that order on the checkout stream and answers it again', async () => {
    const shopper = await newShopper(server, NOW);
    const submitted = (await shopper.submit({
      shops: [shopOf(ids.shop, [line(ids.sku.cupRed, 1)]), shopOf(ids.otherShop, [line(ids.sku.tea, 1)])],
    })).body.data;
    const [first, second] = [await getUrl(shopper, submitted.orderId), await getUrl(shopper, submitted.orderId)];
    expect(first.body.code).toBe('200');
    expect(first.body.data.paymentId).not.toBe(submitted.paymentId);
    expect(second.body.data).toMatchObject({ paymentId: first.body.data.paymentId, url: first.body.data.url });
    expect(await paymentsCreatedFor(submitted.orderId)).toEqual([`payment-${submitted.paymentId}`, `payment-${first.body.data.paymentId}`]);
    expect(await typesOf(server, `order-${submitted.orderId}`)).toEqual(['OrderPlaced']);
    const checkoutStream = (await server.runtime.store.readStream(`payment-${first.body.data.paymentId}`))[0].metadata.correlationId;
    expect(await typesOf(server, String(checkoutStream))).toEqual(['CheckoutStarted', 'CheckoutCommitted', 'CheckoutCompleted', 'CheckoutPaymentRequested']);
  });
});
