/** HTTP helpers of the checkout suites: a shopper with a session and an address, coupon claims, checkout calls. */
import WebSocket from 'ws';
import type { TestServer } from '../support/test-server';
import { ids } from './checkout.fixtures';

export interface Envelope<T = Record<string, unknown>> { code: string; message: string; data: T }
export interface Call<T = Record<string, unknown>> { status: number; body: Envelope<T> }

export interface PayInfo { money: number; orderId: number; orderIds: number[]; collageId: number; url: string; codeUrl: string; paymentId: string }

export class Shopper {
  receiveId = 0;
  constructor(readonly server: TestServer, readonly userId: number, readonly token: string) {}

  async call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Call<T>> {
    const all: Record<string, string> = { authorization: this.token, ...headers };
    if (body !== undefined) all['content-type'] = 'application/json';
    const response = await fetch(`${this.server.url}/api${path}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  async addAddress(receiveAdress = '湖北省-武汉市-武昌区'): Promise<number> {
    const saved = await this.call('POST', '/receive/save', {
      receiveName: '王五', receivePhone: '13912345678', receiveAdress, address: '中山路 8 号', label: '家', defult: 'true',
    });
    if (saved.body.code !== '200') throw new Error(`address: ${saved.body.code} ${saved.body.message}`);
    const selected = await this.call<{ receiveId: number }>('GET', '/receive/getSelect');
    this.receiveId = selected.body.data.receiveId;
    return this.receiveId;
  }

  async claim(ref: { couponId?: number; shopCouponId?: number }): Promise<void> {
    const taken = await this.call('POST', '/coupon/takeCoupon', ref);
    if (taken.body.code !== '200') throw new Error(`claim ${JSON.stringify(ref)}: ${taken.body.code} ${taken.body.message}`);
  }

  settle(body: Record<string, unknown>) {
    return this.call<Settlement>('POST', '/order/getSettlement', { type: 2, ifWork: 0, receiveId: this.receiveId, ...body });
  }

  submit(body: Record<string, unknown>, key?: string) {
    return this.call<PayInfo>('POST', '/order/submit', { receiveId: this.receiveId, paymentMode: 1, remark: '', ...body },
      key ? { 'idempotency-key': key } : {});
  }
}

export interface SettlementShop {
  shopId: number; shopName: string; total: number; number: number; price: number; discountPrice: number;
  distribution: { distributionPrice: number; logisticsId: number; distributionName: string };
  shopCoupons: Array<{ id: number; shopCouponId: number; ifAdd: number; content: string }>;
  skus: Array<{ skuId: number; price: number; number: number; total: number; activityType: number }>;
}
export interface Settlement {
  receive: { receiveId: number } | null;
  shops: SettlementShop[];
  coupons: Array<{ id: number; couponId: number; reduceMoney: number; content: string; endTime: string }>;
  price: number; orderPrice: number; discountPrice: number; logisticsPrice: number;
}

let serial = 0;
/** A shopper with a fresh user id and a session (no SMS round trip: the session store is the seam). */
export async function newShopper(server: TestServer, now: Date, withAddress = true): Promise<Shopper> {
  serial += 1;
  const userId = 7_700_000 + serial;
  const shopper = new Shopper(server, userId, await server.runtime.sessions.create(userId, 1, now));
  if (withAddress) await shopper.addAddress();
  return shopper;
}

export const line = (skuId: number, number: number, selected = 1) => ({ skuId, number, selected });
export const shopOf = (shopId: number, skus: ReturnType<typeof line>[], extra: Record<string, unknown> = {}) => ({ shopId, skus, ...extra });
export const cupOrder = (number = 1) => [shopOf(ids.shop, [line(ids.sku.cupRed, number)])];

/** Events of a stream by type (to count what really happened). */
export async function typesOf(server: TestServer, streamId: string): Promise<string[]> {
  return (await server.runtime.store.readStream(streamId)).map((e) => e.type);
}

export async function available(server: TestServer, skuId: number): Promise<number | null> {
  const { rows } = await server.runtime.db.query<{ available: number }>('select available from sku_stock where sku_id = $1', [skuId]);
  return rows[0]?.available ?? null;
}

/** A websocket signed in as `token`, subscribed to `channel`; collects every push. */
export async function listen(server: TestServer, token: string, channel: string) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`);
  const messages: Array<{ op: string; channel?: string; payload?: Record<string, unknown>; position?: string }> = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => { ws.on('open', () => resolve()); ws.on('error', reject); });
  ws.send(JSON.stringify({ op: 'subscribe', channel }));
  await until(() => messages.some((m) => m.op === 'subscribed' || m.op === 'error'));
  return { ws, messages, pushes: () => messages.filter((m) => m.op === 'event') };
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
