import { payOrders } from '../../../services/checkout/pay-orders';
import type { RefundDeps } from '../../../services/checkout/refunds';
import type { RefundRequest, RefundResult } from '../../../services/payments/payment-provider';
import { MemoryStore } from './memory-store';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const DEADLINE = new Date(NOW.getTime() + 3600_000).toISOString();

function setup() {
  const store = new MemoryStore();
  const refunds: RefundRequest[] = [];
  const deps: RefundDeps = {
    store, clock: () => NOW, log: () => undefined,
    ids: { refundId: (paymentId, orderId) => `RF${paymentId}O${orderId}` },
    payments: { provider: { refund: async (r): Promise<RefundResult> => { refunds.push(r); return { status: 'SUCCESS', providerRefundId: 'x' }; } } },
  };
  return { store, refunds, deps };
}

const placedData = (orderId: number, userId: number, collageId = 0) => ({
  orderId, orderFormid: '123456789123456', userId, shopId: 1,
  lines: [{ skuId: 11, productId: 1, productName: '杯', image: '/i.svg', values: [], number: 1, price: 5000, discount: 0 }],
  orderPrice: 5000, logisticsPrice: 0, discountPrice: 0, price: 5000, platformCouponId: null, shopCouponId: null,
  receive: { receiveName: '王五', receivePhone: '13912345678', receiveAdress: '湖北省-武汉市-武昌区', address: '中山路' },
  remark: '', paymentMode: 1, shopGroupWorkId: collageId ? 8 : null, shopSeckillId: null, shopDiscountId: null, collageId,
  placedAt: NOW.toISOString(), paymentDeadline: DEADLINE,
});

async function payment(store: MemoryStore, paymentId: string, orderIds: number[], amount: number) {
  await store.seed(`payment-${paymentId}`, 'PaymentCreated', {
    paymentId, orderIds, collageId: 0, amount, provider: 'sandbox', codeUrl: 'http://x', createdAt: NOW.toISOString(), expiresAt: DEADLINE,
  });
  await store.seed(`payment-${paymentId}`, 'PaymentSucceeded', { transactionId: 'wx1', amount, paidAt: NOW.toISOString() });
}

describe('money for an order still awaiting payment', () => {
  it('pays it once however often the callback comes', async () => {
    const { store, deps } = setup();
    await store.seed('order-1', 'OrderPlaced', placedData(1, 9));
    await payment(store, 'P1', [1], 5000);
    const first = await payOrders(deps, { paymentId: 'P1', transactionId: 'wx1', orderIds: [1] });
    const again = await payOrders(deps, { paymentId: 'P1', transactionId: 'wx1', orderIds: [1] });
    expect([first.changed, again.changed]).toEqual([true, false]);
    expect(store.types('order-1')).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it('frees its room under the shopper\'s unpaid caps, once', async () => {
    const { store, deps } = setup();
    await store.seed('order-5', 'OrderPlaced', placedData(5, 9));
    await store.seed('unpaid-holdings-9', 'UnpaidOrdersHeld', { userId: 9, checkoutId: 40, orders: [{ orderId: 5, lines: [{ skuId: 11, number: 1 }] }] });
    await payment(store, 'P5', [5], 5000);
    await payOrders(deps, { paymentId: 'P5', transactionId: 'wx1', orderIds: [5] });
    await payOrders(deps, { paymentId: 'P5', transactionId: 'wx1', orderIds: [5] });
    expect(store.types('unpaid-holdings-9')).toEqual(['UnpaidOrdersHeld', 'UnpaidOrderReleased']);
    expect(store.streams.get('unpaid-holdings-9')?.at(-1)).toMatchObject({
      data: { userId: 9, orderId: 5, reason: 'paid' }, metadata: { commandId: 'payment-P5:holdings:5', correlationId: 'payment-P5' },
    });
  });
});

describe('money for an order that closed before it arrived', () => {
  it('refunds that order from the payment (paid-after-close), once', async () => {
    const { store, deps, refunds } = setup();
    await store.seed('order-2', 'OrderPlaced', placedData(2, 9));
    await store.seed('order-2', 'OrderCancelled', { reason: 'unpaid-timeout', refundAmount: 0, cancelledAt: NOW.toISOString() });
    await payment(store, 'P2', [2], 5000);
    const paid = await payOrders(deps, { paymentId: 'P2', transactionId: 'wx1', orderIds: [2] });
    await payOrders(deps, { paymentId: 'P2', transactionId: 'wx1', orderIds: [2] });
    expect(paid.refunded).toEqual([2]);
    expect(refunds).toHaveLength(1);
    expect(store.types('payment-P2')).toEqual(['PaymentCreated', 'PaymentSucceeded', 'RefundRequested', 'PaymentRefunded']);
    expect(store.types('order-2')).toEqual(['OrderPlaced', 'OrderCancelled']);
  });
});

describe('money for the members of a group of two', () => {
  it('keeps the leader in 6 until the second member pays, then moves both to 2', async () => {
    const { store, deps } = setup();
    await store.seed('order-3', 'OrderPlaced', placedData(3, 9, 50));
    await store.seed('order-4', 'OrderPlaced', placedData(4, 10, 50));
    await store.seed('collage-50', 'CollageOpened', {
      collageId: 50, shopGroupWorkId: 8, shopId: 1, productId: 1, skuId: 11, size: 2, leader: { userId: 9, orderId: 3, headImage: '' },
      openedAt: NOW.toISOString(), deadline: new Date(NOW.getTime() + 86400_000).toISOString(),
    });
    await store.seed('collage-50', 'CollageMemberJoined', { userId: 10, orderId: 4, headImage: '', joinedAt: NOW.toISOString() });
    await payment(store, 'P3', [3], 5000);
    await payOrders(deps, { paymentId: 'P3', transactionId: 'wx1', orderIds: [3] });
    const leaderPaid = store.streams.get('order-3')?.at(-1);
    expect(leaderPaid).toMatchObject({ type: 'OrderPaid', data: { intoFormingGroup: true } });
    await payment(store, 'P4', [4], 5000);
    await payOrders(deps, { paymentId: 'P4', transactionId: 'wx1', orderIds: [4] });
    expect(store.types('order-4')).toEqual(['OrderPlaced', 'OrderPaid']);
    expect(store.streams.get('order-4')?.at(-1)).toMatchObject({ data: { intoFormingGroup: false } });
    expect(store.types('order-3')).toEqual(['OrderPlaced', 'OrderPaid', 'OrderGroupSucceeded']);
    expect(store.types('collage-50').at(-1)).toBe('CollageSucceeded');
  });
});
