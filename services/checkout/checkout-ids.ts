/**
 * Ids the checkout makes outside the domain. Order and collage ids come from database sequences (unique across API
 * processes sharing the database, JSON-safe numbers; order ids in blocks of ORDER_ID_BLOCK per process); order numbers (orderFormid) are 15 random digits 1-9 as the
 * original made them; payment ids are WeChat out_trade_no values (6-32 of [0-9A-Za-z], no dash so that
 * `payment-<id>` keeps its category): `JS` + Shanghai time to the second + 10 random characters of [0-9A-Za-z]
 * (24 characters). With 6 random digits a flash sale's thousand checkouts in one second drew the same id about every
 * other wave, and the second CreatePayment was refused with 支付状态已变更 after its stock was reserved; 10 digits
 * still met about once in 2,000 runs of 5,000 draws (CI saw it); 62^10 values make a repeat in a second of 5,000
 * draws a chance of about 1 in 70 billion. Refund ids
 * stay within WeChat's 32 characters for order ids of up to 7 digits. The checkout id is derived
 * from the shopper and the Idempotency-Key, so every retry of one attempt lands on the same `checkout-<id>` stream.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';

export interface CheckoutIds {
  orderId(): Promise<number>;
  collageId(): Promise<number>;
  orderFormid(): string;
  paymentId(now: Date): string;
  refundId(paymentId: string, orderId: number): string;
}

const PAYMENT_ID_RANDOM_CHARS = 10;
const OUT_TRADE_NO_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const digits = (count: number, from = 0): string =>
  Array.from({ length: count }, () => String(randomInt(from, 10))).join('');
const tradeChars = (count: number): string =>
  Array.from({ length: count }, () => OUT_TRADE_NO_CHARS[randomInt(0, OUT_TRADE_NO_CHARS.length)]).join('');

/** Order ids a process takes from the sequence at once (one nextval per block instead of one per order). */
export const ORDER_ID_BLOCK = 20;

/**
 * Ids handed out from blocks of `size` consecutive ids, each block's first id from `take` (a sequence stepping by
 * `size`, so blocks of different processes never meet). Callers arriving while a block is fetched share that fetch.
 * The unused rest of a block is skipped when the process ends.
 */
export function blockIds(take: () => Promise<number>, size: number): () => Promise<number> {
  let next = 0;
  let end = 0;
  let refill: Promise<void> | null = null;
  return async () => {
    while (next >= end) {
      refill ??= take().then((first) => {
        next = first;
        end = first + size;
      }).finally(() => {
        refill = null;
      });
      await refill;
    }
    const id = next;
    next += 1;
    return id;
  };
}

export async function createCheckoutIds(db: Database): Promise<CheckoutIds> {
  await migrate(db, 'checkout-ids', [
    'create sequence if not exists checkout_order_ids start with 10001',
    'create sequence if not exists checkout_collage_ids start with 1001',
    `alter sequence checkout_order_ids increment by ${ORDER_ID_BLOCK}`,
  ]);
  const next = async (sequence: string) => {
    const { rows } = await db.query<{ id: string }>(`select nextval('${sequence}') as id`);
    return Number(rows[0].id);
  };
  return {
    orderId: blockIds(() => next('checkout_order_ids'), ORDER_ID_BLOCK),
    collageId: () => next('checkout_collage_ids'),
    orderFormid: () => digits(15, 1),
    paymentId: (now) => `JS${shanghaiStamp(now)}${tradeChars(PAYMENT_ID_RANDOM_CHARS)}`,
    // deterministic: asking twice for the same order's refund of the same payment is one refund
    refundId: (paymentId, orderId) => `RF${paymentId.slice(2)}O${orderId}`.slice(0, 32),
  };
}

/** yyMMddHHmmss in Asia/Shanghai. */
function shanghaiStamp(now: Date): string {
  const d = new Date(now.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`
    + `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/** A positive safe integer from the shopper and the Idempotency-Key (53 bits of SHA-256). */
export function checkoutIdOf(userId: number, idempotencyKey: string): number {
  const hash = createHash('sha256').update(`checkout:${userId}:${idempotencyKey}`).digest();
  const id = Number(hash.readBigUInt64BE(0) >> 11n);
  return id === 0 ? 1 : id;
}

/** A stable fingerprint of a request body (keys sorted), to tell a retry from a different request under one key. */
export function requestHashOf(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
