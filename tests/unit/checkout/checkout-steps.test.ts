import type { CheckoutStarted } from '../../../domain/checkout/checkout.events';
import { giveBack, reserveAndPlace, type TakenSteps } from '../../../services/checkout/checkout-steps';
import { DomainError } from '../../../domain/shared/errors';
import { CONFLICT_ATTEMPTS } from '../../../services/commands/decide-and-append';
import type { AppendResult, ExpectedRevision, NewEvent } from '../../../services/event-store/event-store.port';
import { MemoryStore } from './memory-store';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const order = (orderId: number, skuId: number) => ({
  orderId, shopId: 1, payable: 5000, place: {
    orderId, orderFormid: '123456789123456', userId: 9, shopId: 1,
    lines: [{ skuId, productId: 1, productName: '杯', image: '/i.svg', values: [], number: 1, price: 5000, discount: 0 }],
    logisticsPrice: 0, platformCouponId: null, shopCouponId: null,
    receive: { receiveName: '王五', receivePhone: '13912345678', receiveAdress: '湖北省-武汉市-武昌区', address: '中山路' },
    remark: '', paymentMode: 1, shopGroupWorkId: null, shopSeckillId: 5, shopDiscountId: null, collageId: 0,
  },
});
const started: CheckoutStarted['data'] = {
  checkoutId: 42, userId: 9, requestHash: 'h', startedAt: NOW.toISOString(),
  plan: {
    type: 3, orders: [order(101, 11)], paymentId: 'JS1', money: 5000, cartSkuIds: [], collage: null,
    stock: [{ skuId: 11, orderId: 101, number: 1, listedQuantity: 3 }],
    quotas: [{ kind: 'seckill', activityId: 5, orderId: 101, lines: [{ skuId: 11, number: 1, limitStock: 0 }], limitNumber: 2 }],
    coupons: [{ claimId: 77, couponId: 3, shopCouponId: 0, orderIds: [101], reductionFen: 0 }],
  },
};

describe('a checkout whose coupon another checkout used meanwhile', () => {
  it('stops at the coupon, and giving back releases the stock and the quota it took, each as an event', async () => {
    const store = new MemoryStore();
    await store.seed('coupon-claim-77', 'CouponUsed', { claimId: 77, userId: 9, couponId: 3, shopCouponId: 0, checkoutId: 41, orderIds: [100], reductionFen: 0 });
    const deps = { store, clock: () => NOW };
    await expect(reserveAndPlace(deps, started)).rejects.toThrow(DomainError);
    expect(store.types('sku-11')).toEqual(['StockInitialised', 'StockReserved']);
    await giveBack(deps, started);
    expect(store.types('sku-11')).toEqual(['StockInitialised', 'StockReserved', 'StockReleased']);
    expect(store.types('seckill-quota-5')).toEqual(['ActivityQuotaReserved', 'ActivityQuotaReleased']);
    expect(store.types('coupon-claim-77')).toEqual(['CouponUsed']);
    expect(store.types('order-101')).toEqual([]);
    expect(store.types('unpaid-holdings-9')).toEqual(['UnpaidOrdersHeld', 'UnpaidOrderReleased']);
    const released = store.streams.get('sku-11')?.at(-1);
    expect(released?.metadata).toMatchObject({ correlationId: 'checkout-42', actor: { kind: 'user', id: '9' } });
  });
});

describe('a buyer refused at the quota (sold out)', () => {
  it('is given back only what the run took: its own holdings, so no turn on the hot SKU stream', async () => {
    const store = new MemoryStore();
    const deps = { store, clock: () => NOW };
    const soldOut = { ...started, checkoutId: 43, userId: 8, plan: { ...started.plan,
      quotas: [{ ...started.plan.quotas[0], lines: [{ skuId: 11, number: 3, limitStock: 2 }], limitNumber: 5 }] } };
    const taken: TakenSteps = new Set();
    await expect(reserveAndPlace(deps, soldOut, taken)).rejects.toThrow(DomainError);
    expect(taken).toEqual(new Set(['holdings']));
    expect((await giveBack(deps, soldOut, taken)).map((e) => e.type)).toEqual(['UnpaidOrderReleased']);
    expect(store.types('unpaid-holdings-8')).toEqual(['UnpaidOrdersHeld', 'UnpaidOrderReleased']);
    expect(store.types('sku-11')).toEqual([]);
    expect(store.types('seckill-quota-5')).toEqual([]);
  });

  it('names each step it took, so a later refusal gives back exactly those', async () => {
    const store = new MemoryStore();
    await store.seed('coupon-claim-77', 'CouponUsed', { claimId: 77, userId: 9, couponId: 3, shopCouponId: 0, checkoutId: 41, orderIds: [100], reductionFen: 0 });
    const deps = { store, clock: () => NOW };
    const taken: TakenSteps = new Set();
    await expect(reserveAndPlace(deps, started, taken)).rejects.toThrow(DomainError);
    expect(taken).toEqual(new Set(['holdings', 'quota:seckill:5:101', 'stock:11']));
    await giveBack(deps, started, taken);
    expect(store.types('sku-11')).toEqual(['StockInitialised', 'StockReserved', 'StockReleased']);
    expect(store.types('seckill-quota-5')).toEqual(['ActivityQuotaReserved', 'ActivityQuotaReleased']);
  });
});

describe('a checkout resumed after a crash', () => {
  it('runs every step again without a second effect', async () => {
    const store = new MemoryStore();
    const deps = { store, clock: () => NOW };
    await reserveAndPlace(deps, started);
    await reserveAndPlace(deps, started);
    expect(store.types('sku-11')).toEqual(['StockInitialised', 'StockReserved']);
    expect(store.types('coupon-claim-77')).toEqual(['CouponUsed']);
    expect(store.types('order-101')).toEqual(['OrderPlaced']);
    expect(store.types('unpaid-holdings-9')).toEqual(['UnpaidOrdersHeld']);
  });
});

describe('a shopper already holding the most unpaid orders allowed', () => {
  it('is refused at the holdings step with 81007, before any quota or stock is touched', async () => {
    const store = new MemoryStore();
    await store.seed('unpaid-holdings-9', 'UnpaidOrdersHeld', { userId: 9, checkoutId: 40, orders: [{ orderId: 90, lines: [{ skuId: 12, number: 1 }] }] });
    const deps = { store, clock: () => NOW, unpaidOrderLimits: { ordersPerUser: 1, unitsPerSkuPerUser: 50, shareOfStockPercent: 30 } };
    const taken: TakenSteps = new Set();
    await expect(reserveAndPlace(deps, started, taken)).rejects.toMatchObject({ code: '81007' });
    expect(taken).toEqual(new Set());
    expect(store.types('unpaid-holdings-9')).toEqual(['UnpaidOrdersHeld']);
    expect(store.types('seckill-quota-5')).toEqual([]);
    expect(store.types('sku-11')).toEqual([]);
  });

  it('holds the plan\'s orders under the checkout\'s command id', async () => {
    const store = new MemoryStore();
    const deps = { store, clock: () => NOW };
    await reserveAndPlace(deps, started);
    const held = store.streams.get('unpaid-holdings-9')?.at(-1);
    expect(held?.metadata).toMatchObject({ commandId: 'checkout-42:holdings', correlationId: 'checkout-42' });
    expect(held?.data).toEqual({ userId: 9, checkoutId: 42, orders: [{ orderId: 101, lines: [{ skuId: 11, number: 1 }] }] });
  });
});

/** A quota stream other buyers keep reserving on: before each of the next `races` give-backs appends, one more buyer's
 * reservation lands first, so the give-back's expected revision is stale and it loses the race. */
class ContendedQuotaStore extends MemoryStore {
  constructor(public races: number) { super(); }
  private buyer = 500;

  override async appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    if (streamId === 'seckill-quota-5' && this.races > 0 && events.some((e) => e.type === 'ActivityQuotaReleased')) {
      this.races -= 1;
      this.buyer += 1;
      await this.seed(streamId, 'ActivityQuotaReserved', { kind: 'seckill', activityId: 5, reservationId: this.buyer, userId: this.buyer, lines: [{ skuId: 11, number: 1 }] });
    }
    return super.appendToStream(streamId, events, options);
  }
}

describe('a give-back racing the buyers still reserving on the hot quota stream', () => {
  it('keeps asking past the command\'s conflict retries until the release is recorded, once', async () => {
    const store = new ContendedQuotaStore(0);
    await store.seed('coupon-claim-77', 'CouponUsed', { claimId: 77, userId: 9, couponId: 3, shopCouponId: 0, checkoutId: 41, orderIds: [100], reductionFen: 0 });
    const deps = { store, clock: () => NOW };
    const taken: TakenSteps = new Set();
    await expect(reserveAndPlace(deps, started, taken)).rejects.toThrow(DomainError);
    store.races = 3 * CONFLICT_ATTEMPTS; // more races lost than one command's conflict retries allow
    await giveBack(deps, started, taken);
    expect(store.races).toBe(0);
    const quota = store.streams.get('seckill-quota-5') ?? [];
    const released = quota.filter((e) => e.type === 'ActivityQuotaReleased');
    expect(released.map((e) => (e.data as { reservationId: number }).reservationId)).toEqual([101]);
    expect(quota.filter((e) => e.type === 'ActivityQuotaReserved')).toHaveLength(1 + 3 * CONFLICT_ATTEMPTS);
    expect(store.types('sku-11')).toEqual(['StockInitialised', 'StockReserved', 'StockReleased']);
  });
});
