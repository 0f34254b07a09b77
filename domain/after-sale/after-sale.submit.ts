import { quoteRefund } from '../pricing/refund';
import { AfterSaleForm } from '../rules/after-sale.rule';
import { fail } from '../shared/errors';
import { isAfterSaleWindowClosed } from '../order/after-sale-window';
import type { SubmitAfterSale } from './after-sale.commands';
import type { AfterSaleSubmitted } from './after-sale.events';

/** Order states that accept an after-sale (spec §4): 2 goes straight to it, 3 and 4 through the product picker. */
const OPEN_ORDER_STATES: readonly number[] = [2, 3, 4];

/**
 * Checks an application against the order and prices it from the order's recorded allocation. A completed order
 * accepts one only until its after-sale window closes (issue 29; the order refuses to hold lines past it too).
 */
export function submissionOf(command: SubmitAfterSale, autoCloseAt: string, now: Date): AfterSaleSubmitted {
  const { order } = command;
  const parsed = AfterSaleForm.safeParse(command.form);
  if (!parsed.success) return fail('afterSaleFormInvalid', parsed.error.issues[0].message);
  const form = parsed.data;
  if (order.orderId !== form.orderId || order.buyerUserId !== command.buyerUserId) fail('afterSaleOrderNotFound');
  if (!OPEN_ORDER_STATES.includes(order.state)) fail('afterSaleOrderStateInvalid');
  if (order.state === 4 && isAfterSaleWindowClosed(order.afterSaleUntil, now)) fail('afterSaleWindowClosed');
  const quote = quoteRefund(order, form.skus, form.goodsState === 1);
  return {
    type: 'AfterSaleSubmitted',
    data: {
      afterId: command.afterId,
      orderId: order.orderId,
      afterFormid: command.afterFormid,
      orderFormid: order.orderFormid,
      shopId: order.shopId,
      buyerUserId: command.buyerUserId,
      afterType: form.afterType,
      goodsState: form.goodsState,
      returnReason: form.returnReason,
      explain: form.explain,
      images: form.image,
      lines: quote.lines,
      shippingRefundFen: quote.shippingRefundFen,
      priceFen: quote.totalFen,
      autoCloseAt,
    },
  };
}
