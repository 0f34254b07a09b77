/**
 * POST /after/submit (origin-contract §6): an application for some units of some lines of the shopper's order.
 * The refund is priced on the server from what the order recorded (domain/pricing/refund.ts: coupon shares, shipping
 * when the goods were not received); a client `price` above it is refused (300013). One open after-sale per line, and
 * never more units than bought minus already refunded.
 *
 * The start of the after-sale process (DESIGN.md §4): the application (AfterSaleSubmitted, 1 审核中, on the new
 * `after-sale-<id>`: the process's own record) and the order holding its lines (AfterSaleOpened, pausing auto-confirm)
 * go in ONE multi-stream append, decided on the order as read — all or none on PostgreSQL, so there is never an
 * application the order does not hold nor lines held by no application, and two applications racing for a line leave
 * one (the other is read again and answered 300012). Where a store appends in sequence (EventStoreDB) the application
 * comes first and the resumer has the order hold it (resume-after-sale.ts). Idempotent by natural id: the same
 * application again (same shopper, lines, units and type) while the after-sale it started is open answers that one.
 */
import type { OrderForAfterSale, SubmitAfterSale } from '../../domain/after-sale/after-sale.commands';
import { afterSaleDecider } from '../../domain/after-sale/after-sale.decider';
import { afterSaleStream } from '../../domain/after-sale/after-sale.events';
import type { AfterSaleSnapshot } from '../../domain/after-sale/after-sale.machine';
import { orderDecider, type OrderState } from '../../domain/order/order.decider';
import { lineOf } from '../../domain/order/order.context';
import { orderStateNumber } from '../../domain/order/order.view';
import type { AfterSaleForm } from '../../domain/rules/after-sale.rule';
import { yuanToFen } from '../../domain/shared/money';
import { DomainError, fail } from '../../domain/shared/errors';
import { appendDecided, decideStep } from '../processes/process-together';
import { orderStream } from '../orders/order-command';
import type { RecordedEvent } from '../event-store/event-store.port';
import { fold } from '../../domain/shared/decider';
import type { OrderEvent } from '../../domain/order/order.events';
import { afterSaleProcess, loadAfterSale, SHOPPER, type AfterSaleDeps } from './after-sale-command';
import { holdOnOrder } from './after-sale-order';

type SubmitDeps = Pick<AfterSaleDeps, 'store' | 'waitFor' | 'clock' | 'ids' | 'log'>;

function orderForAfterSale(order: OrderState, userId: number): OrderForAfterSale {
  const c = order.context;
  const placed = c.order ?? fail('afterSaleOrderNotFound');
  return {
    orderId: placed.orderId, orderFormid: placed.orderFormid, shopId: placed.shopId, buyerUserId: userId,
    state: orderStateNumber(order) ?? 0,
    shippingFen: placed.logisticsPrice,
    // coupons reduce goods only (discountPrice = Σ line.discount): the shipping was paid in full
    shippingReductionFen: 0,
    afterSaleUntil: c.confirmed?.afterSaleUntil ?? null,
    lines: c.lines.map((l) => ({
      skuId: l.skuId, number: l.number, goodsFen: l.price * l.number, reductionFen: l.discount, claimedNumber: l.refundedNumber,
    })),
  };
}

/** The open after-sale that is this very application (sent again), if every line asked for is held by it. */
async function sameApplication(deps: SubmitDeps, order: OrderState, userId: number, form: AfterSaleForm): Promise<AfterSaleSnapshot | null> {
  const holders = new Set(form.skus.map((sku) => lineOf(order.context, sku.skuId)?.afterSale?.open ? lineOf(order.context, sku.skuId)?.afterSale?.afterSaleId : null));
  const [afterId] = [...holders];
  if (holders.size !== 1 || typeof afterId !== 'number') return null;
  const held = await loadAfterSale(deps.store, afterId);
  const a = held.context.application;
  const sameLines = a !== null && a.lines.length === form.skus.length
    && form.skus.every((sku) => a.lines.some((l) => l.skuId === sku.skuId && l.number === sku.number));
  const sameWords = a !== null && a.returnReason === form.returnReason && a.explain === (form.explain ?? '') && a.goodsState === form.goodsState;
  return a && a.buyerUserId === userId && a.afterType === form.afterType && sameLines && sameWords ? held : null;
}

export async function submitAfterSale(deps: SubmitDeps, userId: number, form: AfterSaleForm): Promise<AfterSaleSnapshot> {
  for (let attempt = 1; ; attempt += 1) {
    const orderEvents = await deps.store.readStream(orderStream(form.orderId));
    const order = fold(orderDecider, orderEvents.map((e) => ({ type: e.type, data: e.data }) as OrderEvent));
    if (order.context.order?.userId !== userId || order.context.deletedAt !== null) fail('orderNotFound');
    const again = await sameApplication(deps, order, userId, form);
    if (again) return again;
    for (const sku of form.skus) {
      const line = lineOf(order.context, sku.skuId) ?? fail('afterSaleLineInvalid');
      if (line.afterSale?.open) fail('afterSaleLineOpen');
    }
    const submitted = await submitOnce(deps, userId, form, order, orderEvents);
    if (submitted) return submitted;
    if (attempt >= 3) throw new DomainError('concurrency'); // the order kept moving: busy, ask again
  }
}

/** Decides the application and the order's hold on the order as read and appends both; null when the order moved on. */
async function submitOnce(
  deps: SubmitDeps, userId: number, form: AfterSaleForm, order: OrderState, orderEvents: readonly RecordedEvent[],
): Promise<AfterSaleSnapshot | null> {
  const afterId = await deps.ids.afterId();
  const command: SubmitAfterSale = {
    type: 'SubmitAfterSale', afterId, afterFormid: deps.ids.afterFormid(), buyerUserId: userId, form,
    order: orderForAfterSale(order, userId),
  };
  const ctx = afterSaleProcess(deps, afterId, SHOPPER(userId));
  const application = decideStep(ctx, afterSaleStream(afterId), afterSaleDecider, command, `${afterSaleStream(afterId)}:submit`, []);
  const submitted = application?.events[0];
  if (!application || submitted?.type !== 'AfterSaleSubmitted') return fail('afterSaleFormInvalid');
  const { priceFen, lines } = submitted.data as { priceFen: number; lines: { skuId: number; number: number }[] };
  if (form.price !== undefined && yuanToFen(form.price) > priceFen) fail('afterSalePriceExceeded');
  const hold = decideStep(ctx, orderStream(form.orderId), orderDecider, {
    type: 'OpenAfterSale', data: { afterSaleId: afterId, afterType: form.afterType, lines: lines.map(({ skuId, number }) => ({ skuId, number })) },
  }, `after-sale-${afterId}:open`, orderEvents);
  if (!hold) return null;
  const appended = await appendDecided(ctx, [application, hold]);
  if (!appended) return null;
  await deps.waitFor(appended.events);
  const state = appended.results[0].state as AfterSaleSnapshot;
  // a store that appended in sequence may have cut between the two: the order's step answers from its stream
  await holdOnOrder(deps, state, 'open');
  return state;
}
