import { checkoutDecider, type CheckoutCommand } from '../../../domain/checkout/checkout.decider';
import type { CheckoutEvent, CheckoutPlan } from '../../../domain/checkout/checkout.events';
import { given, rejectionOf } from '../support/decider-spec';

const NOW = new Date('2025-03-01T02:00:00.000Z');
const plan = { type: 0, orders: [], stock: [], quotas: [], coupons: [], collage: null, paymentId: 'JS1', money: 100, cartSkuIds: [] } as unknown as CheckoutPlan;
const start = (requestHash: string): CheckoutCommand => ({ type: 'StartCheckout', data: { checkoutId: 7, userId: 9, requestHash, plan } });
const started: CheckoutEvent = { type: 'CheckoutStarted', data: { checkoutId: 7, userId: 9, requestHash: 'h1', plan, startedAt: NOW.toISOString() } };
const complete: CheckoutCommand = { type: 'CompleteCheckout', data: { orderIds: [1], paymentId: 'JS1', money: 100, collageId: 0, codeUrl: 'x' } };
const checkout = (...history: CheckoutEvent[]) => given(checkoutDecider, history);

describe('a checkout attempt that started', () => {
  it('records nothing when the same request starts it again', () => {
    expect(checkout(started).when(start('h1'), NOW).events).toEqual([]);
  });

  it('refuses a different request under the same key with 00001 重复请求', () => {
    expect(rejectionOf(checkout(started).when(start('h2'), NOW))).toEqual({ code: '00001', message: '重复请求' });
  });

  it('completes once, committing its orders in the same breath when nothing committed them before', () => {
    const done = checkout(started).when(complete, NOW).events;
    expect(done).toEqual([
      { type: 'CheckoutCommitted', data: { orderIds: complete.data.orderIds, committedAt: NOW.toISOString() } },
      { type: 'CheckoutCompleted', data: { ...complete.data, completedAt: NOW.toISOString() } },
    ]);
    expect(checkout(started, ...done).when(complete, NOW).events).toEqual([]);
  });

  describe('the fence between going forward and giving back', () => {
    const commit = { type: 'CommitCheckout' as const, data: { orderIds: complete.data.orderIds } };
    const failure = { type: 'FailCheckout' as const, data: { errorName: 'outOfStock', code: '80001', message: '商品库存不足' } };
    const abandon = { type: 'AbandonCheckout' as const, data: { reason: 'deadline' as const } };

    it('commits once, and completes after it without committing again', () => {
      const committed = checkout(started).when(commit, NOW).events;
      expect(committed.map((e) => e.type)).toEqual(['CheckoutCommitted']);
      expect(checkout(started, ...committed).when(commit, NOW).events).toEqual([]);
      expect(checkout(started, ...committed).when(complete, NOW).events.map((e) => e.type)).toEqual(['CheckoutCompleted']);
    });

    it('cannot fail or be abandoned once committed: a refusal that loses the race goes forward', () => {
      const committed = checkout(started).when(commit, NOW).events;
      expect(checkout(started, ...committed).when(failure, NOW).rejection?.code).toBe('400001');
      expect(checkout(started, ...committed).when(abandon, NOW).rejection?.code).toBe('400001');
    });

    it('cannot commit once failed or abandoned: a driver going forward gives back instead', () => {
      const failed = checkout(started).when(failure, NOW).events;
      const abandoned = checkout(started).when(abandon, NOW).events;
      expect(checkout(started, ...failed).when(commit, NOW).rejection?.code).toBe('400001');
      expect(checkout(started, ...abandoned).when(commit, NOW).rejection?.code).toBe('400001');
    });
  });

  it('cannot complete after it failed', () => {
    const failed = checkout(started).when({ type: 'FailCheckout', data: { errorName: 'outOfStock', code: '80001', message: '商品库存不足' } }, NOW).events;
    expect(failed).toHaveLength(1);
    expect(checkout(started, ...failed).when(complete, NOW).rejection?.code).toBe('400001');
  });
});

describe('a checkout at its deadline', () => {
  const abandon: CheckoutCommand = { type: 'AbandonCheckout', data: { reason: 'deadline' } };

  it('is given up once when it neither completed nor failed', () => {
    const events = checkout(started).when(abandon, NOW).events;
    expect(events).toEqual([{ type: 'CheckoutAbandoned', data: { reason: 'deadline', abandonedAt: NOW.toISOString() } }]);
    expect(checkout(started, ...events).when(abandon, NOW).events).toEqual([]);
  });

  it('refuses a stale deadline with 订单状态已变更 once it completed', () => {
    const done = checkout(started).when(complete, NOW).events;
    expect(rejectionOf(checkout(started, ...done).when(abandon, NOW))).toEqual({ code: '400001', message: '订单状态已变更' });
  });

  it('cannot complete after it was given up', () => {
    const given = checkout(started).when(abandon, NOW).events;
    expect(checkout(started, ...given).when(complete, NOW).rejection?.code).toBe('400001');
  });
});

describe('a checkout asked for a new QR for some of its orders', () => {
  const payable = { ...plan, orders: [{ orderId: 1, payable: 100 }, { orderId: 2, payable: 50 }] } as unknown as CheckoutPlan;
  const startedPayable: CheckoutEvent = { ...started, data: { ...started.data, plan: payable } } as CheckoutEvent;
  const request = (paymentId: string, supersedes: string | null, orderIds = [1]): CheckoutCommand =>
    ({ type: 'RequestCheckoutPayment', data: { paymentId, orderIds, supersedes } });

  it('names it when the caller saw no payment for exactly those orders', () => {
    expect(checkout(startedPayable).when(request('JS2', null), NOW).events)
      .toEqual([{ type: 'CheckoutPaymentRequested', data: { paymentId: 'JS2', orderIds: [1], requestedAt: NOW.toISOString() } }]);
  });

  it('names one in place of the plan\'s own for all of its orders', () => {
    expect(checkout(startedPayable).when(request('JS2', 'JS1', [2, 1]), NOW).events).toHaveLength(1);
  });

  it('refuses with 409 a second instance that saw an older payment than the one named meanwhile', () => {
    const first = checkout(startedPayable).when(request('JS2', null), NOW).events;
    expect(rejectionOf(checkout(startedPayable, ...first).when(request('JS3', null), NOW))).toMatchObject({ code: '409' });
    expect(checkout(startedPayable, ...first).when(request('JS2', null), NOW).events).toEqual([]);
  });
});
