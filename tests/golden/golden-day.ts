/**
 * The day the golden log records (tests/golden/golden-log.jsonl): the demo seed (catalogue, shops, coupons,
 * promotions, notices), then shoppers' orders through their states on a fixed clock. Shared by the recorder
 * (record-golden-log.ts) and the facts the golden test asserts (golden-log.test.ts) so the two cannot drift.
 */
import { detail, merchant, openWorld, refundOnly, shippedOrder, shopper, submit, type AfterSaleWorld } from '../integration/after-sale.support';
import { line, orderCommand, placeOrder } from '../integration/orders.support';

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
  return { world, afterId };
}
