/**
 * Money recorded, orders not paid (issue 10, found by the kill -9 fault test): a process that dies between
 * RecordPaymentSuccess and PayOrder leaves a succeeded payment whose order still awaits payment, and a sandbox payment
 * is never notified again. The payment process's resumer row (resume-process, armed by PaymentSucceeded, fired
 * PROCESS_RESUME_AFTER_MS later: 30 s here) finishes the job; after a completed callback its firing records nothing.
 */
import { paymentDecider } from '../../domain/payment/payment.decider';
import { decideOn, systemActor } from '../../services/processes/process-step';
import { settleCheckoutFixture } from './checkout.fixtures';
import { cupOrder, newShopper, typesOf, until, type PayInfo } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const later = (ms: number) => new Date(NOW.getTime() + ms);
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
});
afterAll(async () => {
  await server?.stop();
});

async function submitted(): Promise<PayInfo> {
  const shopper = await newShopper(server, NOW);
  return (await shopper.submit({ shops: cupOrder(1) })).body.data;
}

/** The callback's first step alone, as a process killed right after it would have left it. */
async function recordMoneyOnly(info: PayInfo): Promise<void> {
  const streamId = `payment-${info.paymentId}`;
  const [created] = await server.runtime.store.readStream(streamId);
  const amount = (created.data as { amount: number }).amount;
  await decideOn({ store: server.runtime.store, clock: () => NOW, actor: systemActor, correlationId: streamId, kind: 'payment' }, streamId,
    paymentDecider, { type: 'RecordPaymentSuccess', data: { transactionId: `wx-${info.paymentId}`, amount } },
    `callback:wx-${info.paymentId}`);
}

async function resumerRow(paymentId: string): Promise<string | null> {
  const { rows } = await server.runtime.db.query<{ due_text: string }>(
    `select due_text from deadlines where kind = 'resume-process' and stream_id = $1`, [`payment-${paymentId}`]);
  return rows[0]?.due_text ?? null;
}

describe('a payment whose callback stopped after recording the money', () => {
  it('has its order paid by the resumer, 30 s after the money, once', async () => {
    const info = await submitted();
    await recordMoneyOnly(info);
    expect(await typesOf(server, `order-${info.orderId}`)).toEqual(['OrderPlaced']);
    await until(async () => (await resumerRow(info.paymentId)) === NOW.toISOString());

    await server.runtime.scheduler.tick(later(29_000));
    expect(await typesOf(server, `order-${info.orderId}`)).toEqual(['OrderPlaced']);

    await server.runtime.scheduler.tick(later(30_000));
    expect(await typesOf(server, `order-${info.orderId}`)).toEqual(['OrderPlaced', 'OrderPaid']);
    await server.runtime.scheduler.tick(later(60_000));
    expect(await typesOf(server, `order-${info.orderId}`)).toEqual(['OrderPlaced', 'OrderPaid']);
  });
});

describe('a payment whose callback completed', () => {
  it('records nothing more when its resumer row fires', async () => {
    const info = await submitted();
    const confirmed = await fetch(`${server.url}/pay/sandbox/${info.paymentId}/confirm`, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(await typesOf(server, `order-${info.orderId}`)).toEqual(['OrderPlaced', 'OrderPaid']);
    await until(async () => (await resumerRow(info.paymentId)) !== null);
    const head = async () => (await server.runtime.db.query<{ n: number }>('select count(*)::int as n from events')).rows[0].n;
    const before = await head();
    await server.runtime.scheduler.tick(later(30_000));
    expect(await head()).toBe(before);
  });
});
