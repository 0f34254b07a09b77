/**
 * The storefront and merchant calls the crash scenarios make (issue 28), and what a shopper whose answer was lost
 * would see afterwards, read from the store: the buyer's checkout and orders, an order's after-sale, a group.
 * Requests go out once: a call that got no answer is never asked again (the crash suite proves the server finishes
 * a process without client retries).
 */
import type { Queryable } from '../../../services/db/database';
import { confirmOnSandbox, pay, settle, submit, submitBody, type PayInfo } from '../../bench/buy/checkout-flow';
import { plainSkus, type BuyLine } from '../../bench/buy/demo-skus';
import type { HttpClient } from '../../bench/buy/http-client';
import { signInShoppers, type Shopper } from '../../bench/buy/shoppers';
import { OPS_TOKEN } from './fault-env';

export type { PayInfo, Shopper };

/** Phones are numbered across the file (one database), so no two scenarios share a buyer. */
let nextPhone = 500;
export async function newShoppers(client: HttpClient, count: number): Promise<Shopper[]> {
  const first = nextPhone;
  nextPhone += count;
  return signInShoppers({ opsToken: OPS_TOKEN }, client, count, first);
}

/** A buy-now of one unit (type 0): settle, then submit under `key`. */
export async function buyNow(client: HttpClient, shopper: Shopper, line: BuyLine, key: string): Promise<PayInfo> {
  const shop = await settle(client, shopper, line);
  return submit(client, shopper, submitBody(shopper, line, shop.distribution), key);
}

/**
 * A checkout from the cart: `lines` added to the shopper's cart, then submitted selected (selected 1), one shop entry
 * per shop — the path whose steps include the cart leaving (and the commitment apart from the completion).
 */
export async function fillCart(client: HttpClient, shopper: Shopper, lines: readonly BuyLine[]): Promise<void> {
  for (const line of lines) {
    await expectOk(`add ${line.skuId} to the cart`, client.api('POST', '/cart/addCart', { token: shopper.token, body: { skuId: line.skuId, number: 1 } }));
  }
}

export async function checkoutCart(client: HttpClient, shopper: Shopper, lines: readonly BuyLine[], key: string): Promise<PayInfo> {
  const shopIds = [...new Set(lines.map((l) => l.shopId))];
  return submit(client, shopper, {
    type: null, receiveId: shopper.receiveId, couponId: null, price: 0, discountPrice: 0, remark: '', paymentMode: 1,
    shops: shopIds.map((shopId) => ({
      shopId, id: null, remark: '',
      skus: lines.filter((l) => l.shopId === shopId).map((l) => ({ skuId: l.skuId, number: 1, selected: 1 })),
    })),
  }, key);
}

/** Opens (type 1) or joins (type 2, `collageId`) a group of activity `shopGroupWorkId` with one unit of `line`. */
export async function groupBuy(
  client: HttpClient, shopper: Shopper, line: BuyLine, shopGroupWorkId: number, key: string, collageId?: number,
): Promise<PayInfo> {
  return submit(client, shopper, {
    type: collageId === undefined ? 1 : 2, shopGroupWorkId, collageId: collageId ?? null,
    receiveId: shopper.receiveId, couponId: null, price: 0, discountPrice: 0, remark: '', paymentMode: 1,
    shops: [{ shopId: line.shopId, id: null, remark: '', skus: [{ skuId: line.skuId, number: 1, selected: 0 }] }],
  }, key);
}

export { confirmOnSandbox, pay };

async function expectOk<T>(what: string, answer: Promise<{ status: number; body: { code: string; message: string; data: T } }>): Promise<T> {
  const { status, body } = await answer;
  if (body.code !== '200') throw new Error(`${what}: HTTP ${status} ${body.code} ${body.message}`);
  return body.data;
}

/** 仅退款 of the one unit of a paid, unshipped order (goods not received: the shipping is refunded too, spec §4). */
export async function submitRefundOnly(client: HttpClient, shopper: Shopper, orderId: number, skuId: number): Promise<number> {
  const data = await expectOk('after-sale submit', client.api<{ afterId: number }>('POST', '/after/submit', {
    token: shopper.token,
    body: { orderId, afterType: 1, goodsState: 0, returnReason: '多拍/拍错/不想要', explain: '崩溃测试', image: '', skus: [{ skuId, number: 1 }] },
  }));
  return data.afterId;
}

/** The merchant agrees (internal route, ops token): a refund-only after-sale goes to 2 and is refunded. */
export async function agree(client: HttpClient, afterId: number): Promise<number> {
  const data = await expectOk(`agree ${afterId}`, client.request<{ code: string; message: string; data: { afterState: number } }>(
    'POST', `/internal/after-sales/${afterId}/agree`, { body: {}, headers: { 'x-ops-token': OPS_TOKEN } }));
  return data.afterState;
}

/** 取消订单 by its shopper (PUT /api/order/cancel). */
export async function cancelOrder(client: HttpClient, shopper: Shopper, orderId: number): Promise<void> {
  await expectOk(`cancel ${orderId}`, client.api('PUT', '/order/cancel', { token: shopper.token, body: { orderId } }));
}

/** The merchant's ship request: answers the envelope's code ('200' when the order was shipped). */
export async function shipCode(client: HttpClient, orderId: number): Promise<string> {
  const { body } = await client.request<{ code: string }>('POST', `/internal/orders/${orderId}/ship`,
    { body: { express: 'SF', deliverFormid: '12345678901' }, headers: { 'x-ops-token': OPS_TOKEN } });
  return body.code;
}

// --- the store, as the shopper's next screen would show it ---

async function types(db: Queryable, streamId: string): Promise<string[]> {
  const { rows } = await db.query<{ type: string }>('select type from events where stream_id = $1 order by stream_revision', [streamId]);
  return rows.map((r) => r.type);
}

export const streamTypes = types;

/** The buyer's checkouts (`checkout-<id>` streams), each with its final event or null. */
export async function checkoutsOf(db: Queryable, userId: number): Promise<{ streamId: string; end: string | null }[]> {
  const { rows } = await db.query<{ stream_id: string }>(
    `select stream_id from events where type = 'CheckoutStarted' and (data->>'userId')::bigint = $1 order by global_position`, [userId]);
  return Promise.all(rows.map(async ({ stream_id }) => {
    const all = await types(db, stream_id);
    return { streamId: stream_id, end: all.find((t) => ['CheckoutCompleted', 'CheckoutFailed', 'CheckoutAbandoned'].includes(t)) ?? null };
  }));
}

export interface PlacedOrder { orderId: number; collageId: number }

/** The buyer's orders in the store (OrderPlaced), oldest first. */
export async function ordersOf(db: Queryable, userId: number): Promise<PlacedOrder[]> {
  const { rows } = await db.query<{ stream_id: string; collage_id: string | null }>(
    `select stream_id, data->>'collageId' as collage_id from events
     where type = 'OrderPlaced' and (data->>'userId')::bigint = $1 order by global_position`, [userId]);
  return rows.map((r) => ({ orderId: Number(r.stream_id.slice('order-'.length)), collageId: Number(r.collage_id ?? 0) }));
}

/** The order's state in the orders read model (what the shopper's screen shows), or null. */
export async function orderState(db: Queryable, orderId: number): Promise<number | null> {
  const { rows } = await db.query<{ state: number }>('select state from orders where order_id = $1', [orderId]);
  return rows[0] ? Number(rows[0].state) : null;
}

/** The after-sales submitted on the order (AfterSaleSubmitted), oldest first. */
export async function afterSalesOf(db: Queryable, orderId: number): Promise<number[]> {
  const { rows } = await db.query<{ after_id: string }>(
    `select data->>'afterId' as after_id from events where type = 'AfterSaleSubmitted' and (data->>'orderId')::bigint = $1
     order by global_position`, [orderId]);
  return rows.map((r) => Number(r.after_id));
}

/** The after-sale's afterState in its read model, or null. */
export async function afterState(db: Queryable, afterId: number): Promise<number | null> {
  const { rows } = await db.query<{ after_state: number }>('select after_state from after_sales where after_id = $1', [afterId]);
  return rows[0] ? Number(rows[0].after_state) : null;
}

/** The group's state in its read model (0 forming, 1 success, 2 failed), or null. */
export async function collageState(db: Queryable, collageId: number): Promise<number | null> {
  const { rows } = await db.query<{ state: number }>('select state from order_collages where collage_id = $1', [collageId]);
  return rows[0] ? Number(rows[0].state) : null;
}

/** The payment the order was placed with (the payment stream naming it), or null. */
export async function paymentOf(db: Queryable, orderId: number): Promise<string | null> {
  const { rows } = await db.query<{ payment_id: string }>(
    `select data->>'paymentId' as payment_id from events where type = 'PaymentCreated' and data->'orderIds' @> $1::jsonb
     order by global_position desc limit 1`, [JSON.stringify([orderId])]);
  return rows[0]?.payment_id ?? null;
}

// --- waiting on the store, and the scenarios' ids ---

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers a value (not null), at most `ms`; throws `what` otherwise. */
export async function eventually<T>(what: string, probe: () => Promise<T | null>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what} not seen within ${ms / 1000} s`);
    await sleep(250);
  }
}

/** The next plain demo SKU with stock, in turn, so the runs do not drain one SKU. */
let turn = 0;
export async function nextPlainLine(db: Queryable): Promise<BuyLine> {
  const skus = await plainSkus(db, 20);
  if (skus.length === 0) throw new Error('no plain demo SKU with stock');
  turn += 1;
  return skus[turn % skus.length];
}

let keys = 0;
export const freshKey = (what: string) => `crash-${what}-${Date.now()}-${(keys += 1)}`;

/**
 * The shopper's checkout after its answer was lost: it has to end (completed, failed or given up); a completed one
 * has placed its orders, which the shopper then finds in 待付款 and pays from there (PUT /order/pay).
 */
export async function checkoutOutcome(db: Queryable, userId: number): Promise<{ end: string; orderIds: number[] }> {
  const ended = await eventually(`buyer ${userId}'s checkout to end`, async () => {
    const checkouts = await checkoutsOf(db, userId);
    const last = checkouts[checkouts.length - 1];
    return last?.end ? last.end : null;
  });
  return { end: ended, orderIds: (await ordersOf(db, userId)).map((o) => o.orderId) };
}
