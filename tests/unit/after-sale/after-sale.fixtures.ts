import { afterSaleDecider } from '../../../domain/after-sale/after-sale.decider';
import type { AfterSaleCommand, OrderForAfterSale, SubmitAfterSale } from '../../../domain/after-sale/after-sale.commands';
import { AfterSaleEvent, type AfterSaleSubmitted, type ReturnAddress } from '../../../domain/after-sale/after-sale.events';
import { afterStateOf } from '../../../domain/after-sale/after-sale.machine';
import type { AfterSaleForm } from '../../../domain/rules/after-sale.rule';
import { fold } from '../../../domain/shared/decider';
import { DomainError } from '../../../domain/shared/errors';

/** Given/when/then helpers for the after-sale decider. */
export const T0 = new Date('2025-03-01T02:00:00.000Z');
export const plusDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 24 * 60 * 60 * 1000);
export const iso = (date: Date): string => date.toISOString();

export const BUYER = 7;
export const SHOP = 9;
export const ref = { afterId: 88, orderId: 501 };
export const returnAddress: ReturnAddress = { returnAdress: '广东省深圳市南山区科技园1号', returnPerson: '王店长', returnPhone: '13800138000' };

/** Shop order 501: sku 204 ×2 (100.00, 10.00 of coupons), sku 205 ×1 (50.00, 5.00 of coupons), shipping 6.00. */
export const order = (overrides: Partial<OrderForAfterSale> = {}): OrderForAfterSale => ({
  orderId: 501, orderFormid: '123456789123456', shopId: SHOP, buyerUserId: BUYER, state: 3,
  shippingFen: 600, shippingReductionFen: 0,
  lines: [
    { skuId: 204, number: 2, goodsFen: 10000, reductionFen: 1000, claimedNumber: 0 },
    { skuId: 205, number: 1, goodsFen: 5000, reductionFen: 500, claimedNumber: 0 },
  ],
  ...overrides,
});

export const form = (overrides: Partial<AfterSaleForm> = {}): AfterSaleForm => ({
  orderId: 501, afterType: 1, goodsState: 1, returnReason: '不想要了', explain: '', image: [], skus: [{ skuId: 204, number: 2 }],
  ...overrides,
});

export const submit = (formOverrides: Partial<AfterSaleForm> = {}, orderOverrides: Partial<OrderForAfterSale> = {}): SubmitAfterSale => ({
  type: 'SubmitAfterSale', afterId: ref.afterId, afterFormid: 'SH123456789123456', buyerUserId: BUYER,
  form: form(formOverrides), order: order(orderOverrides),
});

export const submitted = (afterType: 1 | 2, at: Date = T0): AfterSaleSubmitted => ({
  type: 'AfterSaleSubmitted',
  data: {
    ...ref, afterFormid: 'SH123456789123456', orderFormid: '123456789123456', shopId: SHOP, buyerUserId: BUYER,
    afterType, goodsState: 1, returnReason: '不想要了', explain: '', images: [],
    lines: [{ skuId: 204, number: 2, refundFen: 9000 }], shippingRefundFen: 0, priceFen: 9000, autoCloseAt: iso(plusDays(at, 3)),
  },
});

/** Histories reaching each afterState, for type 1 (refund only) and type 2 (return and refund). */
export const history = {
  underReview: (t: 1 | 2): AfterSaleEvent[] => [submitted(t)],
  refunding: (): AfterSaleEvent[] => [submitted(1), { type: 'AfterSaleApproved', data: { ...ref, afterType: 1, returnAddress: null, autoCloseAt: null } }],
  awaitingReturn: (): AfterSaleEvent[] => [
    submitted(2), { type: 'AfterSaleApproved', data: { ...ref, afterType: 2, returnAddress, autoCloseAt: iso(plusDays(T0, 4)) } },
  ],
  returning: (): AfterSaleEvent[] => [...history.awaitingReturn(), { type: 'AfterSaleReturnShipped', data: { ...ref, express: 3, deliverFormid: '75123456789' } }],
  reviewRejected: (t: 1 | 2): AfterSaleEvent[] => [
    submitted(t), { type: 'AfterSaleRejected', data: { ...ref, reason: '商品已使用', autoCloseAt: iso(plusDays(T0, 5)) } },
  ],
  returnRefused: (): AfterSaleEvent[] => [...history.returning(), { type: 'AfterSaleReturnRefused', data: { ...ref, reason: '货物有损' } }],
  underArbitration: (t: 1 | 2, from: 6 | 8): AfterSaleEvent[] => [
    ...(from === 6 ? history.reviewRejected(t) : history.returnRefused()),
    { type: 'AfterSalePlatformInterventionRequested', data: { ...ref, reason: '', images: [], fromAfterState: from } },
  ],
};

export const given = (events: AfterSaleEvent[]) => fold(afterSaleDecider, events);

/** Decides the command on the history; every decided event must satisfy its schema. */
export function when(events: AfterSaleEvent[], command: AfterSaleCommand, now: Date = plusDays(T0, 1)): AfterSaleEvent[] {
  const decided = afterSaleDecider.decide(command, given(events), { now });
  for (const event of decided) AfterSaleEvent.parse(event);
  return decided;
}

/** afterState after the history plus what the command decided. */
export const afterStateAfter = (events: AfterSaleEvent[], command: AfterSaleCommand, now?: Date) =>
  afterStateOf(given([...events, ...when(events, command, now)]));

export function rejection(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the command to be rejected');
}
