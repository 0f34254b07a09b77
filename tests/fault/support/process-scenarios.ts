/**
 * The crash suite's scenarios (issue 28), one per process kind, on the demo seed: each names the moves a shopper
 * and a merchant make, what the shopper's next screen would show after a lost answer, and when the process is final.
 */
import type { Queryable } from '../../../services/db/database';
import { plainSkus, type BuyLine } from '../../bench/buy/demo-skus';
import type { ProcessScenario } from './process-crash-run';
import {
  afterSalesOf, afterState, agree, buyNow, cancelOrder, checkoutsOf, collageState, confirmOnSandbox, groupBuy, newShoppers, ordersOf,
  orderState, pay, shipCode, streamTypes, submitRefundOnly, type PayInfo, type Shopper,
} from './process-shop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers a value (not null), at most `ms`; throws `what` otherwise. */
async function eventually<T>(what: string, probe: () => Promise<T | null>, ms = 20_000): Promise<T> {
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
async function nextPlainLine(db: Queryable): Promise<BuyLine> {
  const skus = await plainSkus(db, 20);
  if (skus.length === 0) throw new Error('no plain demo SKU with stock');
  turn += 1;
  return skus[turn % skus.length];
}

let keys = 0;
const freshKey = (what: string) => `crash-${what}-${Date.now()}-${(keys += 1)}`;

/**
 * The shopper's checkout after its answer was lost: it has to end (completed, failed or given up); a completed one
 * has placed its orders, which the shopper then finds in 待付款 and pays from there (PUT /order/pay).
 */
async function checkoutOutcome(db: Queryable, userId: number): Promise<{ end: string; orderIds: number[] }> {
  const ended = await eventually(`buyer ${userId}'s checkout to end`, async () => {
    const checkouts = await checkoutsOf(db, userId);
    const last = checkouts[checkouts.length - 1];
    return last?.end ? last.end : null;
  });
  return { end: ended, orderIds: (await ordersOf(db, userId)).map((o) => o.orderId) };
}

// --- a. checkout: one buy-now submit ---

interface CheckoutCtx { shopper: Shopper; line: BuyLine; key: string }

export const checkoutScenario: ProcessScenario<CheckoutCtx> = {
  name: 'buy-now',
  title: 'a buy-now submit (type 0)',
  kinds: ['checkout'],
  async prepare(db, client) {
    const [shopper] = await newShoppers(client, 1);
    return { shopper, line: await nextPlainLine(db), key: freshKey('buy') };
  },
  moves: [{
    name: 'submit',
    async run(client, ctx) { await buyNow(client, ctx.shopper, ctx.line, ctx.key); },
    async afterLostAnswer() { /* the checkout is the process under test: pending() waits for its end */ },
  }],
  async pending(db, ctx) {
    const checkouts = await checkoutsOf(db, ctx.shopper.userId);
    if (checkouts.length !== 1) return `${checkouts.length} checkouts of buyer ${ctx.shopper.userId} (one submit)`;
    if (!checkouts[0].end) return `${checkouts[0].streamId} has not ended`;
    if (checkouts[0].end === 'CheckoutCompleted') {
      for (const { orderId } of await ordersOf(db, ctx.shopper.userId)) {
        if ((await orderState(db, orderId)) !== 1) return `order ${orderId} is not 待付款 in the orders read model yet`;
      }
    }
    return null;
  },
};

// --- b. payment: a placed order paid on the sandbox cashier ---

interface PaymentCtx { shopper: Shopper; pay: PayInfo }

export const paymentScenario: ProcessScenario<PaymentCtx> = {
  name: 'pay',
  title: 'a placed order paid on the sandbox cashier (确认支付)',
  kinds: ['payment'],
  async prepare(db, client) {
    const [shopper] = await newShoppers(client, 1);
    return { shopper, pay: await buyNow(client, shopper, await nextPlainLine(db), freshKey('pay')) };
  },
  moves: [{
    name: 'confirm',
    async run(client, ctx) { await confirmOnSandbox(client, ctx.pay.paymentId); },
    async afterLostAnswer() { /* the payment is the process under test */ },
  }],
  async pending(db, ctx) {
    const payment = await streamTypes(db, `payment-${ctx.pay.paymentId}`);
    if (!payment.includes('PaymentSucceeded')) return `payment ${ctx.pay.paymentId} has not succeeded (${payment.join(',')})`;
    const order = await streamTypes(db, `order-${ctx.pay.orderId}`);
    if (!order.includes('OrderPaid')) return `order ${ctx.pay.orderId} is not paid (${order.join(',')})`;
    const state = await orderState(db, ctx.pay.orderId);
    return state === 2 ? null : `order ${ctx.pay.orderId} shows state ${state}, not 2 待发货`;
  },
};

// --- c. after-sale: refund only of a paid order, agreed by the merchant ---

interface AfterSaleCtx { shopper: Shopper; line: BuyLine; pay: PayInfo; afterId: number | null }

export const afterSaleScenario: ProcessScenario<AfterSaleCtx> = {
  name: 'refund only',
  title: 'a paid order\'s refund-only after-sale, submitted and agreed to',
  kinds: ['after-sale'],
  async prepare(db, client) {
    const [shopper] = await newShoppers(client, 1);
    const line = await nextPlainLine(db);
    const payInfo = await buyNow(client, shopper, line, freshKey('after'));
    await confirmOnSandbox(client, payInfo.paymentId);
    await eventually(`order ${payInfo.orderId} paid`, async () => ((await orderState(db, payInfo.orderId)) === 2 ? true : null));
    return { shopper, line, pay: payInfo, afterId: null };
  },
  moves: [{
    name: 'after-sale submit',
    async run(client, ctx) { ctx.afterId = await submitRefundOnly(client, ctx.shopper, ctx.pay.orderId, ctx.line.skuId); },
    async afterLostAnswer(db, _client, ctx) {
      // the shopper's 售后 list: the application is there, 审核中, for the merchant to answer
      ctx.afterId = await eventually(`the after-sale of order ${ctx.pay.orderId}`, async () => {
        const [afterId] = await afterSalesOf(db, ctx.pay.orderId);
        return afterId !== undefined && (await afterState(db, afterId)) === 1 ? afterId : null;
      });
    },
  }, {
    name: 'merchant agrees',
    async run(client, ctx) { await agree(client, ctx.afterId!); },
    async afterLostAnswer() { /* the refund and the order's side are the process's */ },
  }],
  async pending(db, ctx) {
    if (ctx.afterId === null) return 'no after-sale';
    const state = await afterState(db, ctx.afterId);
    if (state !== 4) return `after-sale ${ctx.afterId} in ${state}, not 4 退款成功`;
    const refunds = (await streamTypes(db, `payment-${ctx.pay.paymentId}`)).filter((t) => t === 'PaymentRefunded').length;
    if (refunds !== 1) return `payment ${ctx.pay.paymentId} has ${refunds} PaymentRefunded`;
    const order = await orderState(db, ctx.pay.orderId);
    return order === 5 ? null : `order ${ctx.pay.orderId} in ${order}, not 5 已关闭 (its one line was refunded)`;
  },
  async finalProblems(db, client, ctx) {
    const code = await shipCode(client, ctx.pay.orderId);
    const afterSales = await afterSalesOf(db, ctx.pay.orderId);
    return [
      ...(code === '200' ? [`order ${ctx.pay.orderId}, refunded in full, was shipped`] : []),
      ...(afterSales.length === 1 ? [] : [`order ${ctx.pay.orderId} has ${afterSales.length} after-sales (one submitted)`]),
    ];
  },
};

// --- d. collage: a group of two, opened by A, joined by B, both paid ---

interface CollageCtx {
  a: Shopper; b: Shopper; line: BuyLine; groupWorkId: number;
  aPay: PayInfo | null; bPay: PayInfo | null; collageId: number;
}

/** A live group-buy activity of 2 from the demo seed, and one of its SKUs with stock. */
async function groupOfTwo(db: Queryable): Promise<{ groupWorkId: number; line: BuyLine }> {
  const { rows } = await db.query<{ activity_id: string; sku_id: string; shop_id: string }>(
    `select i.activity_id, i.sku_id, i.shop_id from promotion_items i
     join promotions p on p.kind = i.kind and p.activity_id = i.activity_id
     join skus s on s.sku_id = i.sku_id left join sku_stock st on st.sku_id = i.sku_id
     where i.kind = 'group-work' and p.person = 2 and i.start_time <= now() and i.end_time > now()
       and coalesce(st.available, s.stock) >= 20
     order by i.activity_id, i.sku_id limit 1`);
  if (!rows[0]) throw new Error('no live group-buy of 2 in the demo seed');
  return { groupWorkId: Number(rows[0].activity_id), line: { skuId: Number(rows[0].sku_id), shopId: Number(rows[0].shop_id) } };
}

/** After a lost group checkout answer: its order as the shopper's 待付款 shows it, and a QR to pay it with. */
async function placedGroupOrder(db: Queryable, client: Parameters<typeof pay>[0], shopper: Shopper): Promise<PayInfo> {
  const outcome = await checkoutOutcome(db, shopper.userId);
  if (outcome.end !== 'CheckoutCompleted' || outcome.orderIds.length !== 1) {
    throw new Error(`buyer ${shopper.userId}'s group checkout ended ${outcome.end} with ${outcome.orderIds.length} order(s)`);
  }
  return pay(client, shopper, outcome.orderIds[0]);
}

export const collageScenario: ProcessScenario<CollageCtx> = {
  name: 'group of 2',
  // the group's success is the completing payment's (kind payment), its members' places the checkouts' (kind checkout)
  title: 'a group of 2: A opens, B joins, both pay (the 2nd payment completes it)',
  kinds: ['checkout', 'payment'],
  async prepare(db, client) {
    const [a, b] = await newShoppers(client, 2);
    const { groupWorkId, line } = await groupOfTwo(db);
    return { a, b, line, groupWorkId, aPay: null, bPay: null, collageId: 0 };
  },
  moves: [{
    name: 'A opens',
    async run(client, ctx) {
      ctx.aPay = await groupBuy(client, ctx.a, ctx.line, ctx.groupWorkId, freshKey('open'));
      ctx.collageId = ctx.aPay.collageId;
    },
    async afterLostAnswer(db, client, ctx) {
      ctx.aPay = await placedGroupOrder(db, client, ctx.a);
      ctx.collageId = ctx.aPay.collageId || (await ordersOf(db, ctx.a.userId))[0].collageId;
    },
  }, {
    name: 'A pays',
    async run(client, ctx) { await confirmOnSandbox(client, ctx.aPay!.paymentId); },
    async afterLostAnswer(db, _client, ctx) {
      await eventually(`A's order ${ctx.aPay!.orderId} in 6 待成团`, async () => ((await orderState(db, ctx.aPay!.orderId)) === 6 ? true : null));
    },
  }, {
    name: 'B joins',
    async run(client, ctx) {
      if (!ctx.collageId) throw new Error(`A's order ${ctx.aPay?.orderId} names no group`);
      ctx.bPay = await groupBuy(client, ctx.b, ctx.line, ctx.groupWorkId, freshKey('join'), ctx.collageId);
    },
    async afterLostAnswer(db, client, ctx) { ctx.bPay = await placedGroupOrder(db, client, ctx.b); },
  }, {
    name: 'B pays',
    async run(client, ctx) { await confirmOnSandbox(client, ctx.bPay!.paymentId); },
    async afterLostAnswer() { /* the group's completion is the process's */ },
  }],
  async pending(db, ctx) {
    if (!ctx.collageId || !ctx.aPay || !ctx.bPay) return 'the group was not formed';
    const collage = await streamTypes(db, `collage-${ctx.collageId}`);
    if (!collage.includes('CollageSucceeded')) return `collage ${ctx.collageId}: ${collage.join(',')}`;
    if ((await collageState(db, ctx.collageId)) !== 1) return `collage ${ctx.collageId} not 1 (success) in its read model`;
    for (const orderId of [ctx.aPay.orderId, ctx.bPay.orderId]) {
      const state = await orderState(db, orderId);
      if (state !== 2) return `order ${orderId} in ${state}, not 2 待发货`;
    }
    return null;
  },
};

// --- e. a group that fails: its leader leaves (cancels) while a paid member waits ---

interface FailedGroupCtx { a: Shopper; b: Shopper; aPay: PayInfo; bPay: PayInfo; collageId: number }

export const failedGroupScenario: ProcessScenario<FailedGroupCtx> = {
  name: 'group failed',
  // the leader's cancel is an order close (kind order-close); the group failing, its members' orders closed and the
  // paid member refunded are the group's process (kind collage)
  title: 'a group of 2 opened by A (unpaid) and joined and paid by B; A cancels: the group fails, B is refunded',
  kinds: ['order-close', 'collage'],
  async prepare(db, client) {
    const [a, b] = await newShoppers(client, 2);
    const { groupWorkId, line } = await groupOfTwo(db);
    const aPay = await groupBuy(client, a, line, groupWorkId, freshKey('open'));
    const bPay = await groupBuy(client, b, line, groupWorkId, freshKey('join'), aPay.collageId);
    await confirmOnSandbox(client, bPay.paymentId);
    await eventually(`B's order ${bPay.orderId} in 6 待成团`, async () => ((await orderState(db, bPay.orderId)) === 6 ? true : null));
    return { a, b, aPay, bPay, collageId: aPay.collageId };
  },
  moves: [{
    name: 'A cancels',
    async run(client, ctx) { await cancelOrder(client, ctx.a, ctx.aPay.orderId); },
    async afterLostAnswer() { /* the close and the group's failure are the processes under test */ },
  }],
  async pending(db, ctx) {
    const collage = await streamTypes(db, `collage-${ctx.collageId}`);
    if (!collage.includes('CollageFailed')) return `collage ${ctx.collageId}: ${collage.join(',')}`;
    if ((await collageState(db, ctx.collageId)) !== 2) return `collage ${ctx.collageId} not 2 (failed) in its read model`;
    for (const orderId of [ctx.aPay.orderId, ctx.bPay.orderId]) {
      const state = await orderState(db, orderId);
      if (state !== 5) return `order ${orderId} in ${state}, not 5 已关闭`;
    }
    const refunds = (await streamTypes(db, `payment-${ctx.bPay.paymentId}`)).filter((t) => t === 'PaymentRefunded').length;
    return refunds === 1 ? null : `B's payment ${ctx.bPay.paymentId} has ${refunds} PaymentRefunded`;
  },
  async finalProblems(_db, client, ctx) {
    const code = await shipCode(client, ctx.bPay.orderId);
    return code === '200' ? [`B's order ${ctx.bPay.orderId}, closed and refunded, was shipped`] : [];
  },
};
