/**
 * POST /after/submit (origin-contract §6): an application for some units of some lines of the shopper's order.
 * The refund is priced on the server from what the order recorded (domain/pricing/refund.ts: coupon shares, shipping
 * when the goods were not received); a client `price` above it is refused (300013). One open after-sale per line, and
 * never more units than bought minus already refunded. The application is decided in memory first, so a bad one
 * records nothing; then the order holds the lines (pausing auto-confirm) and the after-sale stream starts in 1 审核中.
 */
import type { OrderForAfterSale, SubmitAfterSale } from '../../domain/after-sale/after-sale.commands';
import { afterSaleDecider } from '../../domain/after-sale/after-sale.decider';
import type { AfterSaleSnapshot } from '../../domain/after-sale/after-sale.machine';
import type { OrderState } from '../../domain/order/order.decider';
import { lineOf } from '../../domain/order/order.context';
import { orderStateNumber } from '../../domain/order/order.view';
import type { AfterSaleForm } from '../../domain/rules/after-sale.rule';
import { yuanToFen } from '../../domain/shared/money';
import { fail } from '../../domain/shared/errors';
import { loadOwnedOrder, runOrderCommand } from '../orders/order-command';
import { runAfterSaleCommand, SHOPPER, type AfterSaleDeps } from './after-sale-command';

function orderForAfterSale(order: OrderState, userId: number): OrderForAfterSale {
  const c = order.context;
  const placed = c.order ?? fail('afterSaleOrderNotFound');
  return {
    orderId: placed.orderId, orderFormid: placed.orderFormid, shopId: placed.shopId, buyerUserId: userId,
    state: orderStateNumber(order) ?? 0,
    shippingFen: placed.logisticsPrice,
    // coupons reduce goods only (discountPrice = Σ line.discount): the shipping was paid in full
    shippingReductionFen: 0,
    lines: c.lines.map((l) => ({
      skuId: l.skuId, number: l.number, goodsFen: l.price * l.number, reductionFen: l.discount, claimedNumber: l.refundedNumber,
    })),
  };
}

export async function submitAfterSale(
  deps: Pick<AfterSaleDeps, 'store' | 'waitFor' | 'clock' | 'ids'>, userId: number, form: AfterSaleForm,
): Promise<AfterSaleSnapshot> {
  const order = await loadOwnedOrder(deps.store, form.orderId, userId);
  for (const sku of form.skus) {
    const line = lineOf(order.context, sku.skuId) ?? fail('afterSaleLineInvalid');
    if (line.afterSale?.open) fail('afterSaleLineOpen');
  }
  const afterId = await deps.ids.afterId();
  const command: SubmitAfterSale = {
    type: 'SubmitAfterSale', afterId, afterFormid: deps.ids.afterFormid(), buyerUserId: userId, form,
    order: orderForAfterSale(order, userId),
  };
  const [submitted] = afterSaleDecider.decide(command, afterSaleDecider.initialState, { now: deps.clock() });
  if (submitted.type !== 'AfterSaleSubmitted') return fail('afterSaleFormInvalid');
  if (form.price !== undefined && yuanToFen(form.price) > submitted.data.priceFen) fail('afterSalePriceExceeded');
  await runOrderCommand(deps, form.orderId, {
    type: 'OpenAfterSale',
    data: { afterSaleId: afterId, afterType: form.afterType, lines: submitted.data.lines.map(({ skuId, number }) => ({ skuId, number })) },
  }, SHOPPER(userId), `after-sale-${afterId}:open`);
  return (await runAfterSaleCommand(deps, afterId, command, SHOPPER(userId), 'submit')).state;
}
