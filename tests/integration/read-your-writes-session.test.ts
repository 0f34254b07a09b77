/**
 * Read-your-writes across requests (issue 10 finding 7; DESIGN.md §6): a command whose wait timed out answers 200 with
 * `x-read-your-writes: behind` and its writes stay with the session; the shopper's next requests — on this API
 * instance or another one sharing the sessions table — wait for them, say `behind` when they still lag, and a call
 * that decides on read models (the profile update) answers HTTP 503 服务繁忙，请稍后重试 instead of deciding on a stale
 * one; the checkout (settlement, submit) decides from the shopper's streams instead (issue 28), so the address just
 * saved is the one it ships to rather than a misleading 81004 请选择您的收货地址. Once the read model caught up,
 * answers are whole again and the session forgets the writes.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../services/api/app';
import { runtimeAppDeps } from '../../services/app-deps';
import { openPayments } from '../../services/payments/payments';
import { RealtimeHub } from '../../services/realtime/hub';
import { createScheduler } from '../../services/scheduler/scheduler';
import { settleCheckoutFixture } from './checkout.fixtures';
import { cupOrder, newShopper, type Shopper } from './checkout.support';
import { startTestServer, type TestServer } from '../support/test-server';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let server: TestServer;
let otherInstance: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer({ web: false, clock: () => NOW });
  await settleCheckoutFixture(server, NOW);
  // a second API instance on the same database: its own scheduler, payment port and hub, the same sessions table
  const { runtime } = server;
  otherInstance = await buildApp({
    ...runtimeAppDeps(runtime, { opsToken: server.opsToken }),
    scheduler: await createScheduler({ db: runtime.db, clock: () => NOW }),
    payments: await openPayments(runtime.config, { db: runtime.db, clock: () => NOW }),
    hub: new RealtimeHub(),
  });
});
afterAll(async () => {
  await otherInstance?.close();
  await server?.stop();
});

const ADDRESS = { receiveName: '王五', receivePhone: '13912345678', receiveAdress: '湖北省-武汉市-武昌区', address: '中山路 8 号', label: '家', defult: 'true' };

async function rawCall(shopper: Shopper, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api${path}`, {
    method, headers: { authorization: shopper.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status, retryAfter: response.headers.get('retry-after'), header: response.headers.get('x-read-your-writes'),
    body: await response.json() as { code: string; message: string; data: Record<string, unknown> },
  };
}

const remembered = async (shopper: Shopper) => (await server.runtime.db.query<{ read_position: Record<string, unknown> | null }>(
  'select read_position from sessions where token = $1', [shopper.token])).rows[0]?.read_position ?? null;

describe('a shopper who saved an address while the address book read model lags', () => {
  let shopper: Shopper;
  let receiveId: number;
  let resume: () => void = () => undefined;
  beforeAll(async () => {
    shopper = await newShopper(server, NOW, false);
    resume = await server.runtime.projections.pause('addresses');
  });
  afterAll(() => resume());

  it('is answered 200 with x-read-your-writes: behind, and the session remembers the write', async () => {
    const saved = await rawCall(shopper, 'POST', '/receive/save', ADDRESS);
    expect(saved.body.code).toBe('200');
    expect(saved.header).toBe('behind');
    receiveId = Number(saved.body.data.receiveId);
    expect(Object.keys(await remembered(shopper) ?? {})).toEqual([expect.stringMatching(/^address-book-|^user-/)]);
  });

  it('settles with the address just saved, read from its stream, rather than 81004 请选择您的收货地址', async () => {
    const settled = await rawCall(shopper, 'POST', '/order/getSettlement', { type: 2, ifWork: 0, receiveId, shops: cupOrder(1) });
    expect(settled.body).toMatchObject({ code: '200', data: { receive: { receiveId } } });
    expect(settled.header).toBe('behind');
  });

  it('is told 503 服务繁忙，请稍后重试 by a call that can only decide on read models (the profile update)', async () => {
    const updated = await rawCall(shopper, 'PUT', '/user/update', { name: '王五', headImage: '/images/avatar.png' });
    // busy is an answer a retry could get: HTTP 503 with Retry-After like any other (issue 28)
    expect([updated.status, updated.retryAfter]).toEqual([503, '1']);
    expect(updated.body).toEqual({ code: '503', message: '服务繁忙，请稍后重试', data: null });
    expect(updated.header).toBe('behind');
  });

  it('reads its address list marked behind, on another API instance too', async () => {
    expect((await rawCall(shopper, 'GET', '/receive/getAll')).header).toBe('behind');
    const elsewhere = await otherInstance.inject({ method: 'GET', url: '/api/receive/getAll', headers: { authorization: shopper.token } });
    expect(elsewhere.headers['x-read-your-writes']).toBe('behind');
  });

  it('settles with the saved address once the read model caught up, and the session forgets the write', async () => {
    resume();
    const settled = await rawCall(shopper, 'POST', '/order/getSettlement', { type: 2, ifWork: 0, receiveId, shops: cupOrder(1) });
    expect(settled.body.code).toBe('200');
    expect(settled.header).toBeNull();
    expect(settled.body.data.receive).toMatchObject({ receiveId });
    expect(await remembered(shopper)).toBeNull();
  });
});

describe('a shopper whose writes the read models applied in time', () => {
  it('is answered without the header and the session stores nothing', async () => {
    const shopper = await newShopper(server, NOW, false);
    const saved = await rawCall(shopper, 'POST', '/receive/save', ADDRESS);
    expect(saved.header).toBeNull();
    expect(await remembered(shopper)).toBeNull();
  });
});
