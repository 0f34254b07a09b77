/**
 * The crash suite's scenarios (issue 28) on the demo seed, one process each: what a shopper and a merchant do, what
 * the shopper's next screen would show after a lost answer, and when the process is final. The group buy's two are in
 * process-group-scenarios.ts.
 */
import type { BuyLine } from '../../bench/buy/demo-skus';
import type { ProcessScenario } from './process-crash-run';
import {
  afterSalesOf, afterState, agree, buyNow, checkoutCart, checkoutsOf, confirmOnSandbox, fillCart, eventually, freshKey, newShoppers, nextPlainLine, ordersOf,
  orderState, shipCode, streamTypes, submitRefundOnly, type PayInfo, type Shopper,
} from './process-shop';

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

// --- a'. checkout from the cart: two lines (from two shops when the demo seed offers them) ---

interface CartCtx { shopper: Shopper; lines: BuyLine[]; key: string }

export const cartCheckoutScenario: ProcessScenario<CartCtx> = {
  name: 'cart',
  title: 'a checkout of two cart lines (selected 1)',
  kinds: ['checkout'],
  async prepare(db, client) {
    const [shopper] = await newShoppers(client, 1);
    const first = await nextPlainLine(db);
    let second = await nextPlainLine(db);
    for (let i = 0; i < 20 && (second.shopId === first.shopId || second.skuId === first.skuId); i += 1) second = await nextPlainLine(db);
    if (second.skuId === first.skuId) throw new Error('the demo seed offers one plain SKU only');
    await fillCart(client, shopper, [first, second]);
    return { shopper, lines: [first, second], key: freshKey('cart') };
  },
  moves: [{
    name: 'submit',
    async run(client, ctx) { await checkoutCart(client, ctx.shopper, ctx.lines, ctx.key); },
    async afterLostAnswer() { /* the checkout is the process under test: pending() waits for its end */ },
  }],
  async pending(db, ctx) {
    const checkouts = await checkoutsOf(db, ctx.shopper.userId);
    if (checkouts.length !== 1) return `${checkouts.length} checkouts of buyer ${ctx.shopper.userId} (one submit)`;
    if (!checkouts[0].end) return `${checkouts[0].streamId} has not ended`;
    if (checkouts[0].end !== 'CheckoutCompleted') return null;
    const cart = await streamTypes(db, `cart-${ctx.shopper.userId}`);
    if (cart.at(-1) !== 'CartLinesCheckedOut') return `the cart of buyer ${ctx.shopper.userId} still holds the lines (${cart.join(',')})`;
    for (const { orderId } of await ordersOf(db, ctx.shopper.userId)) {
      if ((await orderState(db, orderId)) !== 1) return `order ${orderId} is not 待付款 in the orders read model yet`;
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
