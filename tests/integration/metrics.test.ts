/**
 * Issue 32, metrics: a shopper signs in, buys from the cart and pays on the sandbox cashier; the Prometheus text of
 * `GET /internal/metrics` (scraped with the ops token as Prometheus sends it, `Authorization: Bearer`) before and
 * after must show each counter and histogram moved by exactly what the purchase did: the requests by route and
 * status class, the commands by type and outcome, the checkout completed, the payment created and paid, the appends,
 * the SMS code issued, the read-your-writes waits; a refused command counted with its code; and the gauges health
 * feeds (projection lag, scheduler backlog) present. METRICS_PORT serves the same text without a token.
 */
import { loadConfig } from '../../services/config';
import { startMetricsServer } from '../../services/metrics/metrics-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { freshPhone, IdentityClient } from './identity.support';
import { call, eventually } from './orders.support';

let server: TestServer;
let token: string;
let orderId: number;
let sku: { skuId: number; shopId: number };

type Samples = Map<string, number>;

/** `name{a="1",b="2"} 3` lines → key `name{a="1",b="2"}` (labels as written: prom-client writes them in a stable order). */
function parse(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

async function scrape(): Promise<Samples> {
  const response = await fetch(`${server.url}/internal/metrics`, { headers: { authorization: `Bearer ${server.opsToken}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await response.text());
}

const value = (samples: Samples, key: string): number => samples.get(key) ?? 0;
const moved = (before: Samples, after: Samples, key: string): number => value(after, key) - value(before, key);

const api = <T>(method: string, path: string, body?: unknown) => call<T>(server, method, `/api${path}`, { token, body });

beforeAll(async () => {
  server = await startTestServer({ web: false });
  const { rows } = await server.runtime.db.query<{ sku_id: string; shop_id: string }>(
    `select s.sku_id, s.shop_id from skus s join products p on p.product_id = s.product_id
      where p.listed and s.stock >= 10 and s.price > 0 order by s.sku_id limit 1`);
  sku = { skuId: Number(rows[0].sku_id), shopId: Number(rows[0].shop_id) };
}, 60_000);
afterAll(async () => server?.stop());

describe('a purchase, counted', () => {
  it('moves every counter and histogram of its path by what it did', async () => {
    const before = await scrape();
    const signedIn = await new IdentityClient(server).signInFresh(freshPhone(), 1);
    token = signedIn.body.data.token;
    const saved = await api<{ receiveId: number }>('POST', '/receive/save', {
      receiveName: '李四', receivePhone: '13800138000', receiveAdress: '浙江省-杭州市-西湖区', address: '文三路 1 号', defult: 'true',
    });
    const receiveId = saved.body.data.receiveId;
    const shops = [{ shopId: sku.shopId, skus: [{ skuId: sku.skuId, number: 1, selected: 1 }] }];
    const settled = await api<{ shops: Array<{ distribution: unknown }> }>('POST', '/order/getSettlement', { type: 2, ifWork: 0, receiveId, shops });
    expect(settled.body.code).toBe('200');
    const submitted = await api<{ codeUrl: string; orderId: number }>('POST', '/order/submit', {
      receiveId, couponId: null, remark: '', paymentMode: 1, price: 0, discountPrice: 0,
      shops: [{ shopId: sku.shopId, id: null, distribution: settled.body.data.shops[0].distribution, skus: shops[0].skus }],
    });
    expect(submitted.body.code).toBe('200');
    orderId = submitted.body.data.orderId;
    const paymentId = decodeURIComponent(new URL(submitted.body.data.codeUrl).pathname.split('/').pop() ?? '');
    expect((await fetch(`${server.url}/pay/sandbox/${encodeURIComponent(paymentId)}/confirm`, { method: 'POST' })).status).toBeLessThan(400);
    const after = await eventually(async () => {
      const now = await scrape();
      return moved(before, now, 'jishi_payments_total{outcome="paid",reason=""}') === 1 ? now : null;
    });

    // HTTP: by route pattern, method and status class, and the latency histogram's count beside it
    const submitKey = 'route="/api/order/submit",method="POST",status_class="2xx"';
    expect(moved(before, after, `jishi_http_requests_total{${submitKey}}`)).toBe(1);
    expect(moved(before, after, `jishi_http_request_duration_seconds_count{${submitKey}}`)).toBe(1);
    expect(moved(before, after, 'jishi_http_requests_total{route="/api/order/getSettlement",method="POST",status_class="2xx"}')).toBe(1);
    // the purchase's outcomes, counted from the events appended
    expect(moved(before, after, 'jishi_checkouts_total{outcome="completed",code=""}')).toBe(1);
    expect(moved(before, after, 'jishi_payments_total{outcome="created",reason=""}')).toBe(1);
    expect(moved(before, after, 'jishi_store_events_appended_total{type="OrderPlaced"}')).toBe(1);
    expect(moved(before, after, 'jishi_store_events_appended_total{type="OrderPaid"}')).toBe(1);
    expect(moved(before, after, 'jishi_store_events_appended_total{type="UserRegistered"}')).toBe(1);
    // commands by type and outcome (single-stream and process steps alike)
    expect(moved(before, after, 'jishi_commands_total{command="RegisterUser",outcome="accepted",code=""}')).toBe(1);
    expect(moved(before, after, 'jishi_commands_total{command="PayOrder",outcome="accepted",code=""}')).toBe(1);
    expect(moved(before, after, 'jishi_command_duration_seconds_count{command="PayOrder"}')).toBe(1);
    // appends and their sizes
    expect(moved(before, after, 'jishi_store_appends_total{category="user",result="ok"}')).toBe(1);
    expect(moved(before, after, 'jishi_store_append_duration_seconds_count{kind="stream"}')
      + moved(before, after, 'jishi_store_append_duration_seconds_count{kind="streams"}')).toBeGreaterThanOrEqual(4);
    // the SMS code the sign-in sent, and read-your-writes waits
    expect(moved(before, after, 'jishi_sms_codes_total{result="issued"}')).toBe(1);
    expect(moved(before, after, 'jishi_read_your_writes_wait_seconds_count{reached="true"}')).toBeGreaterThan(0);
  }, 60_000);

  it('counts a refused command with its code, and a request refused by its status class', async () => {
    const before = await scrape();
    // paid, not shipped: confirming receipt is refused by the order's decider (400001 订单状态已变更)
    const refused = await api('POST', '/order/confirm', { orderId });
    expect(refused.body.code).toBe('400001');
    const forbidden = await fetch(`${server.url}/internal/metrics`, { headers: { authorization: 'Bearer wrong' } });
    expect(forbidden.status).toBe(403);
    const after = await scrape();
    expect(moved(before, after, 'jishi_http_requests_total{route="/api/order/confirm",method="POST",status_class="2xx"}')).toBe(1);
    expect(moved(before, after, 'jishi_http_requests_total{route="/internal/metrics",method="GET",status_class="4xx"}')).toBe(1);
    expect(moved(before, after, 'jishi_commands_total{command="ConfirmReceipt",outcome="refused",code="400001"}')).toBe(1);
  });

  it('reports what health knows as gauges, and the process\'s own metrics', async () => {
    const samples = await scrape();
    expect(samples.get('jishi_projection_lag_events{projection="orders"}')).toBeGreaterThanOrEqual(0);
    expect(samples.get('jishi_projection_lag_seconds{projection="orders"}')).toBeGreaterThanOrEqual(0);
    expect(samples.get('jishi_scheduler_due_deadlines{state="due"}')).toBeGreaterThanOrEqual(0);
    expect(samples.get('jishi_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('serves the same text on METRICS_PORT without a token', async () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    const metrics = await startMetricsServer(0, '127.0.0.1');
    try {
      const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/^jishi_commands_total\{command="PayOrder",outcome="accepted",code=""\} \d+$/m);
      expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
    } finally {
      await metrics.close();
    }
  });
});
