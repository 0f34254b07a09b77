/**
 * Pushes from the log (issue 14 item 1, issue 12 live updates; DESIGN.md §9): two API instances on one PostgreSQL —
 * A runs the projections, B watches their checkpoints (PROJECTIONS=external) — and every command goes to A while the
 * shopper's websocket is on B. B pushes the payment result, the shipment, the stock and the group's members as A's
 * client would hear them; a socket coming back with its last position gets what it missed;
 * no push comes twice; a socket whose session logged out on A loses its subscriptions on B.
 */
import WebSocket from 'ws';
import { buildApp } from '../../services/api/app';
import { runtimeAppDeps } from '../../services/app-deps';
import { loadConfig } from '../../services/config';
import { comparePositions, formatPosition, parsePosition } from '../../services/event-store/event-store.port';
import { openRuntime } from '../../services/runtime';
import { describeIfPostgres, freshPostgres, type FreshPostgres } from '../support/backends';
import type { TestServer } from '../support/test-server';
import { ids, settleCheckoutFixture } from './checkout.fixtures';
import { cupOrder, line, newShopper, shopOf, until, type PayInfo, type Shopper } from './checkout.support';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const OPS_TOKEN = 'test-ops-token-0123456789';
const WAIT_MS = 30_000;

type Message = { op: string; channel?: string; position?: string | null; payload?: Record<string, unknown>; code?: string; resync?: boolean };

async function startInstance(url: string, projections: 'inline' | 'external'): Promise<TestServer> {
  const config = loadConfig({ DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: url });
  const runtime = await openRuntime(config, {
    clock: () => NOW, log: () => undefined, runProjections: projections === 'inline', runScheduler: projections === 'inline',
  });
  const app = await buildApp({ ...runtimeAppDeps(runtime, { opsToken: OPS_TOKEN }), websocketSessionCheckMs: 200 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`, app, runtime, opsToken: OPS_TOKEN,
    async stop() {
      await app.close();
      await runtime.close();
    },
  };
}

/** A websocket on `server` signed in as `token`, subscribed to `channels` (with `after` when coming back). */
async function socketOn(server: TestServer, token: string, channels: string[], after?: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`);
  const messages: Message[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
  await new Promise<void>((resolve, reject) => { ws.on('open', () => resolve()); ws.on('error', reject); });
  for (const channel of channels) {
    ws.send(JSON.stringify({ op: 'subscribe', channel, ...(after ? { after } : {}) }));
    await until(() => messages.some((m) => (m.op === 'subscribed' || m.op === 'error') && m.channel === channel), WAIT_MS);
  }
  const pushes = (channel: string) => messages.filter((m) => m.op === 'event' && m.channel === channel);
  const pushed = (channel: string, match: (payload: Record<string, unknown>) => boolean) =>
    until(() => pushes(channel).some((m) => match(m.payload ?? {})), WAIT_MS);
  return { ws, messages, pushes, pushed, close: () => ws.close() };
}

let database: FreshPostgres | null = null;
let a: TestServer;
let b: TestServer;

describeIfPostgres('two API instances on one PostgreSQL, the command on A and the websocket on B', () => {
  beforeAll(async () => {
    database = await freshPostgres('pushes');
    a = await startInstance(database!.url, 'inline');
    b = await startInstance(database!.url, 'external');
    await settleCheckoutFixture(a, NOW);
  }, 120_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await database?.drop();
  });

  const confirmOn = (server: TestServer, paymentId: string) =>
    fetch(`${server.url}/pay/sandbox/${paymentId}/confirm`, { method: 'POST' }).then((r) => r.json() as Promise<{ ok: boolean }>);
  /** The log position of the order's OrderPaid event: where the payment's push sits. */
  const paidPosition = async (orderId: number) =>
    (await a.runtime.store.readStream(`order-${orderId}`)).find((e) => e.type === 'OrderPaid')!.position;
  const shipOn = (server: TestServer, orderId: number) => fetch(`${server.url}/internal/orders/${orderId}/ship`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-ops-token': OPS_TOKEN },
    body: JSON.stringify({ express: 1, deliverFormid: `1${String(orderId).padStart(11, '0')}` }),
  }).then((r) => r.json() as Promise<{ code: string }>);

  describe('an order paid and shipped', () => {
    let shopper: Shopper;
    let pay: PayInfo;
    let paidAt: string;
    beforeAll(async () => {
      shopper = await newShopper(a, NOW);
      pay = (await shopper.submit({ shops: cupOrder(1) })).body.data;
    });

    it('is pushed SUCCESS on B when the payment callback lands on A', async () => {
      const onB = await socketOn(b, shopper.token, [`order:${pay.orderId}`]);
      try {
        expect((await confirmOn(a, pay.paymentId)).ok).toBe(true);
        // B may still push the placing when the socket arrives (its feed runs behind A's commands), and that push
        // already shows the order paid (a push carries the read model as it is): the socket's last position is the
        // payment's, so wait for the push at the OrderPaid event's position
        paidAt = formatPosition(await paidPosition(pay.orderId));
        await until(() => onB.pushes(`order:${pay.orderId}`).some((m) => m.position === paidAt), WAIT_MS);
        const push = onB.pushes(`order:${pay.orderId}`).find((m) => m.position === paidAt)!;
        expect(push.payload).toEqual({ orderId: pay.orderId, state: 2, paymentState: 1, code: 'SUCCESS' });
      } finally {
        onB.close();
      }
    });

    it('is pushed 待收货 (3) on B when the merchant ships on A, and B\'s read model already shows it', async () => {
      const onB = await socketOn(b, shopper.token, [`order:${pay.orderId}`]);
      try {
        expect((await shipOn(a, pay.orderId)).code).toBe('200');
        await onB.pushed(`order:${pay.orderId}`, (p) => p.state === 3);
        const detail = await fetch(`${b.url}/api/order/getById?orderId=${pay.orderId}`, { headers: { authorization: shopper.token } });
        expect(((await detail.json()) as { data: { state: number } }).data.state).toBe(3);
      } finally {
        onB.close();
      }
    });

    it('catches a socket coming back with its last position up on what it missed, on either instance', async () => {
      for (const server of [b, a]) {
        const back = await socketOn(server, shopper.token, [`order:${pay.orderId}`], paidAt);
        try {
          await back.pushed(`order:${pay.orderId}`, (p) => p.state === 3);
          expect(back.messages.find((m) => m.op === 'subscribed')).not.toHaveProperty('resync');
          expect(back.pushes(`order:${pay.orderId}`).map((m) => m.payload?.state)).toEqual([3]);
          expect(comparePositions(parsePosition(String(back.pushes(`order:${pay.orderId}`)[0].position)), parsePosition(paidAt))).toBe(1);
        } finally {
          back.close();
        }
      }
    });
  });

  it('pushes a payment once on the instance that handled the callback (no command-path push besides the log\'s)', async () => {
    const shopper = await newShopper(a, NOW);
    const pay = (await shopper.submit({ shops: cupOrder(1) })).body.data;
    const onA = await socketOn(a, shopper.token, [`order:${pay.orderId}`, `user:${shopper.userId}`]);
    try {
      expect((await confirmOn(a, pay.paymentId)).ok).toBe(true);
      await onA.pushed(`order:${pay.orderId}`, (p) => p.code === 'SUCCESS');
      // a later change on another channel of the same socket: the feed pushes in log order, so any second push of the
      // payment would have come before this one
      expect((await shopper.call('POST', '/cart/addCart', { skuId: ids.sku.tea, number: 1 })).body.code).toBe('200');
      await onA.pushed(`user:${shopper.userId}`, (p) => p.cartNumber === 1);
      const orderPushes = onA.pushes(`order:${pay.orderId}`);
      const paidAt = await paidPosition(pay.orderId);
      expect(orderPushes.filter((m) => m.position === formatPosition(paidAt)).map((m) => m.payload?.code)).toEqual(['SUCCESS']);
      // any other SUCCESS is the placing's push, sent late enough to read the order already paid: never a later one
      for (const m of orderPushes.filter((p) => p.payload?.code === 'SUCCESS')) {
        expect(comparePositions(parsePosition(String(m.position)), paidAt)).toBeLessThanOrEqual(0);
      }
      expect(new Set(orderPushes.map((m) => m.position)).size).toBe(orderPushes.length);
      expect(onA.pushes(`user:${shopper.userId}`).filter((m) => m.payload?.cartNumber !== undefined)).toHaveLength(1);
    } finally {
      onA.close();
    }
  });

  it('pushes the stock left on sku:<id> to B when an order on A reserves it', async () => {
    const shopper = await newShopper(a, NOW);
    const watcher = await newShopper(a, NOW, false);
    const onB = await socketOn(b, watcher.token, [`sku:${ids.sku.lamp}`]);
    try {
      const before = (await a.runtime.db.query<{ stock: number }>(
        'select coalesce(st.available, s.stock) as stock from skus s left join sku_stock st on st.sku_id = s.sku_id where s.sku_id = $1',
        [ids.sku.lamp])).rows[0].stock;
      expect((await shopper.submit({ shops: [shopOf(ids.shop, [line(ids.sku.lamp, 2)])] })).body.code).toBe('200');
      await onB.pushed(`sku:${ids.sku.lamp}`, (p) => p.stockNumber === Number(before) - 2);
      expect(onB.pushes(`sku:${ids.sku.lamp}`).at(-1)?.payload).toMatchObject({ skuId: ids.sku.lamp, stockNumber: Number(before) - 2 });
    } finally {
      onB.close();
    }
  });

  it('pushes a group\'s members joining and its forming on collage:<id> to B', async () => {
    const buy = (shopper: Shopper, type: 1 | 2, collageId?: number) => shopper.submit({
      type, shopGroupWorkId: ids.groupWork, collageId, shops: [shopOf(ids.otherShop, [line(ids.sku.group, 1, 0)])],
    });
    const leader = await newShopper(a, NOW);
    const opened = (await buy(leader, 1)).body.data;
    const onB = await socketOn(b, leader.token, [`collage:${opened.collageId}`]);
    try {
      await confirmOn(a, opened.paymentId);
      await onB.pushed(`collage:${opened.collageId}`, (p) => p.state === 0 && p.people === 1);
      const member = await newShopper(a, NOW);
      const heard = onB.pushes(`collage:${opened.collageId}`).length;
      const joined = (await buy(member, 2, opened.collageId)).body.data;
      // the member joined (not paid yet: still one place missing)
      await until(() => onB.pushes(`collage:${opened.collageId}`).length > heard, WAIT_MS);
      expect(onB.pushes(`collage:${opened.collageId}`).at(-1)?.payload).toMatchObject({ state: 0, people: 1 });
      await confirmOn(a, joined.paymentId);
      await onB.pushed(`collage:${opened.collageId}`, (p) => p.state === 1);
      expect(onB.pushes(`collage:${opened.collageId}`).at(-1)?.payload).toMatchObject({
        collageId: opened.collageId, state: 1, person: 2, people: 0, personList: [{ id: leader.userId }, { id: member.userId }],
      });
      const positions = onB.pushes(`collage:${opened.collageId}`).map((m) => parsePosition(String(m.position)));
      for (let i = 1; i < positions.length; i += 1) expect(comparePositions(positions[i - 1], positions[i])).toBe(-1);
    } finally {
      onB.close();
    }
  });

  it('drops the subscriptions of a socket on B once its session logs out on A', async () => {
    const shopper = await newShopper(a, NOW, false);
    const onB = await socketOn(b, shopper.token, [`user:${shopper.userId}`]);
    try {
      expect(b.runtime.hub.listenersOf(`user:${shopper.userId}`)).toBe(1);
      expect((await shopper.call('POST', '/app/logout')).body.code).toBe('200');
      await until(() => onB.messages.some((m) => m.op === 'error' && m.code === '20004'), WAIT_MS);
      expect(b.runtime.hub.listenersOf(`user:${shopper.userId}`)).toBe(0);
      onB.ws.send(JSON.stringify({ op: 'subscribe', channel: `user:${shopper.userId}` }));
      await until(() => onB.messages.some((m) => m.op === 'error' && m.code === '20005'), WAIT_MS);
      expect(b.runtime.hub.listenersOf(`user:${shopper.userId}`)).toBe(0);
    } finally {
      onB.close();
    }
  });
}, 'integration');
