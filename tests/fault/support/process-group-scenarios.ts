/**
 * The crash suite's group-buy scenarios (issue 28) on the demo seed's group of 2: one that succeeds (A opens, B
 * joins, both pay) and one that fails (its leader cancels while a paid member waits).
 */
import type { Queryable } from '../../../services/db/database';
import type { BuyLine } from '../../bench/buy/demo-skus';
import type { ProcessScenario } from './process-crash-run';
import {
  cancelOrder, checkoutOutcome, collageState, confirmOnSandbox, eventually, freshKey, groupBuy, newShoppers, ordersOf, orderState,
  pay, shipCode, streamTypes, type PayInfo, type Shopper,
} from './process-shop';

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
