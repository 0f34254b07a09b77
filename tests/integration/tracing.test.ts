/**
 * Issue 32, traces: with tracing on (here with an in-memory exporter; OTEL_EXPORTER_OTLP_ENDPOINT in production), a
 * submit sent with a caller's `traceparent` is one trace: the request's server span continues it, the commands and
 * appends are its children, the events appended carry its context in their metadata, and the asynchronous half — each
 * projection's apply of those events and the websocket push — joins the same trace as children of the request. With
 * tracing off nothing is recorded and the events carry no trace context.
 */
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing, type Tracing } from '../../services/tracing/tracing';
import { startTestServer, type TestServer } from '../support/test-server';
import { freshPhone, IdentityClient } from './identity.support';
import { call, eventually } from './orders.support';

const exporter = new InMemorySpanExporter();
let tracing: Tracing | null;
let server: TestServer;
let token: string;

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

beforeAll(async () => {
  tracing = startTracing({ serviceName: 'jishi-test', exporter });
  server = await startTestServer({ web: false });
  token = (await new IdentityClient(server).signInFresh(freshPhone(), 1)).body.data.token;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await tracing?.shutdown();
});

const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;

describe('a submit, traced', () => {
  it('is one trace from the request through its appends to each projection\'s apply and the push', async () => {
    const { rows } = await server.runtime.db.query<{ sku_id: string; shop_id: string }>(
      `select s.sku_id, s.shop_id from skus s join products p on p.product_id = s.product_id
        where p.listed and s.stock >= 10 and s.price > 0 order by s.sku_id limit 1`);
    const [skuId, shopId] = [Number(rows[0].sku_id), Number(rows[0].shop_id)];
    const saved = await call<{ receiveId: number }>(server, 'POST', '/api/receive/save', {
      token, body: { receiveName: '李四', receivePhone: '13800138000', receiveAdress: '浙江省-杭州市-西湖区', address: '文三路 1 号', defult: 'true' },
    });
    const skus = [{ skuId, number: 1, selected: 1 }];
    const settled = await call<{ shops: Array<{ distribution: unknown }> }>(server, 'POST', '/api/order/getSettlement', {
      token, body: { type: 2, ifWork: 0, receiveId: saved.body.data.receiveId, shops: [{ shopId, skus }] },
    });
    exporter.reset();
    const response = await fetch(`${server.url}/api/order/submit`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
      body: JSON.stringify({
        receiveId: saved.body.data.receiveId, couponId: null, remark: '', paymentMode: 1,
        shops: [{ shopId, id: null, distribution: settled.body.data.shops[0].distribution, skus }],
      }),
    });
    const submitted = (await response.json()) as { code: string; data: { orderId: number } };
    expect(submitted.code).toBe('200');
    expect(response.headers.get('traceparent')).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));

    const spans = await eventually(async () => {
      const mine = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === TRACE_ID);
      return mine.some((s) => s.name === 'projection orders') && mine.some((s) => s.name === 'websocket push') ? mine : null;
    });
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const request = spans.find((s) => s.name === 'POST /api/order/submit');
    expect(request).toBeDefined();
    expect(parentOf(request!)).toBe(CALLER_SPAN); // the caller's trace continued
    const appends = spans.filter((s) => s.name.startsWith('eventstore append'));
    expect(appends.length).toBeGreaterThan(0);
    // every span of the trace hangs off the request (directly or through a command, an append, ...)
    const reachesRequest = (span: ReadableSpan): boolean => {
      for (let at: ReadableSpan | undefined = span; at; at = byId.get(parentOf(at) ?? '')) if (at === request) return true;
      return false;
    };
    for (const name of ['projection orders', 'websocket push']) {
      const async = spans.filter((s) => s.name === name);
      expect({ name, joined: async.every(reachesRequest) }).toEqual({ name, joined: true });
      expect(async.map((s) => s.attributes['jishi.event.type'])).toContain('OrderPlaced');
    }
    expect(appends.every(reachesRequest)).toBe(true);

    const placed = (await server.runtime.store.readStream(`order-${submitted.data.orderId}`))[0];
    expect(placed.metadata.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-`));
  }, 60_000);
});
