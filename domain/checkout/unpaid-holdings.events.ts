import { z } from 'zod';

/**
 * What one shopper holds unpaid (stream `unpaid-holdings-<userId>`, issue 29): the orders a checkout is about to
 * place, held before any stock is reserved for them (UnpaidOrdersHeld), and each given up again when it is paid,
 * closed or its checkout failed (UnpaidOrderReleased). The caps on unpaid orders and units (81007 / 81008) are decided
 * here, on the shopper's own stream, so submits racing each other meet on its revision and never pass them together.
 */
const Id = z.number().int().positive();

export const HeldLine = z.object({ skuId: Id, number: z.number().int().positive() });
export type HeldLine = z.infer<typeof HeldLine>;

export const HeldOrder = z.object({ orderId: Id, lines: z.array(HeldLine).min(1) });
export type HeldOrder = z.infer<typeof HeldOrder>;

export const UnpaidOrdersHeld = z.object({
  type: z.literal('UnpaidOrdersHeld'),
  data: z.object({ userId: Id, checkoutId: Id, orders: z.array(HeldOrder).min(1) }),
});
export type UnpaidOrdersHeld = z.infer<typeof UnpaidOrdersHeld>;

export const UnpaidReleaseReason = z.enum(['paid', 'closed', 'checkout-failed']);
export type UnpaidReleaseReason = z.infer<typeof UnpaidReleaseReason>;

export const UnpaidOrderReleased = z.object({
  type: z.literal('UnpaidOrderReleased'),
  data: z.object({ userId: Id, orderId: Id, reason: UnpaidReleaseReason }),
});
export type UnpaidOrderReleased = z.infer<typeof UnpaidOrderReleased>;

export const UnpaidHoldingsEvent = z.discriminatedUnion('type', [UnpaidOrdersHeld, UnpaidOrderReleased]);
export type UnpaidHoldingsEvent = z.infer<typeof UnpaidHoldingsEvent>;
export const unpaidHoldingsEventTypes: readonly UnpaidHoldingsEvent['type'][] =
  UnpaidHoldingsEvent.options.map((o) => o.shape.type.value);

export const unpaidHoldingsStream = (userId: number): string => `unpaid-holdings-${userId}`;
