/**
 * Orders as the API shows them (spec §3 Order and Order sku line; origin-contract §5.4 Orders / OrderDetail): money in
 * yuan, times `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai, '' when not yet), absent ids 0, `time` in ms from the API clock.
 * `price` is what the order costs (orderPrice − discountPrice); `money` what was paid (0 while unpaid).
 */
import { fenToYuan } from '../../../domain/shared/money';
import { formatShanghai } from '../../../domain/shared/time';
import { orderStateNames, type OrderStateNumber } from '../../../domain/order/order.view';
import { isAfterSaleWindowClosed } from '../../../domain/order/after-sale-window';
import type { OrderLineRow } from '../../../projections/orders/order-row';
import type { OrderRecord } from './order.queries';

export interface OrderSkuView {
  productId: number; skuId: number; productName: string; image: string;
  /** the chosen option values, and the same joined with ',' (the cart's `value`) */
  values: string[]; value: string;
  number: number; price: number; total: number;
  /** 0 = never had an after-sale */
  afterState: number; ifAfter: number;
  /** 0 = not reviewed */
  commentId: number;
}

export interface OrderListItem {
  orderId: number; orderFormid: string; shopId: number; shopName: string; shopLogo: string; receiveName: string;
  state: number; orderState: number; stateName: string; paymentState: number; paymentMode: number; afterState: number;
  orderPrice: number; logisticsPrice: number; discountPrice: number; price: number; money: number;
  createTime: string; paymentTime: string;
  express: number; expressName: string; deliverFormid: string;
  collageId: number; collageState: number | null;
  shopGroupWorkId: number; shopSeckillId: number; shopDiscountId: number;
  ifAfter: number; ifNotComment: number; time: number;
  /** 售后截止时间: when a completed order stops accepting after-sales ('' before receipt) */
  afterSaleUntil: string;
  skus: OrderSkuView[];
}

const time = (at: Date | string | null): string => (at === null ? '' : formatShanghai(at));
const id = (value: string | number | null): number => (value === null ? 0 : Number(value));
const yuan = (fen: string | number): number => fenToYuan(Number(fen));

/** The express column holds the company's dict id (older test data may hold a code): the API answers the dict id. */
const expressId = (express: string | null): number => (express && /^\d+$/.test(express) ? Number(express) : 0);

export function timeLeft(row: Pick<OrderRecord, 'time_due_at' | 'time_frozen_ms'>, now: Date): number {
  if (row.time_frozen_ms !== null) return Number(row.time_frozen_ms);
  if (row.time_due_at === null) return 0;
  return Math.max(0, new Date(row.time_due_at).getTime() - now.getTime());
}

export const skuView = (l: OrderLineRow): OrderSkuView => ({
  productId: l.productId,
  skuId: l.skuId,
  productName: l.productName,
  image: l.image,
  values: l.values,
  value: l.values.join(','),
  number: l.number,
  price: fenToYuan(l.price),
  total: fenToYuan(l.price * l.number),
  afterState: l.afterState ?? 0,
  ifAfter: l.ifAfter,
  commentId: l.commentId ?? 0,
});

/**
 * The read model stores ifAfter as of the order's last event; a completed order's window closes with no event, so it
 * is cut here with the reader's clock (the deciders refuse past it anyway: 300016 已超过售后期限).
 */
function afterSaleWindowOpen(row: Pick<OrderRecord, 'after_sale_until'>, now: Date): boolean {
  const until = row.after_sale_until === null ? null : new Date(row.after_sale_until).toISOString();
  return !isAfterSaleWindowClosed(until, now);
}

export function orderListItem(row: OrderRecord, now: Date): OrderListItem {
  const windowOpen = afterSaleWindowOpen(row, now);
  return {
    orderId: Number(row.order_id),
    orderFormid: row.order_formid,
    shopId: Number(row.shop_id),
    shopName: row.shop_name ?? '',
    shopLogo: row.shop_logo ?? '',
    receiveName: row.receive_name,
    state: row.state,
    orderState: row.state,
    stateName: orderStateNames[row.state as OrderStateNumber] ?? '',
    paymentState: row.payment_state,
    paymentMode: row.payment_mode,
    afterState: row.after_state ?? 0,
    orderPrice: yuan(row.order_price),
    logisticsPrice: yuan(row.logistics_price),
    discountPrice: yuan(row.discount_price),
    price: yuan(row.price),
    money: yuan(row.paid_amount),
    createTime: time(row.placed_at),
    paymentTime: time(row.paid_at),
    express: expressId(row.express),
    expressName: row.express_name ?? '',
    deliverFormid: row.deliver_formid ?? '',
    collageId: id(row.collage_id),
    collageState: row.collage_state,
    shopGroupWorkId: id(row.shop_group_work_id),
    shopSeckillId: id(row.shop_seckill_id),
    shopDiscountId: id(row.shop_discount_id),
    ifAfter: windowOpen ? row.if_after : 0,
    ifNotComment: row.if_not_comment,
    time: timeLeft(row, now),
    afterSaleUntil: time(row.after_sale_until),
    skus: row.lines.map(skuView).map((sku) => (windowOpen ? sku : { ...sku, ifAfter: 0 })),
  };
}

export const orderTimes = (row: OrderRecord) => ({
  dileveryTime: time(row.shipped_at),
  receiveTime: time(row.received_at),
  closeTime: time(row.closed_at),
});
