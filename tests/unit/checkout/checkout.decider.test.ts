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

  it('completes once', () => {
    const done = checkout(started).when(complete, NOW).events;
    expect(done).toEqual([{ type: 'CheckoutCompleted', data: { ...complete.data, completedAt: NOW.toISOString() } }]);
    expect(checkout(started, ...done).when(complete, NOW).events).toEqual([]);
  });

  it('cannot complete after it failed', () => {
    const failed = checkout(started).when({ type: 'FailCheckout', data: { errorName: 'outOfStock', code: '80001', message: '商品库存不足' } }, NOW).events;
    expect(failed).toHaveLength(1);
    expect(checkout(started, ...failed).when(complete, NOW).rejection?.code).toBe('400001');
  });
});
