/**
 * An order's read-model row from its machine snapshot: every field comes from the domain (`orderView` for the API's
 * derived numbers), so the list, the detail and the buttons agree with the decider that accepts the commands.
 */
import type { OrderContext, OrderLineState } from '../../domain/order/order.context';
import type { OrderState } from '../../domain/order/order.decider';
import { orderMachine } from '../../domain/order/order.machine';
import { orderView, type OrderLineView } from '../../domain/order/order.view';

/** A line as the API shows it, money still in fen. */
export interface OrderLineRow {
  skuId: number;
  productId: number;
  productName: string;
  image: string;
  values: string[];
  number: number;
  price: number;
  discount: number;
  afterSaleId: number | null;
  afterState: number | null;
  ifAfter: 0 | 1;
  commentId: number | null;
  refundedNumber: number;
}

export interface PersistedOrderSnapshot { value: OrderState['value']; context: OrderContext }

/** Column name → value, exactly the `orders` columns (the upsert sends them in orders.projection.ts COLUMNS order). */
export interface OrderRow {
  order_id: number; user_id: number; order_formid: string; shop_id: number;
  state: number; payment_state: number; payment_mode: number;
  payment_id: string | null; transaction_id: string | null; paid_amount: number;
  order_price: number; logistics_price: number; discount_price: number; price: number;
  receive_name: string; receive_phone: string; receive_adress: string; address: string; remark: string;
  platform_coupon_id: number | null; shop_coupon_id: number | null;
  shop_group_work_id: number | null; shop_seckill_id: number | null; shop_discount_id: number | null; collage_id: number;
  express: string | null; express_name: string | null; deliver_formid: string | null;
  if_after: number; if_not_comment: number; after_state: number | null; after_sale_open: boolean;
  cancel_reason: string | null; refund_amount: number;
  placed_at: string; payment_deadline: string; paid_at: string | null; group_succeeded_at: string | null;
  awaiting_shipment_since: string | null; shipped_at: string | null; received_at: string | null;
  after_sale_until: string | null;
  closed_at: string | null; deleted_at: string | null;
  time_due_at: string | null; time_frozen_ms: number | null;
  lines: OrderLineRow[]; search_text: string; snapshot: PersistedOrderSnapshot; updated_at: string;
}

export const persistSnapshot = (snapshot: OrderState): PersistedOrderSnapshot =>
  ({ value: snapshot.value, context: snapshot.context });

export const restoreSnapshot = (persisted: PersistedOrderSnapshot): OrderState =>
  orderMachine.resolveState({ value: persisted.value, context: persisted.context }) as OrderState;

function lineRow(line: OrderLineState, view: OrderLineView | undefined): OrderLineRow {
  return {
    skuId: line.skuId,
    productId: line.productId,
    productName: line.productName,
    image: line.image,
    values: line.values,
    number: line.number,
    price: line.price,
    discount: line.discount,
    afterSaleId: line.afterSale?.afterSaleId ?? null,
    afterState: view?.afterState ?? null,
    ifAfter: view?.ifAfter ?? 0,
    commentId: line.commentId,
    refundedNumber: line.refundedNumber,
  };
}

/** The order-level afterState: that of the most recent after-sale on any line (origin: "mirrors latest after-sale"). */
function latestAfterState(lines: readonly OrderLineState[]): number | null {
  const latest = lines.filter((l) => l.afterSale !== null)
    .sort((a, b) => (b.afterSale?.afterSaleId ?? 0) - (a.afterSale?.afterSaleId ?? 0))[0];
  return latest?.afterSale?.afterState ?? null;
}

/** Where `time` counts to (read time decides the ms), or the frozen ms while auto-confirm is paused. */
function countdown(snapshot: OrderState, state: number): { dueAt: string | null; frozenMs: number | null } {
  const c = snapshot.context;
  if (state === 1) return { dueAt: c.order?.paymentDeadline ?? null, frozenMs: null };
  if (snapshot.matches({ awaitingReceipt: 'autoConfirmPaused' })) return { dueAt: null, frozenMs: c.autoConfirmRemainingMs ?? 0 };
  if (state === 3) return { dueAt: c.autoConfirmAt, frozenMs: null };
  return { dueAt: null, frozenMs: null };
}

/** null while the snapshot holds no placed order (events of a stream that never saw OrderPlaced). */
export function orderRowOf(snapshot: OrderState, updatedAt: string): OrderRow | null {
  const c = snapshot.context;
  const order = c.order;
  // the view's `time` is not stored (it depends on the reader's clock): any instant does here
  const view = orderView(snapshot, new Date(updatedAt));
  if (!order || !view) return null;
  const views = new Map(view.lines.map((l) => [l.skuId, l]));
  const lines = c.lines.map((l) => lineRow(l, views.get(l.skuId)));
  const { dueAt, frozenMs } = countdown(snapshot, view.state);
  return {
    order_id: order.orderId, user_id: order.userId, order_formid: order.orderFormid, shop_id: order.shopId,
    state: view.state, payment_state: view.paymentState, payment_mode: order.paymentMode,
    payment_id: c.payment?.paymentId ?? null, transaction_id: c.payment?.transactionId ?? null,
    paid_amount: c.payment?.amount ?? 0,
    order_price: order.orderPrice, logistics_price: order.logisticsPrice, discount_price: order.discountPrice,
    price: order.price,
    receive_name: order.receive.receiveName, receive_phone: order.receive.receivePhone,
    receive_adress: order.receive.receiveAdress, address: order.receive.address, remark: order.remark,
    platform_coupon_id: order.platformCouponId, shop_coupon_id: order.shopCouponId,
    shop_group_work_id: order.shopGroupWorkId, shop_seckill_id: order.shopSeckillId, shop_discount_id: order.shopDiscountId,
    collage_id: order.collageId,
    express: c.shipment?.express ?? null, express_name: c.shipment?.expressName ?? null,
    deliver_formid: c.shipment?.deliverFormid ?? null,
    if_after: view.ifAfter, if_not_comment: view.ifNotComment, after_state: latestAfterState(c.lines),
    after_sale_open: Object.keys(c.openAfterSales).length > 0,
    cancel_reason: c.cancelled?.reason ?? null, refund_amount: c.cancelled?.refundAmount ?? 0,
    placed_at: order.placedAt, payment_deadline: order.paymentDeadline, paid_at: c.payment?.paidAt ?? null,
    group_succeeded_at: c.groupSucceededAt,
    awaiting_shipment_since: view.state === 2 ? c.groupSucceededAt ?? c.payment?.paidAt ?? null : null,
    shipped_at: c.shipment?.shippedAt ?? null, received_at: c.confirmed?.confirmedAt ?? null,
    after_sale_until: c.confirmed?.afterSaleUntil ?? null,
    closed_at: c.closedAt, deleted_at: c.deletedAt,
    time_due_at: dueAt, time_frozen_ms: frozenMs,
    lines,
    search_text: [order.orderFormid, ...c.lines.map((l) => l.productName)].join('\n').toLowerCase(),
    snapshot: persistSnapshot(snapshot),
    updated_at: updatedAt,
  };
}
