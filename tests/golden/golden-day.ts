/**
 * The day the golden log records (tests/golden/golden-log.jsonl): the demo seed (catalogue, shops, coupons,
 * promotions, notices), then shoppers' orders through their states on a fixed clock. Shared by the recorder
 * (record-golden-log.ts) and the facts the golden test asserts (golden-log.test.ts) so the two cannot drift.
 */
import { detail, merchant, openWorld, refundOnly, shippedOrder, shopper, submit, type AfterSaleWorld } from '../integration/after-sale.support';
import { call, collageCommand, line, orderCommand, payOrder, placeOrder } from '../integration/orders.support';
import type { TestServer } from '../support/test-server';

export const GOLDEN = {
  shopper: 8801,
  /** received and confirmed: 已完成 */
  completed: 8811,
  /** placed then cancelled by the shopper */
  cancelled: 8812,
  /** paid, not shipped */
  paid: 8813,
  /** shipped, refund-only after-sale agreed and refunded */
  refunded: 8814,
  /** placed, unpaid */
  unpaid: 8815,
  /** the day's group buy (size 2): the shopper leads it, a second shopper joins, both pay, it succeeds */
  collage: 8820,
  leaderOrder: 8816,
  memberOrder: 8817,
  member: 8802,
} as const;

export interface GoldenDay { world: AfterSaleWorld; afterId: number }

export async function playGoldenDay(): Promise<GoldenDay> {
  const world = await openWorld('pglite', 'golden');
  const server = world.server;
  const { shopper: userId } = GOLDEN;
  const token = await shopper(world, userId);
  await shippedOrder(world, GOLDEN.completed, userId);
  world.advance(60 * 60 * 1000);
  await orderCommand(server, GOLDEN.completed, { type: 'ConfirmReceipt', data: { afterSaleWindowDays: 15 } });
  await placeOrder(server, GOLDEN.cancelled, { userId, lines: [line(11, '轻薄透气网面跑步鞋', 29900, 1)] });
  await orderCommand(server, GOLDEN.cancelled, { type: 'CancelOrder', data: {} });
  await shippedOrder(world, GOLDEN.paid, userId, false);
  await shippedOrder(world, GOLDEN.refunded, userId);
  const afterId = (await submit(world, token, refundOnly(GOLDEN.refunded))).body.data.afterId;
  await merchant(world, afterId, 'agree');
  if ((await detail(world, token, afterId)).data.afterState !== 4) throw new Error('the golden after-sale was not refunded');
  await placeOrder(server, GOLDEN.unpaid, { userId, lines: [line(12, '速干运动袜', 5900, 3)] });
  await browseAndKeep(server, token);
  await groupBuy(server);
  return { world, afterId };
}

async function groupBuy(server: TestServer): Promise<void> {
  const { collage: collageId, leaderOrder, memberOrder } = GOLDEN;
  await collageCommand(server, collageId, {
    type: 'OpenCollage',
    data: {
      collageId, shopGroupWorkId: 31, shopId: 9001, productId: 110, skuId: 11, size: 2, effectiveHours: 72,
      leader: { userId: GOLDEN.shopper, orderId: leaderOrder, headImage: '/images/avatar/8801.svg' },
    },
  });
  await placeOrder(server, leaderOrder, { userId: GOLDEN.shopper, collageId, shopGroupWorkId: 31 });
  await payOrder(server, leaderOrder, { groupForming: true, collageId });
  await collageCommand(server, collageId, { type: 'JoinCollage', data: { userId: GOLDEN.member, orderId: memberOrder, headImage: '/images/avatar/8802.svg' } });
  await placeOrder(server, memberOrder, { userId: GOLDEN.member, collageId, shopGroupWorkId: 31 });
  await payOrder(server, memberOrder, { groupForming: true, collageId });
  // what the group-buy process does once the collage succeeded (as the order suites drive it)
  for (const orderId of [leaderOrder, memberOrder]) await orderCommand(server, orderId, { type: 'MarkGroupSucceeded', data: { collageId } });
}

/** The shopper's side of the day on the seeded catalogue: an address, a collected shop, a question, a cart line, a coupon. */
async function browseAndKeep(server: TestServer, token: string): Promise<void> {
  const { rows: [onSale] } = await server.runtime.db.query<{ product_id: number; shop_id: number; sku_id: number }>(
    `select (data->>'productId')::int as product_id, (data->>'shopId')::int as shop_id, (data->'skus'->0->>'skuId')::int as sku_id
       from events p where p.type = 'ProductListed'
        and not exists (select 1 from events u where u.type = 'ProductUnshelved' and u.data->>'productId' = p.data->>'productId')
      order by global_position limit 1`);
  const { rows: [coupon] } = await server.runtime.db.query<{ coupon_id: number }>(
    `select (data->>'couponId')::int as coupon_id from events where type = 'CouponIssued' and (data->>'couponId')::int > 0 order by global_position limit 1`);
  const steps: Array<[string, string, unknown]> = [
    ['POST', '/api/receive/save', { receiveName: '王五', receivePhone: '13912345678', receiveAdress: '湖北省-武汉市-武昌区', address: '中山路 8 号', label: '家', defult: 'true' }],
    ['POST', '/api/collect/collect', { shopId: onSale.shop_id }],
    ['POST', '/api/seckill/addProblem', { productId: onSale.product_id, problem: '这款支持七天无理由退货吗？', ifAnonymous: 0 }],
    ['POST', '/api/cart/addCart', { skuId: onSale.sku_id, number: 1 }],
    ['POST', '/api/coupon/takeCoupon', { couponId: coupon.coupon_id }],
  ];
  for (const [method, path, body] of steps) await ask(server, token, method, path, body);
  await ask(server, token, 'GET', `/api/product/getById?shopId=${onSale.shop_id}&productId=${onSale.product_id}&skuId=${onSale.sku_id}`);
  // a review of the completed order, liked; then a checkout of the cart's product, left unpaid
  await ask(server, token, 'POST', '/api/order/addComment', {
    params: [{ orderId: GOLDEN.completed, productId: 110, skuId: 11, comment: '很合脚，跑步很轻松', star: 5, image: '', impression: '值得买' }],
  });
  const { rows: [review] } = await server.runtime.db.query<{ comment_id: number }>(
    `select (data->>'commentId')::int as comment_id from events where type = 'LineReviewed' order by global_position limit 1`);
  await ask(server, token, 'POST', '/api/comment/like', { commentId: review.comment_id });
  await ask(server, token, 'PUT', '/api/order/addToComment', { params: [{ commentId: review.comment_id, comment: '穿了一个月，依然好穿', image: '' }] });
  const receive = await ask<{ receiveId: number }>(server, token, 'GET', '/api/receive/getSelect');
  await ask(server, token, 'POST', '/api/order/submit', {
    receiveId: receive.receiveId, paymentMode: 1, remark: '', shops: [{ shopId: onSale.shop_id, skus: [{ skuId: onSale.sku_id, number: 1, selected: 1 }] }],
  });
}

async function ask<T = unknown>(server: TestServer, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await call<T>(server, method, path, { token, body });
  if (answer.body.code !== '200') throw new Error(`golden day ${method} ${path}: ${answer.body.code} ${answer.body.message}`);
  return answer.body.data;
}
