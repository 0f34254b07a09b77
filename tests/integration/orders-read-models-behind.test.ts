/**
 * Reading one's own order just placed while the orders read model catches up (issue 29: seconds after a Kafka broker
 * restart it answered 400101 订单不存在). A session behind its own writes hears "busy, retry" — HTTP 503
 * 服务繁忙，请稍后重试 with Retry-After — from the detail and the list; once the read model has the order, both answer
 * it. An order that is nobody's (or another shopper's) is still 订单不存在.
 */
import { settleCheckoutFixture } from './checkout.fixtures';
import { cupOrder, newShopper, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;
let shopper: Shopper;
let other: Shopper;
let orderId: number;
let resume: () => void = () => undefined;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW, env: { READ_YOUR_WRITES_TIMEOUT_MS: '400' } });
  await settleCheckoutFixture(server, NOW);
  shopper = await newShopper(server, NOW);
  other = await newShopper(server, NOW);
  resume = await server.runtime.projections.pause('orders');
  const submitted = await shopper.submit({ shops: cupOrder(1) });
  expect(submitted.body.code).toBe('200');
  orderId = Number(submitted.body.data.orderId);
}, 120_000);
afterAll(async () => {
  resume();
  await server?.stop();
});

async function read(token: string, path: string) {
  const response = await fetch(`${server.url}/api${path}`, { headers: { authorization: token } });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() as { code: string; message: string; data: unknown } };
}

describe('while the orders read model has not applied the order just placed', () => {
  it('the detail answers 503 服务繁忙，请稍后重试 with Retry-After, not 400101 订单不存在', async () => {
    const answer = await read(shopper.token, `/order/getById?orderId=${orderId}`);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: '503', message: '服务繁忙，请稍后重试' });
    expect(answer.retryAfter).not.toBeNull();
  });

  it('the list answers busy too, rather than a list without the order', async () => {
    const answer = await read(shopper.token, '/order/getAll?page=1&pageSize=5');
    expect(answer.status).toBe(503);
  });

  it('another shopper asking for that order still hears 订单不存在', async () => {
    const answer = await read(other.token, `/order/getById?orderId=${orderId}`);
    expect(answer.body.code).toBe('400101');
  });

  it('an order that does not exist is still 订单不存在 for the shopper behind', async () => {
    const answer = await read(shopper.token, '/order/getById?orderId=987654321');
    expect(answer.body.code).toBe('400101');
  });
});

describe('once the read model caught up', () => {
  it('the detail and the list answer the order', async () => {
    resume();
    const deadline = Date.now() + 15_000;
    let detail = await read(shopper.token, `/order/getById?orderId=${orderId}`);
    while (detail.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      detail = await read(shopper.token, `/order/getById?orderId=${orderId}`);
    }
    expect(detail.body.code).toBe('200');
    const list = await read(shopper.token, '/order/getAll?page=1&pageSize=5');
    expect(list.body.code).toBe('200');
  });
});
