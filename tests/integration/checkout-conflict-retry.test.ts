/**
 * A submit whose stock stream kept conflicting past its retries (a hot flash-sale SKU, many instances) is a moment's
 * refusal, not the checkout's outcome (issue 28): HTTP 503 服务繁忙，请稍后重试 with Retry-After, the checkout left
 * started rather than recorded failed, so the same Idempotency-Key asked again — as the storefront does after a 503 —
 * resumes it and places the order. (Recorded failed, every retry of the key answered the same refusal.)
 * The conflicts are made by a second API instance on the same runtime whose event store refuses every append to a
 * `sku-` stream while armed, as a store that another instance's appends keep moving ahead would.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../services/api/app';
import { runtimeAppDeps } from '../../services/app-deps';
import { WrongExpectedRevisionError, type EventStore } from '../../services/event-store/event-store.port';
import { openPayments } from '../../services/payments/payments';
import { RealtimeHub } from '../../services/realtime/hub';
import { createScheduler } from '../../services/scheduler/scheduler';
import { settleCheckoutFixture } from './checkout.fixtures';
import { cupOrder, newShopper, Shopper, typesOf } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;
let conflicting: FastifyInstance;
let conflictingUrl = '';
const conflicts = { armed: false, refused: 0 };

/** `store`, except that while armed every append touching a stock stream loses its race. */
function losingStockRaces(store: EventStore): EventStore {
  const refuse = (streamId: string) => {
    conflicts.refused += 1;
    throw new WrongExpectedRevisionError(streamId, 'any', 0);
  };
  return {
    ...store,
    appendToStream: async (streamId, events, options) => {
      if (conflicts.armed && streamId.startsWith('sku-')) refuse(streamId);
      return store.appendToStream(streamId, events, options);
    },
    appendToStreams: async (appends) => {
      const stock = appends.find((a) => a.streamId.startsWith('sku-'));
      if (conflicts.armed && stock) refuse(stock.streamId);
      return store.appendToStreams(appends);
    },
  };
}

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
  const { runtime } = server;
  conflicting = await buildApp({
    ...runtimeAppDeps(runtime, { opsToken: server.opsToken }),
    store: losingStockRaces(runtime.store),
    scheduler: await createScheduler({ db: runtime.db, clock: () => NOW }),
    payments: await openPayments(runtime.config, { db: runtime.db, clock: () => NOW }),
    hub: new RealtimeHub(),
  });
  await conflicting.listen({ port: 0, host: '127.0.0.1' });
  const address = conflicting.server.address();
  conflictingUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);
afterAll(async () => {
  await conflicting?.close();
  await server?.stop();
});

describe('a submit whose stock stream loses every race', () => {
  it('answers HTTP 503 服务繁忙，请稍后重试 with Retry-After, and the same key asked again places the order', async () => {
    const signedIn = await newShopper(server, NOW);
    const shopper = new Shopper({ ...server, url: conflictingUrl }, signedIn.userId, signedIn.token);
    shopper.receiveId = signedIn.receiveId;
    const key = 'conflict-retry-1';

    conflicts.armed = true;
    const busy = await fetch(`${conflictingUrl}/api/order/submit`, {
      method: 'POST',
      headers: { authorization: shopper.token, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ receiveId: shopper.receiveId, paymentMode: 1, remark: '', shops: cupOrder(1) }),
    });
    conflicts.armed = false;
    expect(conflicts.refused).toBeGreaterThan(1);
    expect({ status: busy.status, retryAfter: busy.headers.get('retry-after'), body: await busy.json() })
      .toEqual({ status: 503, retryAfter: '1', body: { code: '503', message: '服务繁忙，请稍后重试', data: null } });

    const again = await shopper.submit({ shops: cupOrder(1) }, key);
    expect([again.status, again.body.code]).toEqual([200, '200']);
    expect(again.body.data.orderIds).toHaveLength(1);
    const checkout = (await server.runtime.db.query<{ stream_id: string }>(
      `select distinct stream_id from events where stream_id like 'checkout-%' and metadata->'actor'->>'id' = $1`,
      [String(shopper.userId)])).rows.map((r) => r.stream_id);
    expect(checkout).toHaveLength(1);
    const types = await typesOf(server, checkout[0]);
    expect(types).not.toContain('CheckoutFailed');
    expect(types).toContain('CheckoutCompleted');
  }, 120_000);
});
