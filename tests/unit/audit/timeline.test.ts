import { setup } from 'xstate';
import { machineLifecycle, timeline } from '../../../domain/audit/timeline';
import type { ActorRef, TimelineEvent } from '../../../domain/audit/timeline';
import type { CollageEvent } from '../../../domain/group-buy/collage.events';
import type { OrderEvent } from '../../../domain/order/order.events';
import type { PaymentEvent } from '../../../domain/payment/payment.events';
import { joined, opened, paid as memberPaid } from '../group-buy/collage.fixtures';
import {
  DAY, afterSaleClosed, afterSaleOpened, autoConfirmPaused, cancelled, confirmed, iso, paid, placed, reviewed, shipped,
} from '../order/order.fixtures';
import { created, refundRequested, refunded, succeeded } from '../payment/payment.fixtures';

const recorded = (actor: ActorRef, streamId?: string) =>
  (event: OrderEvent | PaymentEvent | CollageEvent, minutes = 0): TimelineEvent =>
    ({ ...event, metadata: { actor, occurredAt: iso(minutes) }, ...(streamId ? { streamId } : {}) });
const byShopper = recorded({ kind: 'user', id: 501 }, 'order-7001');
const bySystem = recorded('system', 'order-7001');
const byMerchant = recorded({ kind: 'merchant', id: 9, name: '杭州茶铺' }, 'order-7001');

describe('the timeline of an order bought, paid, shipped, confirmed and reviewed', () => {
  const entries = timeline([
    byShopper(placed(), 0), bySystem(paid(), 5), byMerchant(shipped, DAY), byShopper(confirmed(), 3 * DAY),
    byShopper(reviewed(11, 301), 4 * DAY),
  ]);

  it('gives each transition from → to in API numbers and names', () => {
    expect(entries.map((e) => [e.from?.code ?? null, e.to?.code ?? null])).toEqual([[null, 1], [1, 2], [2, 3], [3, 4], [4, 4]]);
    expect(entries[2].to).toEqual({ code: 3, name: '待收货' });
  });

  it('summarises each event in Chinese', () => {
    expect(entries.map((e) => e.summary)).toEqual([
      '买家提交订单（订单号 123456789123456，应付 ¥126.00）',
      '支付成功（¥126.00，交易号 wx-1）',
      '商家发货（顺丰速运 SF1234567890）',
      '买家确认收货',
      '买家评价商品（保温杯）',
    ]);
  });

  it('names the actor and the time in Asia/Shanghai', () => {
    expect(entries[2].actor).toEqual({ kind: 'merchant', id: '9', label: '商家（杭州茶铺）' });
    expect(entries[1].actor).toEqual({ kind: 'system', id: null, label: '系统' });
    expect(entries[0]).toMatchObject({ time: iso(0), displayTime: '2025-03-01 10:00:00', lifecycle: 'order', verified: true });
  });
});

describe('the timeline of an after-sale pausing automatic receipt, and of closed orders', () => {
  it('summarises after-sale, pause, refund and closing events', () => {
    const entries = timeline([
      byShopper(placed()), bySystem(paid()), byMerchant(shipped, DAY), byShopper(afterSaleOpened(1, [11, 12]), 2 * DAY),
      bySystem(autoConfirmPaused, 2 * DAY), byMerchant(afterSaleClosed(1, 'refunded'), 3 * DAY),
      bySystem({ type: 'OrderRefundedInFull', data: { closedAt: iso(3 * DAY) } }, 3 * DAY),
    ]).slice(3);
    expect(entries.map((e) => e.summary)).toEqual([
      '买家申请售后（仅退款：保温杯 ×2、茶叶 ×1）',
      '售后处理中，暂停自动确认收货（剩余 14 天 0 小时）',
      '售后结束（退款成功 ¥90.00）',
      '全部商品已退款，订单关闭',
    ]);
    expect(entries[3]).toMatchObject({ from: { code: 3 }, to: { code: 5, name: '已关闭' } });
  });

  it.each([
    [cancelled('unpaid-timeout'), '超时未支付，订单自动关闭'],
    [cancelled('shopper'), '买家取消订单'],
  ])('summarises a cancellation %#', (event, summary) => {
    expect(timeline([byShopper(placed()), bySystem(event, 60)])[1].summary).toBe(summary);
  });

  it('mentions the refund of a paid group order closed because the group failed', () => {
    const [, , entry] = timeline([byShopper(placed({ collageId: 88 })), bySystem(paid(true)), bySystem(cancelled('group-failed', 12600))]);
    expect(entry).toMatchObject({ summary: '拼团失败，订单关闭，退款 ¥126.00', from: { code: 6, name: '待成团' }, to: { code: 5 } });
  });
});

describe('a timeline holding an event the machine does not accept', () => {
  it('flags it unverified and leaves the state as it was', () => {
    const [, entry] = timeline([byShopper(placed()), byMerchant(shipped, DAY)]);
    expect(entry).toMatchObject({ verified: false, from: { code: 1 }, to: { code: 1 } });
  });
});

describe('the timeline of payment and collage streams merged with the order', () => {
  const pay = recorded('system', 'payment-pay-1');
  const group = recorded({ kind: 'user', id: 501 }, 'collage-88');

  it('folds each stream through its own machine', () => {
    const entries = timeline([
      group(opened()), pay(created), pay(succeeded()), group(memberPaid(7001)), group(joined(1)),
      pay(refundRequested('r-1', 5000)), pay(refunded('r-1')),
    ]);
    expect(entries.map((e) => [e.lifecycle, e.from?.name ?? null, e.to?.name ?? null, e.summary])).toEqual([
      ['collage', null, '待成团', '团长开团（3 人团，2025-03-02 10:00:00 截止）'],
      ['payment', null, '待支付', '发起沙箱支付（¥200.00，二维码已生成）'],
      ['payment', '待支付', '支付成功', '支付成功（¥200.00，交易号 wx-1）'],
      ['collage', '待成团', '待成团', '团员支付成功（还差 2 人）'],
      ['collage', '待成团', '待成团', '团员参团'],
      ['payment', '支付成功', '支付成功', '申请退款 ¥50.00（售后退款）'],
      ['payment', '支付成功', '支付成功', '退款成功 ¥50.00'],
    ]);
  });
});

describe('an after-sale lifecycle plugged in by its slice', () => {
  const afterSaleMachine = setup({ types: { events: {} as { type: 'AfterSaleApplied' } | { type: 'AfterSaleApproved' } } })
    .createMachine({ initial: 'none', states: { none: { on: { AfterSaleApplied: 'reviewing' } }, reviewing: { on: { AfterSaleApproved: 'refunding' } }, refunding: {} } });
  const afterSaleLifecycle = machineLifecycle(afterSaleMachine, {
    name: 'after-sale',
    types: ['AfterSaleApplied', 'AfterSaleApproved'],
    status: (s) => (s.matches('reviewing') ? { code: 1, name: '审核中' } : s.matches('refunding') ? { code: 2, name: '退款中' } : null),
    summarize: (e) => (e.type === 'AfterSaleApplied' ? '买家申请售后' : '商家同意退款'),
  });
  const facts: TimelineEvent[] = [
    { type: 'AfterSaleApplied', data: {}, metadata: { actor: 'user:501', occurredAt: iso(0) }, streamId: 'after-sale-1' },
    { type: 'AfterSaleApproved', data: {}, metadata: { actor: 'merchant:9', occurredAt: iso(1) }, streamId: 'after-sale-1' },
    { type: 'CouponUsed', data: { couponId: 3 }, metadata: { actor: 'user:501', occurredAt: iso(2) } },
  ];

  it('gets its states and summaries, and a registry summarises types no machine covers', () => {
    const entries = timeline(facts, {
      lifecycles: [afterSaleLifecycle],
      summaries: { CouponUsed: (data) => `使用优惠券 ${(data as { couponId: number }).couponId}` },
    });
    expect(entries.map((e) => [e.from?.code ?? null, e.to?.code ?? null, e.summary, e.actor.label, e.verified])).toEqual([
      [null, 1, '买家申请售后', '买家', true],
      [1, 2, '商家同意退款', '商家', true],
      [null, null, '使用优惠券 3', '买家', null],
    ]);
  });

  it('falls back to the event type for an event nobody describes', () => {
    expect(timeline(facts)[2]).toMatchObject({ summary: 'CouponUsed', lifecycle: null, verified: null });
  });
});
