import type { OrderCommand } from '../../../domain/order/order.commands';
import type { OrderEvent, OrderLine } from '../../../domain/order/order.events';

/** Histories and commands for order decider tests. Times are minutes after a fixed start. */
export const T0 = Date.parse('2025-03-01T02:00:00.000Z');
export const at = (minutes: number): Date => new Date(T0 + minutes * 60_000);
export const iso = (minutes: number): string => at(minutes).toISOString();
export const DAY = 24 * 60;

export const lineA: OrderLine = {
  skuId: 11, productId: 101, productName: '保温杯', image: 'https://img/cup.png', values: ['红色'], number: 2, price: 5000, discount: 1000,
};
export const lineB: OrderLine = {
  skuId: 12, productId: 102, productName: '茶叶', image: 'https://img/tea.png', values: ['250g'], number: 1, price: 3000, discount: 0,
};

export const placeOrder = (overrides: Partial<Extract<OrderCommand, { type: 'PlaceOrder' }>['data']> = {}): OrderCommand => ({
  type: 'PlaceOrder',
  data: {
    orderId: 7001, orderFormid: '123456789123456', userId: 501, shopId: 9, lines: [lineA, lineB], logisticsPrice: 600,
    platformCouponId: null, shopCouponId: 31,
    receive: { receiveName: '张三', receivePhone: '13800138000', receiveAdress: '浙江省-杭州市-西湖区', address: '文三路 1 号' },
    remark: '', paymentMode: 1, shopGroupWorkId: null, shopSeckillId: null, shopDiscountId: null, collageId: 0,
    ...overrides,
  },
});

/** 2 × 5000 + 1 × 3000 + 600 shipping − 1000 coupon */
export const PRICE = 12600;

export const placed = (overrides: { collageId?: number; lines?: OrderLine[] } = {}): OrderEvent => {
  const lines = overrides.lines ?? [lineA, lineB];
  const orderPrice = lines.reduce((s, l) => s + l.price * l.number, 0) + 600;
  const discountPrice = lines.reduce((s, l) => s + l.discount, 0);
  return {
    type: 'OrderPlaced',
    data: {
      orderId: 7001, orderFormid: '123456789123456', userId: 501, shopId: 9, lines, orderPrice, logisticsPrice: 600,
      discountPrice, price: orderPrice - discountPrice, platformCouponId: null, shopCouponId: 31,
      receive: { receiveName: '张三', receivePhone: '13800138000', receiveAdress: '浙江省-杭州市-西湖区', address: '文三路 1 号' },
      remark: '', paymentMode: 1, shopGroupWorkId: overrides.collageId ? 41 : null, shopSeckillId: null, shopDiscountId: null,
      collageId: overrides.collageId ?? 0, placedAt: iso(0), paymentDeadline: iso(60),
    },
  };
};

export const paid = (intoFormingGroup = false, amount = PRICE): OrderEvent => ({
  type: 'OrderPaid', data: { paymentId: 'pay-1', transactionId: 'wx-1', amount, paidAt: iso(5), intoFormingGroup },
});
export const groupSucceeded: OrderEvent = { type: 'OrderGroupSucceeded', data: { collageId: 88, succeededAt: iso(30) } };
export const shipped: OrderEvent = {
  type: 'OrderShipped',
  data: { express: 'SF', expressName: '顺丰速运', deliverFormid: 'SF1234567890', shippedAt: iso(DAY), autoConfirmAt: iso(16 * DAY) },
};
/** The shop's after-sale window (AFTER_SALE_WINDOW_DAYS) as receipt commands carry it. */
export const WINDOW_DAYS = 15;
export const receiptWindow = { afterSaleWindowDays: WINDOW_DAYS };
export const confirmed = (auto = false, minutes = 3 * DAY): OrderEvent => ({
  type: 'ReceiptConfirmed', data: { auto, confirmedAt: iso(minutes), afterSaleUntil: iso(minutes + WINDOW_DAYS * DAY) },
});
export const afterSaleOpened = (afterSaleId: number, skuIds: number[], minutes = 2 * DAY): OrderEvent => ({
  type: 'AfterSaleOpened',
  data: { afterSaleId, afterType: 1, lines: skuIds.map((skuId) => ({ skuId, number: skuId === 11 ? 2 : 1 })), openedAt: iso(minutes) },
});
export const afterSaleClosed = (afterSaleId: number, outcome: 'refunded' | 'withdrawn' = 'withdrawn', minutes = 2 * DAY + 60): OrderEvent => ({
  type: 'AfterSaleClosed',
  data: { afterSaleId, outcome, afterState: outcome === 'refunded' ? 4 : 9, refundAmount: outcome === 'refunded' ? 9000 : 0, closedAt: iso(minutes) },
});
export const autoConfirmPaused: OrderEvent = { type: 'AutoConfirmPaused', data: { remainingMs: 14 * DAY * 60_000, pausedAt: iso(2 * DAY) } };
export const cancelled = (reason: 'shopper' | 'unpaid-timeout' | 'group-failed' = 'shopper', refundAmount = 0): OrderEvent => ({
  type: 'OrderCancelled', data: { reason, refundAmount, cancelledAt: iso(10) },
});
export const reviewed = (skuId: number, commentId: number): OrderEvent => ({
  type: 'LineReviewed', data: { skuId, commentId, reviewedAt: iso(4 * DAY) },
});

export const cmd = <T extends OrderCommand['type']>(type: T, data: Extract<OrderCommand, { type: T }>['data']): OrderCommand =>
  ({ type, data }) as OrderCommand;
