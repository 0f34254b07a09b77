/**
 * One shopper's buy-now checkout over HTTP, with the request shapes the storefront sends (web/src/features/checkout):
 * settle (`POST /api/order/getSettlement`), submit (`POST /api/order/submit` with its Idempotency-Key), pay
 * (`PUT /api/order/pay`, type 1: the place-order page's QR) and the payer's 确认支付 on the sandbox cashier
 * (`POST /pay/sandbox/:paymentId/confirm`, which sends the server the signed, encrypted callback WeChat would send).
 * Each step is timed; a refused step throws StepError naming the step and the answer's code.
 */
import { now } from '../stats';
import type { BuyLine } from './demo-skus';
import type { Envelope, HttpClient } from './http-client';
import type { Shopper } from './shoppers';

export const STEPS = ['settle', 'submit', 'pay', 'callback'] as const;
export type Step = (typeof STEPS)[number];

export interface PayInfo { money: number; orderId: number; orderIds: number[]; collageId: number; url: string; codeUrl: string; paymentId: string }
interface SettledShop { shopId: number; distribution: { distributionPrice: number; logisticsId: number } }

/** A flash-sale line names its activity, as the place-order page does for a 秒杀 SKU. */
export interface FlashClaim { shopSeckillId: number }

export class StepError extends Error {
  constructor(readonly step: Step, readonly code: string, readonly detail: string) {
    super(`${step}: ${code} ${detail}`);
    this.name = 'StepError';
  }
}

function expectOk<T>(step: Step, answer: { status: number; body: Envelope<T> }): T {
  if (answer.body.code !== '200') throw new StepError(step, answer.body.code, answer.body.message);
  return answer.body.data;
}

const shopsOf = (line: BuyLine, selected?: number) =>
  [{ shopId: line.shopId, skus: [{ skuId: line.skuId, number: 1, ...(selected === undefined ? {} : { selected }) }] }];

/** The settlement body of a buy-now (`/placeOrder?type=1&ifWork=0&shops=…`). */
export const settlementBody = (shopper: Shopper, line: BuyLine) =>
  ({ type: 1, ifWork: 0, receiveId: shopper.receiveId, shops: shopsOf(line) });

export async function settle(client: HttpClient, shopper: Shopper, line: BuyLine): Promise<SettledShop> {
  const data = expectOk('settle', await client.api<{ shops: SettledShop[] }>('POST', '/order/getSettlement',
    { token: shopper.token, body: settlementBody(shopper, line) }));
  return data.shops[0];
}

/** The submit body of a buy-now line (selected 0: not from the cart), with the settled shipping echoed as the page does. */
export function submitBody(shopper: Shopper, line: BuyLine, distribution: SettledShop['distribution'] | null, flash?: FlashClaim) {
  const [shop] = shopsOf(line, 0);
  return {
    ...(flash ? { type: 3, shopSeckillId: flash.shopSeckillId } : { type: null }),
    receiveId: shopper.receiveId, couponId: null, price: 0, discountPrice: 0, remark: '', paymentMode: 1,
    shops: [{ ...shop, id: null, remark: '', ...(distribution ? { distribution } : {}) }],
  };
}

export async function submit(client: HttpClient, shopper: Shopper, body: object, idempotencyKey: string): Promise<PayInfo> {
  return expectOk('submit', await client.api<PayInfo>('POST', '/order/submit',
    { token: shopper.token, body, headers: { 'idempotency-key': idempotencyKey } }));
}

export async function pay(client: HttpClient, shopper: Shopper, orderId: number): Promise<PayInfo> {
  return expectOk('pay', await client.api<PayInfo>('PUT', '/order/pay', { token: shopper.token, body: { orderId, type: 1 } }));
}

export async function confirmOnSandbox(client: HttpClient, paymentId: string): Promise<void> {
  const answer = await client.request<{ ok: boolean; message: string }>('POST', `/pay/sandbox/${encodeURIComponent(paymentId)}/confirm`);
  if (!answer.body.ok) throw new StepError('callback', String(answer.status), answer.body.message);
}

export interface CheckoutTiming { orderId: number; total: number; steps: Record<Step, number> }

/** settle → submit → pay → callback, each step timed. */
export async function checkoutOnce(client: HttpClient, shopper: Shopper, line: BuyLine, idempotencyKey: string): Promise<CheckoutTiming> {
  const steps = {} as Record<Step, number>;
  const t0 = now();
  let t = t0;
  const lap = (step: Step) => {
    const at = now();
    steps[step] = at - t;
    t = at;
  };
  const shop = await settle(client, shopper, line);
  lap('settle');
  const submitted = await submit(client, shopper, submitBody(shopper, line, shop.distribution), idempotencyKey);
  lap('submit');
  const payment = await pay(client, shopper, submitted.orderId);
  lap('pay');
  await confirmOnSandbox(client, payment.paymentId);
  lap('callback');
  return { orderId: submitted.orderId, total: t - t0, steps };
}

export interface CheckoutRound { timings: CheckoutTiming[]; errors: Map<string, number>; ms: number }

/**
 * `lines.length` checkouts, `workers` at a time, worker w on clients[w mod clients.length] (one client for one
 * server; one per instance for a cluster); a refused step counts as an error of that step, not a crash.
 */
export async function checkoutRound(
  clients: readonly HttpClient[], shoppers: readonly Shopper[], lines: readonly BuyLine[], tag: string, workers: number,
): Promise<CheckoutRound> {
  const timings: CheckoutTiming[] = [];
  const errors = new Map<string, number>();
  let next = 0;
  const started = now();
  await Promise.all(Array.from({ length: workers }, async (_, worker) => {
    const client = clients[worker % clients.length];
    while (next < lines.length) {
      const i = next;
      next += 1;
      try {
        timings.push(await checkoutOnce(client, shoppers[i % shoppers.length], lines[i], `${tag}-${i}`));
      } catch (error) {
        const key = error instanceof StepError ? `${error.step} ${error.code} ${error.detail}` : String(error);
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
  }));
  return { timings, errors, ms: now() - started };
}
