import type { OrderCommand } from '../../../domain/order/order.commands';
import { AUTO_CONFIRM_AFTER_MS, orderDecider, PAYMENT_WINDOW_MS, type OrderState } from '../../../domain/order/order.decider';
import { orderNoticeFor, orderNoticeId } from '../../../projections/orders/order-notices';
import { orderRowOf, persistSnapshot, restoreSnapshot } from '../../../projections/orders/order-row';
import { placeOrder } from '../order/order.fixtures';

const t0 = new Date('2025-03-01T02:00:00.000Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

function run(commands: Array<[OrderCommand, Date]>): { state: OrderState; events: ReturnType<typeof orderDecider.decide> } {
  let state = orderDecider.initialState;
  let events: ReturnType<typeof orderDecider.decide> = [];
  for (const [command, now] of commands) {
    events = orderDecider.decide(command, state, { now });
    state = events.reduce(orderDecider.evolve, state);
  }
  return { state, events };
}

const pay: OrderCommand = { type: 'PayOrder', data: { paymentId: 'P1', transactionId: 'T1', amount: 0, groupForming: false } };

describe('an order waiting for payment', () => {
  const { state } = run([[placeOrder(), t0]]);
  const row = orderRowOf(state, t0.toISOString());

  it('is state 1, unpaid, counting down to its payment deadline', () => {
    expect(row).toEqual(expect.objectContaining({ state: 1, payment_state: 0, paid_amount: 0, if_after: 0, time_frozen_ms: null }));
    expect(row?.time_due_at).toBe(later(PAYMENT_WINDOW_MS).toISOString());
  });

  it('is found by its number and its product names, in lower case', () => {
    expect(row?.search_text.split('\n')[0]).toBe(state.context.order?.orderFormid);
    expect(row?.lines.length).toBeGreaterThan(0);
  });

  it('keeps a snapshot that restores to the same machine state', () => {
    const restored = restoreSnapshot(persistSnapshot(state));
    expect(restored.matches('awaitingPayment')).toBe(true);
    expect(restored.context).toEqual(state.context);
  });
});

describe('a shipped order', () => {
  const placed = run([[placeOrder(), t0]]).state;
  const price = placed.context.order?.price ?? 0;
  const { state, events } = run([
    [placeOrder(), t0],
    [{ ...pay, data: { ...pay.data, amount: price } }, later(1000)],
    [{ type: 'ShipOrder', data: { express: '1', expressName: '顺丰速运', deliverFormid: '123456789012' } }, later(2000)],
  ]);
  const row = orderRowOf(state, later(2000).toISOString());

  it('is state 3, with its waybill, counting down to automatic receipt in 15 days', () => {
    expect(row).toEqual(expect.objectContaining({
      state: 3, payment_state: 1, express: '1', express_name: '顺丰速运', deliver_formid: '123456789012', awaiting_shipment_since: null,
    }));
    expect(row?.time_due_at).toBe(later(2000 + AUTO_CONFIRM_AFTER_MS).toISOString());
  });

  it('calls for a 订单已发货 notice addressed to its shopper, with a stable id', () => {
    const notice = orderNoticeFor(events[0], state.context, later(2000).toISOString(), 'e-1');
    expect(notice).toEqual(expect.objectContaining({
      notice_id: orderNoticeId(state.context.order?.orderId ?? 0, 'shipped'),
      user_id: state.context.order?.userId, kind: 'shipped', title: '订单已发货',
    }));
    expect(notice?.content).toContain('顺丰速运 123456789012');
    expect(Number.isSafeInteger(notice?.notice_id)).toBe(true);
  });
});

describe('an order paid but not shipped', () => {
  it('waits for shipment since it was paid', () => {
    const price = run([[placeOrder(), t0]]).state.context.order?.price ?? 0;
    const { state } = run([[placeOrder(), t0], [{ ...pay, data: { ...pay.data, amount: price } }, later(5000)]]);
    expect(orderRowOf(state, later(5000).toISOString())).toEqual(expect.objectContaining({
      state: 2, awaiting_shipment_since: later(5000).toISOString(), if_after: 1, time_due_at: null,
    }));
  });
});

describe('an unpaid order closed at its deadline', () => {
  it('is state 5 and calls for the origin\'s 未在规定时间完成付款 notice', () => {
    const { state, events } = run([[placeOrder(), t0], [{ type: 'CloseUnpaidOrder', data: {} }, later(PAYMENT_WINDOW_MS)]]);
    expect(orderRowOf(state, later(PAYMENT_WINDOW_MS).toISOString())).toEqual(expect.objectContaining({
      state: 5, cancel_reason: 'unpaid-timeout', closed_at: later(PAYMENT_WINDOW_MS).toISOString(), time_due_at: null,
    }));
    const notice = orderNoticeFor(events[0], state.context, later(PAYMENT_WINDOW_MS).toISOString(), 'e-2');
    expect(notice?.content).toBe(`您未在规定时间完成付款，订单${state.context.order?.orderFormid}已关闭`);
  });
});
